import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

describe('rest/v1 writes', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('inserts one row with an empty body answer by default (201, return=minimal)', async () => {
    const { data, error, status } = await db.from('channels').insert({ slug: 'minimal' })
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toBeNull()
    const check = await db.from('channels').select('slug').eq('slug', 'minimal')
    expect(check.data).toHaveLength(1)
  })

  it('inserts many rows with columns and returns them with select(); absent keys take defaults on request', async () => {
    const nulls = await db.from('users').insert([{ username: 'many0', age: 5 }, { username: 'many00', tags: ['x'] }])
    expect(nulls.error).toMatchObject({ code: '23502' })
    const { data, error, status } = await db
      .from('users')
      .insert([{ username: 'many1', age: 5 }, { username: 'many2', tags: ['x'] }], { defaultToNull: false })
      .select('username, age, tags, status')
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual([
      { username: 'many1', age: 5, tags: [], status: 'ONLINE' },
      { username: 'many2', age: null, tags: ['x'], status: 'ONLINE' },
    ])
  })

  it('uses column defaults for keys missing from some rows with missing=default', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/users?columns="username","status"&select=username,status`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'return=representation, missing=default' },
      body: JSON.stringify([{ username: 'def1', status: 'OFFLINE' }, { username: 'def2' }]),
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual([
      { username: 'def1', status: 'OFFLINE' },
      { username: 'def2', status: 'ONLINE' },
    ])
    expect(res.headers.get('preference-applied')).toContain('missing=default')
  })

  // PostgREST overlays each row on the payload columns' defaults, so a serial's nextval runs for
  // every row, even one that gives its own id (the official suite's "bulk insert with column defaults")
  it('evaluates every payload column default for every row with missing=default', async () => {
    const first = await db.from('channels').insert({ slug: 'seq-probe' }).select('id').single()
    const base = (first.data as { id: number }).id
    const { data, error } = await db.from('channels').insert([{ id: 90_001, slug: 'seq-own' }, { slug: 'seq-after' }], { defaultToNull: false }).select('id, slug')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 90_001, slug: 'seq-own' },
      { id: base + 2, slug: 'seq-after' },
    ])
  })

  it('returns embedded resources from an insert', async () => {
    const { data } = await db.from('messages').insert({ message: 'embedded', channel_id: 1, username: 'supabot' }).select('message, channels(slug)').single()
    expect(data).toEqual({ message: 'embedded', channels: { slug: 'public' } })
  })

  it('upserts with merge-duplicates on a unique column: 200 when all rows merged', async () => {
    const { data, status } = await db
      .from('users')
      .upsert({ username: 'supabot', email: 'supabot@example.test', age: 2 }, { onConflict: 'email' })
      .select('username, age')
    expect(status).toBe(200)
    expect(data).toEqual([{ username: 'supabot', age: 2 }])
    const fresh = await db.from('users').upsert({ username: 'newbie', email: 'newbie@example.test' }, { onConflict: 'email' }).select('username')
    expect(fresh.status).toBe(201)
  })

  it('upserts with ignore-duplicates, keeping existing rows', async () => {
    const { data, status } = await db
      .from('channels')
      .upsert([{ id: 1, slug: 'changed' }, { id: 50, slug: 'fifty' }], { ignoreDuplicates: true })
      .select('id, slug')
    expect(status).toBe(201)
    expect(data).toEqual([{ id: 50, slug: 'fifty' }])
    const kept = await db.from('channels').select('slug').eq('id', 1).single()
    expect(kept.data).toEqual({ slug: 'public' })
  })

  it('updates matching rows (204 by default, 200 with representation) and counts them', async () => {
    const minimal = await db.from('users').update({ age: 41 }).eq('username', 'jsonuser')
    expect(minimal.status).toBe(204)
    const { data, status, count } = await db
      .from('users')
      .update({ data: { patched: true } }, { count: 'exact' })
      .in('username', ['awailas', 'dragarcia'])
      .select('username, data')
      .order('username')
    expect(status).toBe(200)
    expect(count).toBe(2)
    expect(data).toEqual([
      { username: 'awailas', data: { patched: true } },
      { username: 'dragarcia', data: { patched: true } },
    ])
  })

  it('changes nothing for an empty patch', async () => {
    const { data, error } = await db.from('channels').update({}).eq('id', 1).select()
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it('deletes matching rows and can return them', async () => {
    await db.from('channels').insert([{ slug: 'doomed1' }, { slug: 'doomed2' }])
    const { data, status } = await db.from('channels').delete().like('slug', 'doomed*').select('slug').order('slug')
    expect(status).toBe(200)
    expect(data).toEqual([{ slug: 'doomed1' }, { slug: 'doomed2' }])
    const none = await db.from('channels').delete({ count: 'exact' }).eq('slug', 'doomed1')
    expect(none.status).toBe(204)
    expect(none.count).toBe(0)
  })

  it('rolls a mutation back when .single() sees more than one row', async () => {
    const { error, status } = await db.from('users').update({ age: 99 }).gt('age', 0).select().single()
    expect(status).toBe(406)
    expect(error!.code).toBe('PGRST116')
    const { data } = await db.from('users').select('username').eq('age', 99)
    expect(data).toEqual([])
  })

  it('refuses and rolls back a write touching more rows than maxAffected allows', async () => {
    // what `.maxAffected(1)` sends (its types need a PostgREST 13 schema declaration, so raw fetch here)
    const patch = (query: string) =>
      fetch(`${standIn.url}/rest/v1/users?${query}`, {
        method: 'PATCH',
        headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
        body: JSON.stringify({ age: 55 }),
      })
    const many = await patch('age=gt.0')
    expect(many.status).toBe(400)
    expect((await many.json()).code).toBe('PGRST124')
    expect((await db.from('users').select('username').eq('age', 55)).data).toEqual([])
    expect((await patch('username=eq.dragarcia')).status).toBe(204)
  })

  it('answers 400 PGRST204 for an unknown column in the body', async () => {
    const { error, status } = await db.from('users').insert({ username: 'x', nope: 1 })
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'users' in the schema cache" })
  })

  it('answers 400 PGRST204 for an unknown name in columns=', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/users?columns=%22username%22,%22nope%22`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify([{ username: 'cols' }]),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'users' in the schema cache" })
  })

  it('ignores body keys left out of columns= and reports the preferences it applied', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/users?columns=%22username%22&select=username,age`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'return=representation, count=exact' },
      body: JSON.stringify([{ username: 'onlyname', age: 77 }]),
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual([{ username: 'onlyname', age: null }])
    // PostgREST's fixed order: resolution, missing, return, count
    expect(res.headers.get('preference-applied')).toBe('return=representation, count=exact')
    expect(res.headers.get('content-range')).toBe('*/1')
  })

  it('answers 400 PGRST102 for a body that is not JSON', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/users`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: '{"username":',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('PGRST102')
  })

  it('maps constraint violations: 409 for unique and foreign keys, 400 for not-null and check', async () => {
    const dup = await db.from('users').insert({ username: 'supabot' })
    expect(dup.status).toBe(409)
    expect(dup.error).toMatchObject({ code: '23505' })
    expect(dup.error!.details).toContain('already exists')
    const fk = await db.from('messages').insert({ message: 'x', username: 'ghost' })
    expect(fk.status).toBe(409)
    expect(fk.error!.code).toBe('23503')
    const nn = await db.from('messages').insert({ message: 'x' })
    expect(nn.status).toBe(400)
    expect(nn.error!.code).toBe('23502')
    const check = await db.from('users').insert({ username: 'neg', age: -1 })
    expect(check.status).toBe(400)
    expect(check.error!.code).toBe('23514')
  })

  it('does not write with Prefer: tx=rollback but still answers', async () => {
    const { data, status } = await db.from('channels').insert({ slug: 'rolled-back' }).select('slug').rollback()
    expect(status).toBe(201)
    expect(data).toEqual([{ slug: 'rolled-back' }])
    const after = await db.from('channels').select('slug').eq('slug', 'rolled-back')
    expect(after.data).toEqual([])
  })

  it('upserts one row by primary key with PUT, refusing filters that do not address it', async () => {
    const put = (query: string, body: unknown, prefer = '') =>
      fetch(`${standIn.url}/rest/v1/channels?${query}`, {
        method: 'PUT',
        headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: prefer },
        body: JSON.stringify(body),
      })
    expect((await put('id=eq.70', { id: 70, slug: 'put-one' })).status).toBe(204)
    const again = await put('id=eq.70&select=id,slug', { id: 70, slug: 'put-two' }, 'return=representation')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual([{ id: 70, slug: 'put-two' }])
    const mismatch = await put('id=eq.71', { id: 70, slug: 'x' })
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).code).toBe('PGRST115')
    const unaddressed = await put('slug=eq.x', { id: 72, slug: 'x' })
    expect(unaddressed.status).toBe(405)
    expect((await unaddressed.json()).code).toBe('PGRST105')
  })

  it('sends Content-Range for mutations', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/channels`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', Prefer: 'count=exact' },
      body: JSON.stringify([{ slug: 'cr1' }, { slug: 'cr2' }]),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-range')).toBe('*/2')
    const patch = await fetch(`${standIn.url}/rest/v1/channels?slug=like.cr*`, {
      method: 'PATCH',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { x: 1 } }),
    })
    expect(patch.status).toBe(204)
    expect(patch.headers.get('content-range')).toBe('0-1/*')
  })
})
