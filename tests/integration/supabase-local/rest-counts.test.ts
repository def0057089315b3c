import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

type Plan = { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }

/** The planner's estimate for the query PostgREST EXPLAINs for count=planned, run directly. */
async function estimate(standIn: StandIn, sql: string): Promise<number> {
  const { rows } = await standIn.db.query<Plan>(`explain (format json) ${sql}`)
  return rows[0]['QUERY PLAN'][0].Plan['Plan Rows']
}

function get(standIn: StandIn, query: string, headers: Record<string, string> = {}, method = 'GET') {
  return fetch(`${standIn.url}/rest/v1/${query}`, { method, headers: { apikey: standIn.config.anonKey, ...headers } })
}

describe('rest/v1 counts: Prefer count=exact | planned | estimated and Content-Range', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('pages with 206 Partial Content and 0-9/57, or 200 and 0-9/* without a count', async () => {
    const page = await db.from('count_items').select('id', { count: 'exact' }).order('id').range(0, 9)
    expect(page).toMatchObject({ status: 206, count: 57 })
    expect(page.data).toHaveLength(10)
    const counted = await get(standIn, 'count_items?select=id&order=id&limit=10', { Prefer: 'count=exact' })
    expect(counted.status).toBe(206)
    expect(counted.headers.get('content-range')).toBe('0-9/57')
    expect(counted.headers.get('preference-applied')).toBe('count=exact')
    const uncounted = await get(standIn, 'count_items?select=id&order=id&limit=10')
    expect(uncounted.status).toBe(200)
    expect(uncounted.headers.get('content-range')).toBe('0-9/*')
    expect(uncounted.headers.get('preference-applied')).toBeNull()
    const whole = await get(standIn, 'count_items?select=id', { Prefer: 'count=exact' })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-range')).toBe('0-56/57')
    const later = await get(standIn, 'count_items?select=id&order=id&offset=50&limit=5', { Prefer: 'count=exact' })
    expect(later.headers.get('content-range')).toBe('50-54/57')
  })

  it('counts with HEAD and answers */0 or */* for no rows', async () => {
    const head = await db.from('count_items').select('*', { count: 'exact', head: true }).eq('bucket', 1)
    expect(head).toMatchObject({ status: 200, count: 19, data: null })
    const res = await get(standIn, 'count_items?bucket=eq.1', { Prefer: 'count=exact' }, 'HEAD')
    expect(res.headers.get('content-range')).toBe('0-18/19')
    const none = await get(standIn, 'count_items?bucket=eq.7', { Prefer: 'count=exact' })
    expect(none.headers.get('content-range')).toBe('*/0')
    const noneUncounted = await get(standIn, 'count_items?bucket=eq.7')
    expect(noneUncounted.headers.get('content-range')).toBe('*/*')
  })

  it('answers */57 with 206 at the end of the rows or with limit=0, 416 PGRST103 past them', async () => {
    const atEnd = await get(standIn, 'count_items?offset=57', { Prefer: 'count=exact' })
    expect(atEnd.status).toBe(206)
    expect(atEnd.headers.get('content-range')).toBe('*/57')
    expect(await atEnd.json()).toEqual([])
    const zero = await get(standIn, 'count_items?limit=0', { Prefer: 'count=exact' })
    expect(zero.status).toBe(206)
    expect(zero.headers.get('content-range')).toBe('*/57')
    const past = await db.from('count_items').select('id', { count: 'exact' }).range(60, 69)
    expect(past.status).toBe(416)
    expect(past.error).toEqual({ code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 60 was requested, but there are only 57 rows.', hint: null })
    const raw = await get(standIn, 'count_items?offset=60', { Prefer: 'count=exact' })
    expect(raw.headers.get('content-range')).toBe('*/57')
    // without a count there is no total to be past
    const uncounted = await get(standIn, 'count_items?offset=60')
    expect(uncounted.status).toBe(200)
    expect(uncounted.headers.get('content-range')).toBe('*/*')
  })

  it('honours a Range header on GET, intersected with offset and limit', async () => {
    const res = await get(standIn, 'count_items?select=id&order=id', { Range: '5-9', Prefer: 'count=exact' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('5-9/57')
    expect((await res.json()).map((r: { id: number }) => r.id)).toEqual([6, 7, 8, 9, 10])
    const both = await get(standIn, 'count_items?select=id&order=id&offset=7&limit=10', { Range: '5-9' })
    expect(both.headers.get('content-range')).toBe('7-9/*')
    const backwards = await get(standIn, 'count_items', { Range: '9-5' })
    expect(backwards.status).toBe(416)
    expect((await backwards.json()).details).toBe('The lower boundary must be lower than or equal to the upper boundary in the Range header.')
  })

  it("takes count=planned from EXPLAIN's row estimate of the count query", async () => {
    const sql = "select 1 from public.count_items where label like 'item 1%'"
    const planned = await get(standIn, 'count_items?select=id&label=like.item%201*', { Prefer: 'count=planned' })
    const expected = await estimate(standIn, sql)
    const exact = (await standIn.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) c`)).rows[0].n
    expect(exact).toBe(11)
    expect(planned.headers.get('content-range')).toBe(`0-10/${expected}`)
    expect(planned.headers.get('preference-applied')).toBe('count=planned')
    expect(planned.status).toBe(expected > 11 ? 206 : 200)
    const viaClient = await db.from('count_items').select('*', { count: 'planned', head: true })
    expect(viaClient.count).toBe(await estimate(standIn, 'select 1 from public.count_items'))
    expect(viaClient.count).toBe(57) // analyzed in the fixture
  })

  it('counts exactly with count=estimated while the total stays within db-max-rows', async () => {
    const res = await get(standIn, 'count_items?select=id&label=like.item%201*', { Prefer: 'count=estimated' })
    expect(res.headers.get('content-range')).toBe('0-10/11')
    expect(res.headers.get('preference-applied')).toBe('count=estimated')
  })

  it('counts inserted, updated and deleted rows: */3, 0-2/3, */* without a count', async () => {
    const ins = await db.from('count_items').insert([{ id: 101, bucket: 9 }, { id: 102, bucket: 9 }, { id: 103, bucket: 9 }], { count: 'exact' })
    expect(ins).toMatchObject({ status: 201, count: 3 })
    const insRaw = await fetch(`${standIn.url}/rest/v1/count_items`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'count=exact' },
      body: JSON.stringify([{ id: 104, bucket: 8 }, { id: 105, bucket: 8 }]),
    })
    expect(insRaw.headers.get('content-range')).toBe('*/2')
    expect(insRaw.headers.get('preference-applied')).toBe('count=exact')
    const upd = await fetch(`${standIn.url}/rest/v1/count_items?bucket=eq.9`, {
      method: 'PATCH',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'count=exact' },
      body: JSON.stringify({ label: 'nine' }),
    })
    expect(upd.status).toBe(204)
    expect(upd.headers.get('content-range')).toBe('0-2/3')
    const updNone = await db.from('count_items').update({ label: 'x' }, { count: 'exact' }).eq('bucket', 42)
    expect(updNone).toMatchObject({ status: 204, count: 0 })
    const updUncounted = await fetch(`${standIn.url}/rest/v1/count_items?bucket=eq.9`, {
      method: 'PATCH',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'nine' }),
    })
    expect(updUncounted.headers.get('content-range')).toBe('0-2/*')
    const del = await db.from('count_items').delete({ count: 'exact' }).eq('bucket', 9)
    expect(del).toMatchObject({ status: 204, count: 3 })
    const delRaw = await fetch(`${standIn.url}/rest/v1/count_items?bucket=eq.8`, { method: 'DELETE', headers: { apikey: standIn.config.anonKey } })
    expect(delRaw.headers.get('content-range')).toBe('*/*')
  })

  it('gives mutations no total for count=planned (PostgREST only counts exact and estimated there)', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/count_items?select=id`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'count=planned, return=representation' },
      body: JSON.stringify({ id: 200, bucket: 5 }),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-range')).toBe('*/*')
    expect(res.headers.get('preference-applied')).toBe('return=representation, count=planned')
    const del = await fetch(`${standIn.url}/rest/v1/count_items?id=eq.200`, { method: 'DELETE', headers: { apikey: standIn.config.anonKey, Prefer: 'count=estimated' } })
    expect(del.headers.get('content-range')).toBe('*/1')
  })
})

describe('rest/v1 count=estimated past db-max-rows', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ api: { maxRows: 10 } })
  })
  afterAll(() => standIn?.stop())

  it('caps the rows at max_rows and reports the larger of the capped count and the estimate', async () => {
    const res = await get(standIn, 'count_items?select=id&order=id', { Prefer: 'count=estimated' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`0-9/${Math.max(11, await estimate(standIn, 'select 1 from public.count_items'))}`)
    expect(res.headers.get('content-range')).toBe('0-9/57')
    const exact = await get(standIn, 'count_items?select=id', { Prefer: 'count=exact' })
    expect(exact.headers.get('content-range')).toBe('0-9/57')
    // below the cap, estimated is the exact count
    const few = await get(standIn, 'count_items?select=id&id=lte.4', { Prefer: 'count=estimated' })
    expect(few.headers.get('content-range')).toBe('0-3/4')
  })
})
