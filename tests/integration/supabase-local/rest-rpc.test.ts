import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

describe('rest/v1 rpc', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('calls a scalar function by POST and by GET, using parameter defaults', async () => {
    expect((await db.rpc('add_them', { a: 1, b: 2 })).data).toBe(3)
    expect((await db.rpc('add_them', { a: 40 }, { get: true })).data).toBe(40)
    expect((await db.rpc('get_status', { name_param: 'kiwicopple' })).data).toBe('OFFLINE')
  })

  it('passes arrays and whole JSON bodies', async () => {
    expect((await db.rpc('sum_array', { nums: [1, 2, 3] })).data).toBe(6)
    expect((await db.rpc('sum_array', { nums: [4, 5] }, { get: true })).data).toBe(9)
    expect((await db.rpc('echo_json', { any: ['thing'], n: 1 })).data).toEqual({ any: ['thing'], n: 1 })
  })

  it('applies select, filters, order and limit to set-returning functions', async () => {
    const { data } = await db.rpc('list_users').select('username').eq('status', 'ONLINE').order('username').limit(2)
    expect(data).toEqual([{ username: 'awailas' }, { username: 'dragarcia' }])
    const numbers = await db.rpc('list_numbers', { n: 5 }).gt('list_numbers', 2).order('list_numbers', { ascending: false })
    expect(numbers.data).toEqual([5, 4, 3])
    const stats = await db.rpc('channel_stats').eq('channel_id', 1)
    expect(stats.data).toEqual([{ channel_id: 1, message_count: 2 }])
  })

  it('embeds resources from a function returning table rows', async () => {
    const { data } = await db.rpc('list_users').select('username, messages!messages_username_fkey(id)').eq('username', 'kiwicopple')
    expect(data).toEqual([{ username: 'kiwicopple', messages: [{ id: 3 }] }])
  })

  it("counts a scalar function's one row (postgrest-js's suite: count 1, not NaN)", async () => {
    const counted = await db.rpc('get_status', { name_param: 'supabot' }, { count: 'exact' })
    expect(counted).toMatchObject({ count: 1, data: 'ONLINE', error: null, status: 200 })
    const head = await db.rpc('add_them', { a: 1, b: 2 }, { head: true, count: 'exact' })
    expect(head).toMatchObject({ count: 1, status: 200 })
    expect((await db.rpc('add_them', { a: 1, b: 2 })).count).toBeNull()
  })

  it('counts set results with HEAD', async () => {
    const { count, status, data } = await db.rpc('list_numbers', { n: 7 }, { head: true, count: 'exact', get: true })
    expect(status).toBe(200)
    expect(count).toBe(7)
    expect(data).toBeNull()
  })

  it('answers 204 for a void function', async () => {
    const { status, data, error } = await db.rpc('void_func')
    expect(error).toBeNull()
    expect(status).toBe(204)
    expect(data).toBeNull()
  })

  it('returns one object from a function returning a row', async () => {
    const { data, status } = await db.rpc('open_channel', { p_slug: 'via-rpc' })
    expect(status).toBe(200)
    expect(data).toMatchObject({ slug: 'via-rpc' })
  })

  it('runs GET calls read-only: a writing function answers 405 25006', async () => {
    const { error, status } = await db.rpc('open_channel', { p_slug: 'via-get' }, { get: true })
    expect(status).toBe(405)
    expect(error!.code).toBe('25006')
  })

  it('runs stable functions read-only even by POST', async () => {
    const { data } = await db.rpc('whoami')
    expect(data).toMatchObject({ read_only: 'on', method: 'POST', path: '/rpc/whoami' })
    const write = await db.rpc('open_channel', { p_slug: 'volatile-post' })
    expect(write.error).toBeNull()
  })

  it('answers 404 PGRST202 for an unknown function or unknown arguments', async () => {
    const unknown = await db.rpc('no_such_fn')
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.no_such_fn without parameters in the schema cache' })
    const wrongArgs = await db.rpc('add_them', { x: 1 })
    expect(wrongArgs.error!.code).toBe('PGRST202')
  })

  it('answers 300 PGRST203 when overloads cannot be told apart', async () => {
    const { status, error } = await db.rpc('overloaded', { a: 1 })
    expect(status).toBe(300)
    expect(error!.code).toBe('PGRST203')
  })

  it('maps raised errors: P0001 → 400, PTxyz → xyz, PGRST → custom, 42P01 → 404', async () => {
    const p0001 = await db.rpc('raise_error', { kind: 'P0001' })
    expect(p0001.status).toBe(400)
    expect(p0001.error).toEqual({ code: 'P0001', message: 'something went wrong', details: 'the detail', hint: 'the hint' })
    const pt = await db.rpc('raise_error', { kind: 'PT402' })
    expect(pt.status).toBe(402)
    const custom = await fetch(`${standIn.url}/rest/v1/rpc/raise_error`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'PGRST' }),
    })
    expect(custom.status).toBe(418)
    expect(custom.headers.get('x-teapot')).toBe('yes')
    expect(await custom.json()).toEqual({ code: '123', message: 'custom', details: 'd', hint: 'h' })
    const missing = await db.rpc('raise_error', { kind: '42P01' })
    expect(missing.status).toBe(404)
    expect(missing.error!.code).toBe('42P01')
  })

  it('lets SQL set the response status and headers', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/rpc/set_response`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(202)
    expect(res.headers.get('x-custom')).toBe('hello')
    expect(await res.json()).toEqual({ ok: true })
  })
})
