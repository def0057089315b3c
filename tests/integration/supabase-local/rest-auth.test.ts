import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { signJwt } from '../../../supabase/local/jwt.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'

describe('rest/v1 roles, row-level security and request errors', () => {
  let standIn: StandIn
  let anon: SupabaseClient
  let service: SupabaseClient
  let owner: Awaited<ReturnType<typeof signedInClient>>
  let other: Awaited<ReturnType<typeof signedInClient>>
  let privateNoteId: number

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    anon = clientFor(standIn, 'anon')
    service = clientFor(standIn, 'service_role')
    owner = await signedInClient(standIn)
    other = await signedInClient(standIn)
    const { data, error } = await owner.client.from('notes').insert({ body: 'private' }).select('id').single()
    if (error) throw error
    privateNoteId = data.id
    await owner.client.from('notes').insert({ body: 'shared', is_public: true })
  })
  afterAll(() => standIn?.stop())

  const bodies = (rows: { body: string }[] | null) => (rows ?? []).map((r) => r.body).sort()

  it('shows each role only the rows its policies allow', async () => {
    expect(bodies((await anon.from('notes').select('body')).data)).toEqual(['shared'])
    expect(bodies((await owner.client.from('notes').select('body')).data)).toEqual(['private', 'shared'])
    expect(bodies((await other.client.from('notes').select('body')).data)).toEqual(['shared'])
    expect(bodies((await service.from('notes').select('body')).data)).toEqual(['private', 'shared'])
  })

  it('answers 401 with WWW-Authenticate when anon breaks a policy, 403 for a signed-in user', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/notes`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'anon', owner_id: owner.user.id }),
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect((await res.json()).code).toBe('42501')
    const forged = await other.client.from('notes').insert({ body: 'forged', owner_id: owner.user.id })
    expect(forged.status).toBe(403)
    expect(forged.error!.code).toBe('42501')
    expect(forged.error!.message).toContain('row-level security')
  })

  it('lets only the owner change or delete a row', async () => {
    const theirs = await other.client.from('notes').update({ body: 'hacked' }).eq('id', privateNoteId).select()
    expect(theirs.data).toEqual([])
    const gone = await other.client.from('notes').delete().eq('id', privateNoteId).select()
    expect(gone.data).toEqual([])
    const mine = await owner.client.from('notes').update({ body: 'edited' }).eq('id', privateNoteId).select('body').single()
    expect(mine.data).toEqual({ body: 'edited' })
  })

  it('answers 401 for anon and 200 for a signed-in user on a table anon may not read', async () => {
    const denied = await anon.from('secrets').select('*')
    expect(denied.status).toBe(401)
    expect(denied.error!.code).toBe('42501')
    const allowed = await owner.client.from('secrets').select('value')
    expect(allowed.data).toEqual([{ value: 'the cake is a lie' }])
  })

  it('runs the request with the JWT claims, method, path and headers PostgREST sets', async () => {
    const token = await signJwt(standIn.config, { sub: owner.user.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
    const client = clientFor(standIn, 'anon', { accessToken: async () => token, global: { headers: { 'x-probe': 'probe-value' } } })
    const { data } = await client.rpc('whoami', {}, { get: true })
    expect(data).toEqual({ role: 'authenticated', sub: owner.user.id, method: 'GET', path: '/rpc/whoami', probe: 'probe-value', read_only: 'on' })
    const anonWho = await anon.rpc('whoami')
    expect(anonWho.data).toMatchObject({ role: 'anon', sub: null })
  })

  it('accepts the new-format publishable and secret keys', async () => {
    const pub = clientFor(standIn, standIn.config.publishableKey)
    expect(bodies((await pub.from('notes').select('body')).data)).toEqual(['shared'])
    const secret = clientFor(standIn, standIn.config.secretKey)
    expect((await secret.from('notes').select('body')).data).toHaveLength(2)
  })

  it('answers 401 PGRST303 for an expired token and PGRST301 for a malformed or forged one', async () => {
    const expired = await signJwt(standIn.config, { sub: owner.user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 })
    const res = await fetch(`${standIn.url}/rest/v1/notes`, { headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${expired}` } })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain('invalid_token')
    expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    const malformed = clientFor(standIn, 'anon', { accessToken: async () => 'not-a-jwt' })
    const m = await malformed.from('notes').select('*')
    expect(m.status).toBe(401)
    expect(m.error).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' })
    const [h, p] = expired.split('.')
    const forged = clientFor(standIn, 'anon', { accessToken: async () => `${h}.${p}.c2lnbmF0dXJl` })
    expect((await forged.from('notes').select('*')).error!.code).toBe('PGRST301')
  })

  it('answers 401 when the token names a role the database does not have', async () => {
    const token = await signJwt(standIn.config, { role: 'nobody_role', exp: Math.floor(Date.now() / 1000) + 60 })
    const client = clientFor(standIn, 'anon', { accessToken: async () => token })
    const { status, error } = await client.from('channels').select('*')
    expect(status).toBe(401)
    expect(error!.code).toBe('22023')
  })

  it('answers 406 PGRST106 for a schema that is not exposed and looks tables up in the named profile', async () => {
    const hidden = await anon.schema('auth').from('users').select('*')
    expect(hidden.status).toBe(406)
    expect(hidden.error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' })
    const write = await anon.schema('storage').from('objects').insert({ name: 'x' })
    expect(write.error!.code).toBe('PGRST106')
    const other = await anon.schema('graphql_public').from('channels').select('*')
    expect(other.status).toBe(404)
    expect(other.error!.message).toBe("Could not find the table 'graphql_public.channels' in the schema cache")
  })

  it('answers 404 PGRST205 for an unknown table, suggesting a close name', async () => {
    const { status, error } = await anon.from('channel').select('*')
    expect(status).toBe(404)
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.channel' in the schema cache", hint: "Perhaps you meant the table 'public.channels'" })
  })
})
