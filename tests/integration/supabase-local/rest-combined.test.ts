import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

/**
 * Features that meet in one request: aggregates over computed fields and embeds, counts with
 * `!inner` embeds, output formats of mutations that return only the selected columns, plans of
 * computed relationships. Fixtures: 0005_rest_embed.sql, 0017_formats.sql.
 */
describe('rest/v1 features combined', () => {
  let standIn: StandIn
  let anon: SupabaseClient
  const direct = async (sql: string) => (await standIn.db.query<{ j: unknown }>(`select coalesce(json_agg(t), '[]') as j from (${sql}) t`)).rows[0].j
  const sorted = (rows: unknown) => [...(rows as Record<string, unknown>[])].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

  beforeAll(async () => {
    standIn = await startFixtureStandIn({ env: { PGRST_DB_AGGREGATES_ENABLED: 'true', PGRST_DB_PLAN_ENABLED: 'true' } })
    anon = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('groups by a computed field and filters on one, as the same SQL does', async () => {
    const { data, error } = await anon.from('people').select('full_name, first_name.count()')
    expect(error).toBeNull()
    expect(sorted(data)).toEqual(sorted(await direct('select full_name(p) as full_name, count(p.first_name) as count from people p group by 1')))
    const filtered = await anon.from('people').select('job, n:count()').like('full_name', '*o*').order('job')
    expect(filtered.error).toBeNull()
    expect(filtered.data).toEqual(await direct("select job, count(*) as n from people p where full_name(p) like '%o%' group by job order by job"))
    expect(filtered.data).toEqual([{ job: 'mathematician', n: 1 }, { job: 'novelist', n: 1 }])
  })

  it('groups by a to-many embed (as jsonb) beside an aggregate', async () => {
    const { data, error } = await anon.from('films').select('roles(character), n:count()').in('id', [1, 2, 5])
    expect(error).toBeNull()
    expect(sorted(data)).toEqual(
      sorted([
        { roles: [], n: 2 },
        { roles: [{ character: 'Mr. White' }, { character: 'Mr. Orange' }], n: 1 },
      ]),
    )
  })

  it('refuses aggregates inside a to-many spread with 400 PGRST127, as PostgREST 13', async () => {
    const { error, status } = await anon.from('films').select('title, ...roles(character.count())')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented', details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.' })
  })

  it('counts only the rows an !inner embed keeps', async () => {
    const { data, count, error, status } = await anon.from('films').select('title, roles!inner(character)', { count: 'exact' }).order('id').limit(1)
    expect(error).toBeNull()
    const total = (await standIn.db.query<{ n: number }>('select count(*)::int as n from films f where exists (select 1 from roles r where r.film_id = f.id)')).rows[0].n
    expect(count).toBe(total)
    expect(count).toBe(3)
    expect(status).toBe(206)
    expect(data).toEqual([{ title: 'The Haunted Castle', roles: [{ character: 'The Lady' }] }])
  })

  it('answers a mutation in CSV with only the selected columns (column grants)', async () => {
    const { data, error, status } = await anon.from('grant_probe').insert({ name: 'csv row', secret: 'hidden' }).select('id, name').csv()
    expect(error).toBeNull()
    expect(status).toBe(201)
    const id = (await standIn.db.query<{ id: number }>("select id from grant_probe where name = 'csv row'")).rows[0].id
    expect(data).toBe(`id,name\n${id},"csv row"`)
    const res = await fetch(`${standIn.url}/rest/v1/grant_probe?select=name`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'content-type': 'application/json', accept: 'text/csv', prefer: 'return=representation' },
      body: JSON.stringify({ name: 'plain' }),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await res.text()).toBe('name\nplain')
  })

  it('explains a read that embeds a computed relationship', async () => {
    const { data, error, status } = await anon.from('employees').select('name, manager(name)').explain()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(typeof data).toBe('string')
    expect(data as unknown as string).toMatch(/employees/)
    // the JSON plan is the text Postgres wrote (its indentation, its two-decimal costs), also from the database thread
    const res = await fetch(`${standIn.url}/rest/v1/employees?select=name,manager(name)`, {
      headers: { apikey: standIn.config.anonKey, accept: 'application/vnd.pgrst.plan+json; for="application/json"' },
    })
    expect(res.status).toBe(200)
    const raw = await res.text()
    expect(raw).toMatch(/^\[\n {2}\{\n {4}"Plan": \{\n {6}"Node Type": "Aggregate",/)
    expect(raw).toMatch(/"Startup Cost": \d+\.\d\d,/)
    const rows = await anon.from('employees').select('name, manager(name)').order('id')
    expect(rows.data).toEqual([
      { name: 'Taylor', manager: null },
      { name: 'Johnson', manager: { name: 'Taylor' } },
      { name: 'Miller', manager: { name: 'Taylor' } },
      { name: 'Davis', manager: { name: 'Miller' } },
    ])
  })
})
