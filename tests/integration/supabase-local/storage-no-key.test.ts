import { StorageClient } from '@supabase/storage-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// A request with no key at all: Storage's JWT plugin (src/http/plugins/jwt.ts) verifies the empty
// token and refuses it ("Invalid Compact JWS", AccessDenied) — the official storage-js suite checks
// this in storageBucketApi.test.ts — except on its allowInvalidJwt routes (reading an object or its
// info), where the caller is anon. A key alone (apikey, no Authorization) is the anon role.

describe('storage without a key', () => {
  let standIn: StandIn
  let url: string
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    url = `${standIn.url}/storage/v1`
    const service = clientFor(standIn, 'service_role')
    await service.storage.createBucket('open', { public: true })
    await service.storage.createBucket('closed', { public: false })
    await service.storage.from('open').upload('a.txt', new Blob(['hello'], { type: 'text/plain' }))
    await service.storage.from('closed').upload('b.txt', new Blob(['secret'], { type: 'text/plain' }))
  })
  afterAll(() => standIn?.stop())

  it('refuses the official client with no headers, as the Supabase CLI does', async () => {
    const storage = new StorageClient(url)
    const { data, error } = await storage.listBuckets()
    expect(data).toBeNull()
    expect(error?.message).toBe('Invalid Compact JWS')
    await expect(storage.throwOnError().listBuckets()).rejects.toThrow('Invalid Compact JWS')
  })

  it('answers every authenticated route the same, and changes nothing', async () => {
    const cases: Array<[string, string, string?]> = [
      ['GET', '/bucket'],
      ['POST', '/bucket', JSON.stringify({ name: 'made-without-key' })],
      ['POST', '/object/list/open', JSON.stringify({ prefix: '' })],
      ['POST', '/object/open/new.txt', 'x'],
      ['DELETE', '/object/open', JSON.stringify({ prefixes: ['a.txt'] })],
      ['POST', '/object/sign/open/a.txt', JSON.stringify({ expiresIn: 60 })],
    ]
    for (const [method, path, body] of cases) {
      const response = await fetch(`${url}${path}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} })
      expect(response.status, `${method} ${path}`).toBe(400)
      expect(await response.json(), `${method} ${path}`).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'AccessDenied', message: 'Invalid Compact JWS' })
    }
    const { data: buckets } = await clientFor(standIn, 'service_role').storage.listBuckets()
    expect(buckets?.map((b) => b.name)).not.toContain('made-without-key')
    const { data: files } = await clientFor(standIn, 'service_role').storage.from('open').list()
    expect(files?.map((f) => f.name)).toEqual(['a.txt'])
  })

  it('reads objects as anon without a key (public files, nothing private), and public URLs need none', async () => {
    // anon under RLS, not refused for the missing key: the fixture's policies let anon read no object
    expect(await (await fetch(`${url}/object/open/a.txt`)).json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    expect(await (await fetch(`${url}/object/authenticated/closed/b.txt`)).json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    const open = await fetch(`${url}/object/public/open/a.txt`)
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('hello')
  })

  it('takes the apikey alone as the anon role', async () => {
    const storage = new StorageClient(url, { apikey: standIn.config.anonKey })
    const { data, error } = await storage.listBuckets()
    expect(error).toBeNull()
    expect(Array.isArray(data)).toBe(true)
  })
})
