import net from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ThreadDb } from '../../../supabase/local/db-thread.ts'
import { openPGlite, withScope } from '../../../supabase/local/db.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { migratedSnapshot } from '../../../supabase/local/testing.ts'
import { fixtureMigrations, startFixtureStandIn } from '../../helpers/stand-in.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One simple query over the Postgres wire protocol (what psql sends), rows as text. */
async function wireQuery(port: number, sql: string): Promise<string[][]> {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0')
  const startup = Buffer.alloc(8)
  startup.writeInt32BE(8 + params.length, 0)
  startup.writeInt32BE(196608, 4)
  socket.write(Buffer.concat([startup, params]))
  const text = Buffer.from(sql + '\0')
  const q = Buffer.alloc(5)
  q.write('Q', 0)
  q.writeInt32BE(4 + text.length, 1)
  let sent = false
  let buf = Buffer.alloc(0)
  const rows: string[][] = []
  return new Promise((resolve, reject) => {
    socket.on('error', reject)
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk])
      while (buf.length >= 5) {
        const type = String.fromCharCode(buf[0])
        const len = buf.readInt32BE(1)
        if (buf.length < 1 + len) break
        const body = buf.subarray(5, 1 + len)
        buf = buf.subarray(1 + len)
        if (type === 'E') reject(new Error(body.toString()))
        if (type === 'D') {
          const n = body.readInt16BE(0)
          const row: string[] = []
          let at = 2
          for (let i = 0; i < n; i++) {
            const size = body.readInt32BE(at)
            row.push(body.subarray(at + 4, at + 4 + size).toString())
            at += 4 + size
          }
          rows.push(row)
        }
        if (type === 'Z' && !sent) {
          sent = true
          socket.write(Buffer.concat([q, text]))
        } else if (type === 'Z') {
          socket.end()
          resolve(rows)
        }
      }
    })
  })
}

const TYPES_SQL = `select 1::int8 as big, 1.5::numeric as num, '2024-02-29 12:00:00+00'::timestamptz as at, '\\x00ff'::bytea as bytes,
  '{"a":[1,null]}'::jsonb as doc, array[1,2]::int[] as list, null::text as nothing, 'x'::text as label`

