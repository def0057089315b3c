import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scopedQuery } from '../../../supabase/local/db-oneshot.ts'
import { openDatabase, withScope, type Db, type RequestScope } from '../../../supabase/local/db.ts'
import { migratedSnapshot } from '../../../supabase/local/testing.ts'
import { fixtureMigrations } from '../../helpers/stand-in.ts'

const anon: RequestScope = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/users', headers: { accept: '*/*' } }
const readOnly: RequestScope = { ...anon, settings: { transaction_read_only: 'on' } }
const service: RequestScope = { role: 'service_role', claims: { role: 'service_role' }, method: 'POST', path: '/users' }

/** What each request's statement gets from the one-message path compared with the bound one. */
describe.each(['worker', 'inline'] as const)('a request statement in one message (%s)', (thread) => {
  let db: Db
  beforeAll(async () => {
    const { blob, extensions } = await migratedSnapshot({ migrationsDir: fixtureMigrations })
    db = await openDatabase({ dataDir: null, snapshot: blob, extensions, thread })
  })
  afterAll(() => db?.close())

  const bound = (scope: RequestScope, sql: string, params: unknown[]) => withScope(db, scope, (tx) => tx.query(sql, params))

  it('returns the same rows as the statement with bound parameters', async () => {
    const sql = `select u.username, u.status, u.tags, u.age_range, $2::int + 1 as n, $3::jsonb as doc, current_setting('request.jwt.claim.role') as role
      from public.users u where u.username = any($1) order by u.username limit $4`
    const params = ['{supabot,kiwicopple}', 41, '{"a":[1,"x"]}', 10]
    const expected = await bound(readOnly, sql, params)
    expect(expected.rows.length).toBe(2)
    expect((await scopedQuery(db, readOnly, sql, params)).rows).toEqual(expected.rows)
  })

  it('fails with the same Postgres error, and a read-only request cannot write', async () => {
    const pick = (e: Record<string, unknown>) => ({ code: e.code, message: e.message, detail: e.detail })
    const bad = `select $1::int`
    expect(pick(await scopedQuery(db, anon, bad, ['abc']).catch((e) => e))).toEqual(pick(await bound(anon, bad, ['abc']).catch((e) => e)))
    const write = `insert into public.channels (slug) values ($1)`
    const err = await scopedQuery(db, readOnly, write, ['ro']).catch((e) => e)
    expect(err.code).toBe('25006')
  })

  it('passes hostile values through as plain text, whatever standard_conforming_strings says', async () => {
    const hostile = [`'); drop table public.users; --`, `\\'; drop table public.users; --`, `a\\b`, `$1 $$ "x"`]
    for (const scs of ['on', 'off']) {
      await db.exec(`set standard_conforming_strings = ${scs}`)
      for (const value of hostile) {
        // the value both as a parameter and in the request's own settings (path, headers)
        const scope = { ...anon, path: value, headers: { 'x-evil': value } }
        const r = await scopedQuery<{ v: string; p: string; h: string }>(
          db,
          scope,
          `select $1::text as v, current_setting('request.path') as p, current_setting('request.headers')::json->>'x-evil' as h`,
          [value],
        )
        expect(r.rows).toEqual([{ v: value, p: value, h: value }])
      }
    }
    await db.exec(`set standard_conforming_strings = on`)
    expect((await db.query(`select count(*)::int as n from public.users`)).rows[0]).toMatchObject({ n: expect.any(Number) })
  })

  it('is one transaction: a failing statement leaves nothing behind, settings stay local', async () => {
    const sql = `with a as (insert into public.channels (slug) values ($1) returning id) select 1 / ($2::int - 1) from a`
    await expect(scopedQuery(db, service, sql, ['half-done', 1])).rejects.toMatchObject({ code: '22012' })
    expect((await db.query(`select count(*)::int as n from public.channels where slug = 'half-done'`)).rows).toEqual([{ n: 0 }])
    await scopedQuery(db, service, sql, ['done', 2])
    expect((await db.query(`select count(*)::int as n from public.channels where slug = 'done'`)).rows).toEqual([{ n: 1 }])
    const after = await db.query<{ role: string; claims: string | null }>(`select current_user as role, current_setting('request.jwt.claims', true) as claims`)
    expect(after.rows[0].role).toBe('postgres')
    expect(after.rows[0].claims ?? '').toBe('')
  })
})
