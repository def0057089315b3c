import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'

describe('the stand-in server', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  it('answers a CORS preflight with the headers browser clients send', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/todos`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-client-info')
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range')
  })

  it('bootstraps the platform roles, schemas and publication', async () => {
    const roles = await standIn.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role') order by rolname`,
    )
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ])
    const pub = await standIn.db.query(`select 1 from pg_publication where pubname = 'supabase_realtime'`)
    expect(pub.rows).toHaveLength(1)
    const fn = await standIn.db.query<{ f: string[] }>(`select storage.foldername('a/b/c.png') as f`)
    expect(fn.rows[0].f).toEqual(['a', 'b'])
  })
})
