import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

/**
 * order_items was inserted out of key order and partly updated (fixture 0005), so its heap order,
 * the order a plain scan gives, is neither insertion nor key order.
 */
describe('rest/v1 row order', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  const ids = async (sql: string, params: unknown[] = []) => (await standIn.db.query<{ id: number }>(sql, params)).rows.map((r) => r.id)
  const idsOf = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id)

  it('returns rows without order= in the order the plain query gives, not key order', async () => {
    const plain = await ids('select id from public.order_items')
    expect(plain).not.toEqual([...plain].sort((a, b) => a - b))
    const { data } = await db.from('order_items').select('id, name')
    expect(idsOf(data)).toEqual(plain)
  })

  it('keeps that order with filters, counts and paging', async () => {
    const filtered = await db.from('order_items').select('id', { count: 'exact' }).gte('score', 2)
    expect(idsOf(filtered.data)).toEqual(await ids('select id from public.order_items where score >= 2'))
    const paged = await db.from('order_items').select('id').range(2, 5)
    expect(idsOf(paged.data)).toEqual(await ids('select id from public.order_items limit 4 offset 2'))
    const json = await db.from('order_items').select('id').not('data', 'is', null)
    expect(idsOf(json.data)).toEqual(await ids('select id from public.order_items where data is not null'))
  })

  it('keeps parent and embedded rows in plain-query order', async () => {
    const { data } = await db.from('order_items').select('id, order_notes(id)')
    expect(idsOf(data)).toEqual(await ids('select id from public.order_items'))
    for (const item of data as { id: number; order_notes: { id: number }[] }[]) {
      expect(idsOf(item.order_notes)).toEqual(await ids('select id from public.order_notes where item_id = $1', [item.id]))
    }
    const inner = await db.from('order_items').select('id, order_notes!inner(id)')
    expect(idsOf(inner.data)).toEqual(await ids('select i.id from public.order_items i where exists (select 1 from public.order_notes n where n.item_id = i.id)'))
  })

  it('matches the plain query on a larger table, with an index the planner may use', async () => {
    await standIn.db.exec(`
      create table public.order_big (id int primary key, k int not null, v text);
      insert into public.order_big select i, (i * 7919) % 500, 'v' || i from generate_series(1, 3000) i order by random();
      update public.order_big set v = v || '!' where id % 11 = 0;
      create index order_big_k on public.order_big (k);
      analyze public.order_big;`)
    const all = await db.from('order_big').select('id')
    expect(idsOf(all.data)).toEqual(await ids('select id from public.order_big limit 1000'))
    const byIndex = await db.from('order_big').select('id, v').in('k', [3, 250, 17])
    expect(idsOf(byIndex.data)).toEqual(await ids('select id from public.order_big where k in (3, 250, 17)'))
    const range = await db.from('order_big').select('id').gte('k', 100).lt('k', 130).range(5, 40)
    expect(idsOf(range.data)).toEqual(await ids('select id from public.order_big where k >= 100 and k < 130 limit 36 offset 5'))
  })

  it('returns the rows a mutation touched in the order Postgres returns them', async () => {
    const expected = await standIn.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>('update public.order_items set name = name where score is not null returning id')
      await tx.rollback()
      return rows.map((r) => r.id)
    })
    const { data } = await db.from('order_items').update({ data: { touched: true } }).not('score', 'is', null).select('id')
    expect(idsOf(data)).toEqual(expected)
  })
})

describe('rest/v1 order on JSON paths and with nullsfirst / nullslast', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  const ids = async (sql: string) => (await standIn.db.query<{ id: number }>(sql)).rows.map((r) => r.id)
  const idsOf = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id)

  it('orders by a ->> text path, descending with nulls first as Postgres does', async () => {
    const { data, error } = await db.from('order_items').select('id').order('data->>name', { ascending: false }).order('id')
    expect(error).toBeNull()
    expect(idsOf(data)).toEqual(await ids(`select id from public.order_items order by data->>'name' desc, id`))
    expect(idsOf(data)[0]).toBe(4) // the row without data
  })

  it('orders by a -> jsonb path (numbers compare as numbers)', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/order_items?select=id&order=data->rank.asc.nullslast,id.asc`, { headers: { apikey: standIn.config.anonKey } })
    expect(res.status).toBe(200)
    const data = (await res.json()) as { id: number }[]
    expect(idsOf(data)).toEqual(await ids(`select id from public.order_items order by data->'rank' asc nulls last, id asc`))
    expect(idsOf(data).slice(0, 3)).toEqual([1, 7, 8]) // rank 1, 2, 3: 10 sorts after 7 as a number
  })

  it('puts nulls first or last on request, against the defaults (last ascending, first descending)', async () => {
    const cases: [{ ascending: boolean; nullsFirst?: boolean }, string][] = [
      [{ ascending: true }, 'score asc'],
      [{ ascending: true, nullsFirst: true }, 'score asc nulls first'],
      [{ ascending: false }, 'score desc'],
      [{ ascending: false, nullsFirst: false }, 'score desc nulls last'],
    ]
    for (const [options, sql] of cases) {
      const { data } = await db.from('order_items').select('id').order('score', options).order('id')
      expect(idsOf(data)).toEqual(await ids(`select id from public.order_items order by ${sql}, id`))
    }
  })

  it('orders a JSON path with nullsfirst through the query string', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/order_items?select=id&order=data->>name.asc.nullsfirst`, { headers: { apikey: standIn.config.anonKey } })
    const data = (await res.json()) as { id: number }[]
    expect(idsOf(data)).toEqual(await ids(`select id from public.order_items order by data->>'name' asc nulls first`))
  })
})
