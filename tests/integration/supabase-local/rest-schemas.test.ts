import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

const EXPOSED = ['public', 'inventory', 'graphql_public']

/** A plain request, so the test controls exactly which profile header goes out. */
function rest(standIn: StandIn, pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  return fetch(`${standIn.url}/rest/v1/${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

describe('rest/v1 schemas from [api] schemas, chosen by Accept-Profile / Content-Profile', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ api: { schemas: EXPOSED } })
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('reads the same table name from the schema .schema() names, public by default', async () => {
    const other = await db.schema('inventory').from('channels').select('id, label').order('id')
    expect(other.error).toBeNull()
    expect(other.data).toEqual([
      { id: 1, label: 'warehouse' },
      { id: 2, label: 'shop' },
    ])
    const plain = await db.from('channels').select('slug').order('id').limit(1)
    expect(plain.data).toEqual([{ slug: 'public' }])
  })

  it('embeds along foreign keys inside the named schema', async () => {
    const { data, error } = await db.schema('inventory').from('stock').select('sku, qty, channels(label)').eq('sku', 'A-1').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { sku: 'A-1', qty: 5, channels: { label: 'warehouse' } },
      { sku: 'A-1', qty: 2, channels: { label: 'shop' } },
    ])
  })

  it('writes through Content-Profile: insert, upsert, update and delete', async () => {
    const inv = db.schema('inventory')
    const ins = await inv.from('channels').insert({ label: 'depot' }).select('id, label').single()
    expect(ins.status).toBe(201)
    expect(ins.data).toEqual({ id: 3, label: 'depot' })
    const up = await inv.from('channels').upsert({ id: 3, label: 'depot-2' }).select('label')
    expect(up.status).toBe(200)
    expect(up.data).toEqual([{ label: 'depot-2' }])
    const upd = await inv.from('stock').update({ qty: 9 }, { count: 'exact' }).eq('sku', 'B-2')
    expect(upd).toMatchObject({ status: 204, count: 1, error: null })
    const del = await inv.from('channels').delete().eq('id', 3).select('label')
    expect(del.data).toEqual([{ label: 'depot-2' }])
    // nothing leaked into public.channels
    const publicSlugs = await db.from('channels').select('slug').in('slug', ['depot', 'depot-2'])
    expect(publicSlugs.data).toEqual([])
  })

  it('calls functions of the named schema by POST (Content-Profile) and GET (Accept-Profile)', async () => {
    const inv = db.schema('inventory')
    expect((await inv.rpc('total_qty', { p_sku: 'A-1' })).data).toBe(7)
    expect((await inv.rpc('total_qty', { p_sku: 'A-1' }, { get: true })).data).toBe(7)
    const restocked = await inv.rpc('restock', { p_sku: 'A-1', p_qty: 1 }).select('qty').order('qty')
    expect(restocked.data).toEqual([{ qty: 3 }, { qty: 6 }])
    const missing = await db.rpc('total_qty', { p_sku: 'A-1' })
    expect(missing.status).toBe(404)
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.total_qty(p_sku) in the schema cache' })
  })

  it('answers 406 PGRST106 for a schema that is not exposed, on tables and functions alike', async () => {
    const expected = { code: 'PGRST106', message: 'Invalid schema: ledger', details: null, hint: 'Only the following schemas are exposed: public, inventory, graphql_public' }
    const read = await db.schema('ledger').from('entries').select('*')
    expect(read.status).toBe(406)
    expect(read.error).toEqual(expected)
    const write = await db.schema('ledger').from('entries').insert({ id: 1, amount: 5 })
    expect(write.status).toBe(406)
    expect(write.error).toEqual(expected)
    const rpcPost = await db.schema('ledger').rpc('anything', {})
    expect(rpcPost.status).toBe(406)
    expect(rpcPost.error).toEqual(expected)
    const rpcGet = await db.schema('ledger').rpc('anything', {}, { get: true })
    expect(rpcGet.error).toEqual(expected)
    const res = await rest(standIn, 'entries', { headers: { 'Accept-Profile': 'ledger' } })
    expect(res.status).toBe(406)
    expect(res.headers.get('content-profile')).toBeNull()
    expect(res.headers.get('proxy-status')).toBe('PostgREST; error=PGRST106')
  })

  it('takes Accept-Profile for GET/HEAD and Content-Profile for writes, never the other one', async () => {
    // a write names its schema in Content-Profile: an Accept-Profile on it changes nothing
    const wrongHeader = await rest(standIn, 'channels', { method: 'POST', headers: { 'Accept-Profile': 'inventory' }, body: { slug: 'by-accept' } })
    expect(wrongHeader.status).toBe(201)
    expect((await db.from('channels').select('slug').eq('slug', 'by-accept')).data).toEqual([{ slug: 'by-accept' }])
    const head = await rest(standIn, 'channels', { method: 'HEAD', headers: { 'Accept-Profile': 'inventory', Prefer: 'count=exact' } })
    expect(head.headers.get('content-range')).toBe('0-1/2')
    expect(head.headers.get('content-profile')).toBe('inventory')
  })

  it('names the schema in Content-Profile whenever several are exposed, as PostgREST does', async () => {
    const named = await rest(standIn, 'channels?select=id', { headers: { 'Accept-Profile': 'inventory' } })
    expect(named.headers.get('content-profile')).toBe('inventory')
    const unnamed = await rest(standIn, 'channels?select=id')
    expect(unnamed.headers.get('content-profile')).toBe('public')
    // a minimal write has no body, so no Content-Type and no Content-Profile
    const minimal = await rest(standIn, 'channels', { method: 'POST', headers: { 'Content-Profile': 'inventory' }, body: { label: 'minimal' } })
    expect(minimal.status).toBe(201)
    expect(minimal.headers.get('content-profile')).toBeNull()
    expect(minimal.headers.get('content-type')).toBeNull()
    const full = await rest(standIn, 'channels?select=label', { method: 'POST', headers: { 'Content-Profile': 'inventory', Prefer: 'return=representation' }, body: { label: 'full' } })
    expect(full.headers.get('content-profile')).toBe('inventory')
    expect(await full.json()).toEqual([{ label: 'full' }])
  })

  it('answers 404 PGRST205 naming the schema for a table it does not have', async () => {
    const { status, error } = await db.schema('inventory').from('stocks').select('*')
    expect(status).toBe(404)
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'inventory.stocks' in the schema cache", hint: "Perhaps you meant the table 'inventory.stock'" })
  })
})

describe('rest/v1 default schema and a single exposed schema', () => {
  let dir: string
  let first: StandIn
  let single: StandIn
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rest-schemas-'))
    const file = path.join(dir, 'config.toml')
    await writeFile(file, '[api]\nenabled = true\nschemas = ["inventory", "public"]\nmax_rows = 1000\n')
    ;[first, single] = await Promise.all([startFixtureStandIn({ configFile: file }), startFixtureStandIn({ api: { schemas: ['public'] } })])
  })
  afterAll(async () => {
    await Promise.all([first?.stop(), single?.stop()])
    await rm(dir, { recursive: true, force: true })
  })

  it('reads [api] schemas from config.toml and serves the first one without a profile header', async () => {
    expect(first.config.exposedSchemas).toEqual(['inventory', 'public'])
    const res = await rest(first, 'channels?select=label&order=id')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-profile')).toBe('inventory')
    expect(await res.json()).toEqual([{ label: 'warehouse' }, { label: 'shop' }])
    const refused = await clientFor(first, 'anon').schema('graphql_public').from('x').select('*')
    expect(refused.error).toMatchObject({ code: 'PGRST106', hint: 'Only the following schemas are exposed: inventory, public' })
  })

  it('sends Content-Profile with one exposed schema only when the request named it', async () => {
    const unnamed = await rest(single, 'channels?select=id&limit=1')
    expect(unnamed.headers.get('content-profile')).toBeNull()
    const named = await rest(single, 'channels?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } })
    expect(named.headers.get('content-profile')).toBe('public')
    const hidden = await clientFor(single, 'anon').schema('inventory').from('channels').select('*')
    expect(hidden.error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: inventory', hint: 'Only the following schemas are exposed: public' })
  })
})
