import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PGlite } from '@electric-sql/pglite'
import { bootstrap, openPGlite, sqlLiteral, withScope } from '../../../supabase/local/db.ts'

describe('request scope', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await openPGlite({ dataDir: null, extensions: ['pgcrypto'] })
    await bootstrap(db)
    await db.exec(`create table public.canary (id int); insert into public.canary values (1);`)
  })
  afterAll(() => db?.close())

  it('quotes a literal so that quotes, backslashes and statement breaks stay text', () => {
    expect(sqlLiteral(`it's`)).toBe(`'it''s'`)
    expect(sqlLiteral(`a\\'b`)).toBe(`E'a\\\\''b'`)
    expect(sqlLiteral(`x\u0000y`)).toBe(`'xy'`)
  })

  it('carries hostile header and claim values through as plain text', async () => {
    const hostile = `'); drop table public.canary; select ('`
    const headers = { 'x-evil': hostile, 'x-backslash': `\\'; drop table public.canary; --` }
    const claims = { sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated', note: hostile }
    const r = await withScope(db, { role: 'authenticated', claims, headers, method: 'GET', path: `/t'x` }, (tx) =>
      tx.query<{ h: Record<string, string>; note: string; path: string; uid: string; who: string }>(
        `select current_setting('request.headers')::jsonb as h, auth.jwt() ->> 'note' as note,
                current_setting('request.path') as path, auth.uid()::text as uid, current_user as who`,
      ),
    )
    expect(r.rows[0]).toEqual({ h: headers, note: hostile, path: `/t'x`, uid: claims.sub, who: 'authenticated' })
    expect((await db.query(`select count(*)::int as n from public.canary`)).rows).toEqual([{ n: 1 }])
  })

  it('makes a read-only scope refuse writes', async () => {
    const err = await withScope(db, { role: 'service_role', claims: { role: 'service_role' }, readOnly: true }, (tx) =>
      tx.query(`insert into public.canary values (2)`),
    ).catch((e) => e)
    expect(err.code).toBe('25006')
  })

  it('refuses a setting name that is not a plain identifier', async () => {
    const err = await withScope(db, { role: 'anon', claims: {}, settings: { "x'; drop": 'v' } }, async () => 1).catch((e) => e)
    expect(err.message).toMatch(/invalid setting name/)
  })
})
