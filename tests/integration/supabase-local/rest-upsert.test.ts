import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

interface Item {
  id: number
  sku: string
  name: string | null
  qty: number
  note: string | null
  zone: string | null
  shelf: number | null
}

describe('rest/v1 upserts (on_conflict, resolution, missing=default, PUT)', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'service_role')
  })
  afterAll(() => standIn?.stop())

  const send = (method: string, query: string, body: unknown, prefer: string) =>
    fetch(`${standIn.url}/rest/v1/upsert_items${query}`, {
      method,
      headers: { apikey: standIn.config.serviceRoleKey, 'Content-Type': 'application/json', Prefer: prefer },
      body: JSON.stringify(body),
    })
  const row = async (sku: string) => (await standIn.db.query<Item>('select * from public.upsert_items where sku = $1', [sku])).rows[0]

  it('returns the inserted and the merged rows on on_conflict with return=representation (201)', async () => {
    const res = await send('POST', '?on_conflict=sku&select=sku,name,qty', [
      { sku: 'apple', name: 'Apple (merged)' },
      { sku: 'plum', name: 'Plum' },
    ], 'resolution=merge-duplicates, return=representation')
    expect(res.status).toBe(201)
    expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=representation')
    expect(res.headers.get('content-range')).toBe('*/*')
    expect(await res.json()).toEqual([
      { sku: 'apple', name: 'Apple (merged)', qty: 10 },
      { sku: 'plum', name: 'Plum', qty: 1 },
    ])
    expect(await row('apple')).toMatchObject({ id: 1, name: 'Apple (merged)', qty: 10, note: 'seeded' })
  })

  it('answers 200 through supabase-js when every row merged, and counts them', async () => {
    const { data, status, count, error } = await db
      .from('upsert_items')
      .upsert([{ sku: 'pear', qty: 21 }], { onConflict: 'sku', count: 'exact' })
      .select('id, sku, qty')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(count).toBe(1)
    expect(data).toEqual([{ id: 2, sku: 'pear', qty: 21 }])
  })

  it('merges on the primary key when on_conflict is not given', async () => {
    const { data, status } = await db.from('upsert_items').upsert({ id: 2, sku: 'pear', name: 'Pear (by pk)' }).select('id, name, qty')
    expect(status).toBe(200)
    expect(data).toEqual([{ id: 2, name: 'Pear (by pk)', qty: 21 }])
  })

  it('merges on a composite unique key', async () => {
    const { data, status } = await db
      .from('upsert_items')
      .upsert([{ zone: 'a', shelf: 1, sku: 'apple', name: 'Apple (a1)' }, { zone: 'b', shelf: 1, sku: 'quince', name: 'Quince' }], { onConflict: 'zone,shelf' })
      .select('sku, name, zone, shelf')
    expect(status).toBe(201)
    expect(data).toEqual([
      { sku: 'apple', name: 'Apple (a1)', zone: 'a', shelf: 1 },
      { sku: 'quince', name: 'Quince', zone: 'b', shelf: 1 },
    ])
  })

  it('keeps existing rows with ignore-duplicates and returns only the inserted ones', async () => {
    const res = await send('POST', '?on_conflict=sku&select=sku,name', [
      { sku: 'apple', name: 'ignored' },
      { sku: 'melon', name: 'Melon' },
    ], 'resolution=ignore-duplicates, return=representation, count=exact')
    expect(res.status).toBe(201)
    expect(res.headers.get('preference-applied')).toBe('resolution=ignore-duplicates, return=representation, count=exact')
    expect(res.headers.get('content-range')).toBe('*/1')
    expect(await res.json()).toEqual([{ sku: 'melon', name: 'Melon' }])
    expect((await row('apple')).name).toBe('Apple (a1)')
    // nothing new at all: still 201, an empty array (PostgREST's "not a single resource is created")
    const none = await db.from('upsert_items').upsert({ id: 1, sku: 'apple', name: 'ignored' }, { ignoreDuplicates: true }).select('sku')
    expect(none).toMatchObject({ status: 201, data: [] })
  })

  it('gives missing keys their default with missing=default, null without it', async () => {
    const rows = [
      { sku: 'kiwi', name: 'Kiwi', qty: 3, note: 'given' },
      { sku: 'lime', name: 'Lime' },
    ]
    // supabase-js: defaultToNull: false sends missing=default; columns= lists the union of the keys
    const { data, status } = await db.from('upsert_items').insert(rows, { defaultToNull: false }).select('sku, qty, note')
    expect(status).toBe(201)
    expect(data).toEqual([
      { sku: 'kiwi', qty: 3, note: 'given' },
      { sku: 'lime', qty: 1, note: 'fresh' },
    ])
    const nulls = await db.from('upsert_items').insert([{ sku: 'fig', qty: 2 }, { sku: 'date' }])
    expect(nulls.status).toBe(400)
    expect(nulls.error).toMatchObject({ code: '23502' })
  })

  it('applies missing=default to merged rows too, and says so in Preference-Applied', async () => {
    const res = await send('POST', '?columns=%22sku%22,%22name%22,%22note%22&on_conflict=sku&select=sku,name,note', [
      { sku: 'kiwi', name: 'Kiwi (merged)' },
      { sku: 'olive', name: 'Olive', note: 'new' },
    ], 'resolution=merge-duplicates, missing=default, return=representation')
    expect(res.status).toBe(201)
    expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates, missing=default, return=representation')
    // the merged row's listed-but-absent note became its default, as `set note = excluded.note` does in Postgres
    expect(await res.json()).toEqual([
      { sku: 'kiwi', name: 'Kiwi (merged)', note: 'fresh' },
      { sku: 'olive', name: 'Olive', note: 'new' },
    ])
  })

  it('drops the resolution on a table with neither a primary key nor on_conflict', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/upsert_nopk`, {
      method: 'POST',
      headers: { apikey: standIn.config.serviceRoleKey, 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates, return=representation' },
      body: JSON.stringify([{ a: '1', b: '0' }]),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('preference-applied')).toBe('return=representation')
    expect(await res.json()).toEqual([{ a: '1', b: '0' }])
  })

  it('answers 200 with [] for an empty merge-duplicates payload', async () => {
    const res = await send('POST', '', [], 'resolution=merge-duplicates, return=representation')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })

  it('upserts a single row with PUT: 201 inserted, 200 replaced, 204 minimal', async () => {
    const inserted = await send('PUT', '?id=eq.40&select=id,sku,qty', { id: 40, sku: 'put-me', qty: 4 }, 'return=representation')
    expect(inserted.status).toBe(201)
    expect(inserted.headers.get('content-range')).toBeNull()
    expect(await inserted.json()).toEqual([{ id: 40, sku: 'put-me', qty: 4 }])
    const replaced = await send('PUT', '?id=eq.40&select=sku,qty', [{ id: 40, sku: 'put-me', qty: 5 }], 'return=representation, missing=default')
    expect(replaced.status).toBe(200)
    expect(replaced.headers.get('preference-applied')).toBe('return=representation')
    expect(await replaced.json()).toEqual([{ sku: 'put-me', qty: 5 }])
    const minimal = await send('PUT', '?id=eq.40', { id: 40, sku: 'put-me', qty: 6 }, '')
    expect(minimal.status).toBe(204)
    expect((await row('put-me')).qty).toBe(6)
  })

  it('refuses limit and offset on PUT with PGRST114', async () => {
    const res = await send('PUT', '?id=eq.40&limit=1', { id: 40, sku: 'put-me' }, '')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'PGRST114', details: null, hint: null, message: 'limit/offset querystring parameters are not allowed for PUT' })
  })

  it('sets columns= keys a PATCH body lacks to their default with missing=default', async () => {
    const res = await send('PATCH', '?sku=eq.olive&columns=%22name%22,%22note%22&select=name,note', { name: 'Olive (patched)' }, 'missing=default, return=representation')
    expect(res.status).toBe(200)
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation')
    expect(await res.json()).toEqual([{ name: 'Olive (patched)', note: 'fresh' }])
  })
})