describe('PGlite on its own thread', () => {
  let standIn: StandIn
  let client: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ dbPort: 0 })
    client = createClient(standIn.url, standIn.config.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
  })
  afterAll(() => standIn?.stop())

  it('runs the database on a worker thread by default and answers the APIs from it', async () => {
    expect(standIn.db).toBeInstanceOf(ThreadDb)
    const { data, error } = await client.from('users').select('username, status').eq('username', 'supabot').single()
    expect(error).toBeNull()
    expect(data).toEqual({ username: 'supabot', status: 'ONLINE' })
  })

  it('keeps the HTTP thread free while Postgres works', async () => {
    // inline, pg_sleep would hold this very thread: the health check could only answer after it
    const slow = standIn.db.query('select pg_sleep(1.5)').then(() => 'query')
    const health = fetch(`${standIn.url}/health`).then((res) => `health ${res.status}`)
    expect(await Promise.race([slow, health])).toBe('health 200')
    await slow
  })

  it('holds a transaction open across awaits, with its own settings, while others wait their turn', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withScope(standIn.db, { role: 'authenticated', claims: { sub: `user-${i}`, role: 'authenticated' } }, async (tx) => {
          const before = await tx.query<{ sub: string }>(`select current_setting('request.jwt.claim.sub') as sub`)
          await sleep(5)
          const after = await tx.query<{ sub: string; role: string }>(`select current_setting('request.jwt.claim.sub') as sub, current_user as role`)
          return [before.rows[0].sub, after.rows[0].sub, after.rows[0].role]
        }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 8 }, (_, i) => [`user-${i}`, `user-${i}`, 'authenticated']))
    // the settings were LOCAL: nothing leaks to the next statement
    const { rows } = await standIn.db.query<{ sub: string | null; role: string }>(`select current_setting('request.jwt.claim.sub', true) as sub, current_user as role`)
    expect(rows[0].role).toBe('postgres')
    expect(rows[0].sub ?? '').toBe('')
  })

  it('rolls back on a thrown error and on tx.rollback(), and commits otherwise', async () => {
    await standIn.db.exec(`create table public.thread_probe (id int primary key)`)
    await expect(
      standIn.db.transaction(async (tx) => {
        await tx.query(`insert into public.thread_probe values (1)`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const kept = await standIn.db.transaction(async (tx) => {
      await tx.query(`insert into public.thread_probe values (2)`)
      await tx.rollback()
      return 'returned'
    })
    expect(kept).toBe('returned')
    await standIn.db.transaction(async (tx) => {
      await tx.query(`insert into public.thread_probe values (3)`)
    })
    expect((await standIn.db.query(`select id from public.thread_probe order by id`)).rows).toEqual([{ id: 3 }])
  })

  it('gives the same rows and the same error fields as PGlite in this thread', async () => {
    const { blob, extensions } = await migratedSnapshot({ migrationsDir: fixtureMigrations })
    const inline = await openPGlite({ dataDir: null, snapshot: blob, extensions })
    try {
      expect((await standIn.db.query(TYPES_SQL)).rows).toEqual((await inline.query(TYPES_SQL)).rows)
      const bad = `insert into public.users (username, age, created_at) values ('supabot', -1, '2024-01-01 00:00:00+00')`
      const pick = (e: Record<string, unknown>) => ({ message: e.message, code: e.code, detail: e.detail, constraint: e.constraint, table: e.table, severity: e.severity })
      const fromThread = (await standIn.db.query(bad).catch((e) => e)) as Record<string, unknown>
      const fromInline = (await inline.query(bad).catch((e) => e)) as Record<string, unknown>
      expect(fromThread).toBeInstanceOf(Error)
      expect(pick(fromThread)).toEqual(pick(fromInline))
      expect(fromThread.code).toBe('23514')
    } finally {
      await inline.close()
    }
  })

  it('forwards NOTIFY to listeners, at commit', async () => {
    const heard: string[] = []
    const unlisten = await standIn.db.listen('thread_news', (payload) => heard.push(payload))
    await standIn.db.transaction(async (tx) => {
      await tx.query(`select pg_notify('thread_news', 'in a transaction')`)
      await sleep(20)
      expect(heard).toEqual([])
    })
    await standIn.db.query(`notify thread_news, 'plain'`)
    await sleep(20)
    expect(heard).toEqual(['in a transaction', 'plain'])
    await unlisten()
    await standIn.db.query(`notify thread_news, 'after'`)
    await sleep(20)
    expect(heard).toHaveLength(2)
  })

  it('dumps a data folder that PGlite opens with the same rows', async () => {
    await standIn.db.exec(`create table public.dumped (v text); insert into public.dumped values ('kept')`)
    const dump = await standIn.db.dumpDataDir('gzip')
    const copy = await PGlite.create({ loadDataDir: dump })
    try {
      expect((await copy.query(`select v from public.dumped`)).rows).toEqual([{ v: 'kept' }])
    } finally {
      await copy.close()
    }
  })

  it('serves psql from the database thread', async () => {
    expect(standIn.dbPort).toBeGreaterThan(0)
    expect(await wireQuery(standIn.dbPort!, `select username from public.users where username = 'supabot'`)).toEqual([['supabot']])
  })
})

describe('PGlite in the main thread (SUPABASE_LOCAL_DB_THREAD=inline)', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ dbThread: 'inline' })
  })
  afterAll(() => standIn?.stop())

  it('answers the same through supabase-js', async () => {
    expect(standIn.db).toBeInstanceOf(PGlite)
    const client = createClient(standIn.url, standIn.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const { data, error } = await client.from('users').select('username, status').eq('username', 'supabot').single()
    expect(error).toBeNull()
    expect(data).toEqual({ username: 'supabot', status: 'ONLINE' })
  })
})

describe('the schema cache and DDL', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  it('reloads on DDL through the platform event triggers (NOTIFY pgrst), so a dropped column is known gone at once', async () => {
    const triggers = await standIn.db.query<{ evtname: string; evtevent: string }>(
      `select evtname, evtevent from pg_event_trigger where evtname like 'pgrst_%' order by evtname`,
    )
    expect(triggers.rows).toEqual([
      { evtname: 'pgrst_ddl_watch', evtevent: 'ddl_command_end' },
      { evtname: 'pgrst_drop_watch', evtevent: 'sql_drop' },
    ])
    const client = createClient(standIn.url, standIn.config.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    await standIn.db.exec(`create table public.ddl_probe (id int primary key, note text); insert into public.ddl_probe values (1, 'n')`)
    expect((await client.from('ddl_probe').select('*')).data).toEqual([{ id: 1, note: 'n' }])
    await standIn.db.exec(`alter table public.ddl_probe drop column note`)
    await sleep(20)
    // a stale cache would send the column to Postgres and answer with its `_0.note` message instead
    const after = await client.from('ddl_probe').select('id, note')
    expect(after.error).toMatchObject({ code: '42703', message: 'column ddl_probe.note does not exist' })
    expect((await client.from('ddl_probe').select('*')).data).toEqual([{ id: 1 }])
  })
})
