import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { listen, until, settle, type Change, realtimeStandInForFile } from '../../helpers/realtime.ts'

const fixture = realtimeStandInForFile()
const { clientWithToken } = fixture

describe('postgres_changes events', () => {
  it('delivers INSERT, UPDATE and DELETE with the platform payload shape', async () => {
    const client = await clientWithToken()
    const { changes } = await listen(client, [{ event: '*', table: 'rt_readings' }])
    await fixture.standIn.db.query(`insert into rt_readings (id, sensor, level, tags) values (101, 'attic', 7, '{a,b}')`)
    await fixture.standIn.db.query(`update rt_readings set level = 8 where id = 101`)
    await fixture.standIn.db.query(`delete from rt_readings where id = 101`)
    await until(() => changes.length === 3)
    const [ins, upd, del] = changes
    expect(ins).toMatchObject({ schema: 'public', table: 'rt_readings', eventType: 'INSERT', errors: null, old: {} })
    expect(ins.new).toMatchObject({ id: 101, sensor: 'attic', level: 7, tags: ['a', 'b'] })
    expect(new Date(ins.commit_timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { level: 8 }, old: { level: 7 } }) // REPLICA IDENTITY FULL
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: 101, level: 8 } })
  })

  it('fires only the bindings whose event matches', async () => {
    const client = await clientWithToken()
    const { changes } = await listen(client, [
      { event: 'INSERT', table: 'rt_readings' },
      { event: 'DELETE', table: 'rt_readings' },
    ])
    await fixture.standIn.db.query(`insert into rt_readings (id, sensor, level) values (102, 'hall', 1)`)
    await fixture.standIn.db.query(`update rt_readings set level = 2 where id = 102`)
    await fixture.standIn.db.query(`delete from rt_readings where id = 102`)
    await until(() => changes.length >= 2)
    await settle()
    expect(changes.map((c) => c.eventType)).toEqual(['INSERT', 'DELETE'])
  })

  it('sends only the primary key as old_record without REPLICA IDENTITY FULL', async () => {
    const client = await clientWithToken()
    const { changes } = await listen(client, [{ event: 'UPDATE', table: 'rt_profiles' }])
    await fixture.standIn.db.query(`insert into rt_profiles (id, display_name, private_note) values (1, 'Ada', 'secret')`)
    await fixture.standIn.db.query(`update rt_profiles set display_name = 'Ada L.' where id = 1`)
    await until(() => changes.length === 1)
    expect(changes[0].old).toEqual({ id: 1 })
    expect(changes[0].new).toEqual({ id: 1, display_name: 'Ada L.' })
  })

  it('captures a table added to the publication while the stand-in runs', async () => {
    await fixture.standIn.db.exec(`create table public.rt_late (id integer primary key, label text);
      alter publication supabase_realtime add table public.rt_late;`)
    const client = await clientWithToken()
    const { changes } = await listen(client, [{ event: 'INSERT', table: 'rt_late' }])
    await fixture.standIn.db.query(`insert into rt_late (id, label) values (1, 'new table')`)
    await until(() => changes.length === 1)
    expect(changes[0].new).toEqual({ id: 1, label: 'new table' })
  })

  it('delivers every published table of a schema when no table is named', async () => {
    const client = await clientWithToken()
    const changes: Change[] = []
    const channel = client
      .channel(`schema-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public' }, (p: Change) => changes.push(p))
    await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()))
    await fixture.standIn.db.query(`insert into rt_readings (id, sensor, level) values (701, 'porch', 3)`)
    await fixture.standIn.db.query(`insert into rt_profiles (id, display_name) values (701, 'Lin')`)
    await fixture.standIn.db.query(`insert into rt_unpublished (id, label) values (701, 'never')`)
    await until(() => changes.length >= 2)
    await settle()
    expect(changes.map((c) => c.table)).toEqual(['rt_readings', 'rt_profiles'])
  })

  it('never sends changes of tables outside the publication', async () => {
    const client = await clientWithToken()
    const channel = client.channel('unpublished')
    const statuses: string[] = []
    const system: { status: string; message: string }[] = []
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_unpublished' }, () => statuses.push('change'))
      .on('system', {}, (p: { status: string; message: string }) => system.push(p))
      .subscribe((s) => statuses.push(s))
    await until(() => system.length > 0)
    expect(system[0].status).toBe('error')
    expect(system[0].message).toMatch(/Unable to subscribe to changes/)
    await fixture.standIn.db.query(`insert into rt_unpublished (id, label) values (1, 'x')`)
    await settle()
    expect(statuses).not.toContain('change')
  })
})

describe('postgres_changes filters', () => {
  const seed = [
    [1, 'kitchen', 10],
    [2, 'garage', 20],
    [3, 'cellar', 30],
  ] as const

  const cases: [string, number[]][] = [
    ['level=eq.20', [2]],
    ['level=neq.20', [1, 3]],
    ['level=lt.20', [1]],
    ['level=lte.20', [1, 2]],
    ['level=gt.20', [3]],
    ['level=gte.20', [2, 3]],
    ['sensor=in.(kitchen,cellar)', [1, 3]],
  ]

  it.each(cases)('%s delivers only the matching rows', async (filter, expected) => {
    const client = await clientWithToken()
    const { changes } = await listen(client, [{ event: 'INSERT', table: 'rt_readings', filter }])
    const base = 1000 + cases.findIndex(([f]) => f === filter) * 10 // ids of their own per case
    for (const [id, sensor, level] of seed) {
      await fixture.standIn.db.query(`insert into rt_readings (id, sensor, level) values ($1, $2, $3)`, [base + id, sensor, level])
    }
    await until(() => changes.length >= expected.length)
    await settle()
    expect(changes.map((c) => (c.new as { id: number }).id - base).sort()).toEqual(expected)
  })

  it('refuses a filter on an unknown column with a system error', async () => {
    const client = await clientWithToken()
    const system: { extension: string; status: string; message: string }[] = []
    const channel = client
      .channel('bad-filter')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_readings', filter: 'nope=eq.1' }, () => {})
      .on('system', {}, (p: { extension: string; status: string; message: string }) => system.push(p))
    channel.subscribe()
    await until(() => system.length > 0)
    expect(system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect(system[0].message).toMatch(/Error parsing `filter` params/)
  })

  it('refuses a filter value of the wrong type and an unknown operator', async () => {
    const client = await clientWithToken()
    const messages: string[] = []
    client
      .channel('bad-values')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_readings', filter: 'level=gt.high' }, () => {})
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_readings', filter: 'level=between.1' }, () => {})
      .on('system', {}, (p: { status: string; message: string }) => messages.push(`${p.status}: ${p.message}`))
      .subscribe()
    await until(() => messages.length >= 2)
    expect(messages[0]).toMatch(/^error: .*invalid input syntax for type integer/)
    expect(messages[1]).toMatch(/^error: .*unsupported operator "between"/)
  })
})
