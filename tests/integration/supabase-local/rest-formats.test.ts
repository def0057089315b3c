import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

/** Output formats chosen by Accept (PostgREST's MediaType.hs / negotiateContent), through postgrest-js. */
describe('rest/v1 output formats', () => {
  let standIn: StandIn
  let db: SupabaseClient
  const get = (path: string, accept: string) =>
    fetch(`${standIn.url}/rest/v1/${path}`, { headers: { apikey: standIn.config.anonKey, accept } })

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  describe('text/csv', () => {
    it('answers a header line, then rows in the record text form Postgres gives', async () => {
      const { data, error, status } = await db.from('agg_orders').select('id, amount, note').order('id').csv()
      expect(error).toBeNull()
      expect(status).toBe(200)
      const direct = await standIn.db.query<{ rows: string }>(
        `select string_agg(substring(t::text, 2, length(t::text) - 2), E'\\n' order by t.id) as rows from (select id, amount, note from agg_orders) t`,
      )
      expect(data).toBe(`id,amount,note\n${direct.rows[0].rows}`)
      // record_out quotes commas, quotes (doubled), newlines and empty strings; NULL stays empty
      expect(data).toContain('1,10.50,"first, with a comma"\n2,20.25,\n3,5.00,"say ""hi"""\n4,100.00,""\n5,1.75,"multi\nline"')
    })

    it('sends text/csv and, for no rows, only the newline (the header comes from the first row)', async () => {
      const res = await get('agg_orders?select=id&id=eq.999', 'text/csv')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(await res.text()).toBe('\n')
    })
  })

  describe('application/geo+json', () => {
    it('answers a FeatureCollection from a point column, the other columns as properties', async () => {
      const { data, error, status } = await db.from('geo_places').select('id, name, location').order('id').geojson()
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(data).toEqual({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [-0.1, 51.5] }, properties: { id: 1, name: 'Pier' } },
          { type: 'Feature', geometry: { type: null }, properties: { id: 2, name: 'Nowhere' } },
        ],
      })
      const res = await get('geo_places?select=id,location', 'application/geo+json')
      expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8')
    })

    it("maps Postgres' polygon, path, box and lseg to GeoJSON geometries (rings closed)", async () => {
      const geometry = async (column: string, id = 1) => {
        const { data } = await db.from('geo_places').select(`id, ${column}`).eq('id', id).geojson()
        return (data as { features: { geometry: unknown }[] }).features[0].geometry
      }
      expect(await geometry('area')).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [4, 0], [4, 3], [0, 0]]] })
      expect(await geometry('route')).toEqual({ type: 'LineString', coordinates: [[0, 0], [1, 1], [2, 0]] })
      expect(await geometry('route', 2)).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] })
      expect(await geometry('frame')).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] })
      expect(await geometry('segment')).toEqual({ type: 'LineString', coordinates: [[0, 0], [3, 4]] })
    })

    it('takes GeoJSON held in the first jsonb column as the geometry', async () => {
      const { data } = await db.from('geo_places').select('id, shape, meta').eq('id', 1).geojson()
      expect(data).toEqual({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-0.1, 51.5] }, properties: { id: 1, meta: { stars: 4 } } }],
      })
    })

    it("answers PostGIS' 400 22023 when rows have no geometry column, and an empty collection for no rows", async () => {
      const { error, status } = await db.from('agg_customers').select('id, name').geojson()
      expect(status).toBe(400)
      expect(error).toMatchObject({ code: '22023', message: 'geometry column is missing', details: null, hint: null })
      const none = await db.from('agg_customers').select('id, name').eq('id', 999).geojson()
      expect(none.data).toEqual({ type: 'FeatureCollection', features: [] })
    })
  })

  describe('single objects and stripped nulls', () => {
    it('answers one object for .single(), with nulls stripped on request', async () => {
      const one = await db.from('agg_customers').select('id, city').eq('id', 3).single()
      expect(one.data).toEqual({ id: 3, city: null })
      const stripped = await db.from('agg_customers').select('id, city').eq('id', 3).single().stripNulls()
      expect(stripped.data).toEqual({ id: 3 })
      const res = await get('agg_customers?select=id,city&id=eq.3', 'application/vnd.pgrst.object+json;nulls=stripped')
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8')
      expect(await res.json()).toEqual({ id: 3 })
    })

    it('answers 406 PGRST116 with the row count for zero or many rows', async () => {
      const none = await db.from('agg_customers').select('id').eq('id', 99).single()
      expect(none.status).toBe(406)
      expect(none.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null })
      const many = await db.from('agg_customers').select('id').single()
      expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' })
      const maybe = await db.from('agg_customers').select('id').eq('id', 99).maybeSingle()
      expect(maybe).toMatchObject({ data: null, error: null, status: 200 })
    })

    it('strips nulls from arrays with application/vnd.pgrst.array+json;nulls=stripped', async () => {
      const { data } = await db.from('agg_customers').select('id, city').order('id').stripNulls()
      expect(data).toEqual([{ id: 1, city: 'London' }, { id: 2, city: 'New York' }, { id: 3 }])
      const res = await get('agg_customers?select=id,city&id=eq.3', 'application/vnd.pgrst.array+json;nulls=stripped')
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8')
    })
  })

  describe('negotiation', () => {
    it('picks the first acceptable type by quality and specificity, as PostgREST (wai parseHttpAccept)', async () => {
      const csvFirst = await get('agg_customers?select=id&id=eq.1', '*/*, text/csv')
      expect(csvFirst.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      const jsonByQ = await get('agg_customers?select=id&id=eq.1', 'text/csv;q=0.5, application/json')
      expect(jsonByQ.headers.get('content-type')).toBe('application/json; charset=utf-8')
    })

    it('answers 406 PGRST107 naming the accepted types when none is produced', async () => {
      const res = await get('agg_customers', 'text/html, application/xml;q=0.9, application/*;q=0.5')
      expect(res.status).toBe(406)
      expect(await res.json()).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: text/html, application/xml, application/*',
      })
    })
  })

  describe('execution plans', () => {
    it('are refused with 406 PGRST107 while db-plan-enabled is off', async () => {
      const { error, status } = await db.from('agg_orders').select('id').explain({ format: 'json' })
      expect(status).toBe(406)
      expect(error).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"' })
    })

    it('answer EXPLAIN as text and JSON once enabled through the authenticator role', async () => {
      await standIn.db.exec(`alter role authenticator set pgrst.db_plan_enabled = 'true'; notify pgrst, 'reload config'`)
      let text: unknown = null
      for (let i = 0; i < 50 && typeof text !== 'string'; i++) {
        text = (await db.from('agg_orders').select('id').eq('status', 'paid').explain()).data
        if (typeof text !== 'string') await new Promise((r) => setTimeout(r, 20))
      }
      expect(text).toMatch(/Aggregate[\s\S]*Seq Scan on agg_orders/)
      expect(text).toMatch(/Filter: \(status = 'paid'::text\)/)

      const json = await db.from('agg_orders').select('id').explain({ format: 'json', analyze: true })
      expect(json.error).toBeNull()
      const plan = json.data as unknown as { Plan: { 'Node Type': string }; 'Execution Time': number }[]
      expect(plan[0].Plan['Node Type']).toBe('Aggregate')
      expect(typeof plan[0]['Execution Time']).toBe('number')

      const res = await get('agg_orders?select=id', 'application/vnd.pgrst.plan+json; for="text/csv"; options=verbose|settings')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="text/csv"; options=verbose|settings; charset=utf-8')
      expect(res.headers.get('content-range')).toBeNull()
      const body = await res.text()
      expect(body.endsWith('\n')).toBe(true)
      expect(JSON.parse(body)[0].Plan.Output).toBeDefined() // VERBOSE lists output columns

      // with VERBOSE, the query's identifier, as the platform's Postgres (pg_stat_statements) shows it
      // (postgrest-js's suite: "explain with options"); without it, none
      const verbose = await db.from('agg_orders').select('id').explain({ verbose: true, settings: true, format: 'json' })
      expect((verbose.data as unknown as Record<string, unknown>[])[0]).toMatchObject({ Plan: expect.any(Object), 'Query Identifier': expect.any(Number) })
      expect((json.data as unknown as Record<string, unknown>[])[0]).not.toHaveProperty('Query Identifier')
      expect(String((await db.from('agg_orders').select('id').explain({ verbose: true })).data)).toMatch(/Query Identifier: -?\d+/)
      // and the setting does not outlive the statement
      expect((await standIn.db.query<{ v: string }>(`select current_setting('compute_query_id') as v`)).rows[0].v).not.toBe('on')
    })

    it('runs a mutation under EXPLAIN ANALYZE, and Prefer: tx=rollback undoes it', async () => {
      const service = clientFor(standIn, 'service_role')
      const { error } = await service
        .from('agg_customers')
        .insert({ id: 50, name: 'Plan' })
        .select()
        .rollback()
        .explain({ analyze: true, format: 'json' })
      expect(error).toBeNull()
      const left = await standIn.db.query('select 1 from agg_customers where id = 50')
      expect(left.rows).toHaveLength(0)
    })
  })
})
