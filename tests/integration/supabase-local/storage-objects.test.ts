import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'

type ApiError = { message: string; status?: number; statusCode?: string; code?: string }
const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex')

describe('storage objects: upload, download, info, update', () => {
  let standIn: StandIn
  let user: { client: SupabaseClient; id: string; token: string }
  let service: SupabaseClient

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    const s = await signedInClient(standIn)
    user = { client: s.client, id: s.user.id, token: s.session.access_token }
    service = clientFor(standIn, 'service_role')
  })
  afterAll(() => standIn?.stop())

  const own = (file: string) => `${user.id}/${file}`
  const authHeaders = () => ({ Authorization: `Bearer ${user.token}`, apikey: standIn.config.anonKey })
  const objectUrl = (bucket: string, name: string) => `${standIn.url}/storage/v1/object/${bucket}/${name}`

  it('uploads a Blob as multipart, owned by the JWT subject, with the platform metadata', async () => {
    const blob = new Blob(['hello avatar'], { type: 'image/png' })
    const { data, error } = await user.client.storage.from('avatars').upload(own('face.png'), blob)
    expect(error).toBeNull()
    expect(data).toEqual({ path: own('face.png'), fullPath: `avatars/${own('face.png')}`, id: expect.any(String) })

    const row = await standIn.db.query<{ id: string; owner: string; owner_id: string; metadata: Record<string, unknown> }>(
      `select id, owner, owner_id, metadata from storage.objects where bucket_id = 'avatars' and name = $1`,
      [own('face.png')],
    )
    expect(row.rows[0].id).toBe(data!.id)
    expect(row.rows[0].owner).toBe(user.id)
    expect(row.rows[0].owner_id).toBe(user.id)
    expect(row.rows[0].metadata).toEqual({
      eTag: `"${md5('hello avatar')}"`,
      size: 12,
      mimetype: 'image/png',
      cacheControl: 'max-age=3600',
      lastModified: expect.stringMatching(/GMT$/),
      contentLength: 12,
      httpStatusCode: 200,
    })
  })

  it('uploads a Buffer as a raw body with its content type, cache control and user metadata', async () => {
    const bytes = Buffer.from('{"rooms":3}')
    const { error } = await user.client.storage.from('avatars').upload(own('listing.json'), bytes, {
      contentType: 'application/json',
      cacheControl: '60',
      metadata: { listing: 'harbour-1' },
    })
    expect(error).toBeNull()
    const info = await user.client.storage.from('avatars').info(own('listing.json'))
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: own('listing.json'),
      bucketId: 'avatars',
      size: bytes.length,
      contentType: 'application/json',
      cacheControl: 'max-age=60',
      etag: `"${md5(bytes)}"`,
      metadata: { listing: 'harbour-1' },
    })
  })

  it('keeps user metadata sent in a multipart form', async () => {
    const blob = new Blob(['x'], { type: 'text/plain' })
    const up = await user.client.storage.from('avatars').upload(own('note.txt'), blob, { metadata: { kind: 'note' } })
    expect(up.error).toBeNull()
    const info = await user.client.storage.from('avatars').info(own('note.txt'))
    expect(info.data?.metadata).toEqual({ kind: 'note' })
  })

  it('downloads the same bytes with the stored content type, ETag, Last-Modified and Cache-Control', async () => {
    const { data, error } = await user.client.storage.from('avatars').download(own('face.png'))
    expect(error).toBeNull()
    expect(await data!.text()).toBe('hello avatar')
    expect(data!.type).toBe('image/png')

    for (const prefix of ['', 'authenticated/']) {
      const res = await fetch(`${standIn.url}/storage/v1/object/${prefix}avatars/${own('face.png')}`, { headers: authHeaders() })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('content-length')).toBe('12')
      expect(res.headers.get('etag')).toBe(`"${md5('hello avatar')}"`)
      expect(res.headers.get('cache-control')).toBe('max-age=3600')
      expect(res.headers.get('last-modified')).toMatch(/GMT$/)
      expect(await res.text()).toBe('hello avatar')
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(objectUrl('avatars', own('face.png')), { method: 'HEAD', headers: authHeaders() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('12')
    expect(res.headers.get('etag')).toBe(`"${md5('hello avatar')}"`)
    expect(await res.text()).toBe('')
  })

  it('adds Content-Disposition for ?download and ?download=name', async () => {
    const bare = await fetch(`${objectUrl('avatars', own('face.png'))}?download`, { headers: authHeaders() })
    expect(bare.headers.get('content-disposition')).toBe('attachment;')
    const named = await fetch(`${objectUrl('avatars', own('face.png'))}?download=my%20face.png`, { headers: authHeaders() })
    expect(named.headers.get('content-disposition')).toBe(
      "attachment; filename=my%20face.png; filename*=UTF-8''my%20face.png;",
    )
  })

  it('serves a byte range with 206 and Content-Range', async () => {
    const res = await fetch(objectUrl('avatars', own('face.png')), { headers: { ...authHeaders(), Range: 'bytes=0-4' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 0-4/12')
    expect(await res.text()).toBe('hello')
  })

  it('answers a revalidation with a matching ETag with 304 Not Modified', async () => {
    const etag = `"${md5('hello avatar')}"`
    const res = await fetch(objectUrl('avatars', own('face.png')), { headers: { ...authHeaders(), 'If-None-Match': etag } })
    expect(res.status).toBe(304)
    const changed = await fetch(objectUrl('avatars', own('face.png')), { headers: { ...authHeaders(), 'If-None-Match': '"stale"' } })
    expect(changed.status).toBe(200)
  })

  it('tells whether an object exists, and reports NoSuchKey for a missing one', async () => {
    expect((await user.client.storage.from('avatars').exists(own('face.png'))).data).toBe(true)
    expect((await user.client.storage.from('avatars').exists(own('nope.png'))).data).toBe(false)
    const info = await user.client.storage.from('avatars').info(own('nope.png'))
    expect(info.error).toMatchObject({ message: 'Object not found', status: 400, statusCode: '404', code: 'NoSuchKey' })
    const dl = await user.client.storage.from('avatars').download(own('nope.png'))
    expect((dl.error as ApiError | null)?.message).toBe('Object not found')
  })

  it('refuses a second upload to the same path without upsert, and replaces it with upsert', async () => {
    const path = own('dup.txt')
    const first = await user.client.storage.from('avatars').upload(path, 'one')
    expect(first.error).toBeNull()
    const again = await user.client.storage.from('avatars').upload(path, 'two')
    expect(again.error).toMatchObject({
      message: 'The resource already exists',
      status: 400,
      statusCode: '409',
      code: 'KeyAlreadyExists',
    })
    const upsert = await user.client.storage.from('avatars').upload(path, 'three', { upsert: true })
    expect(upsert.error).toBeNull()
    expect(upsert.data?.id).toBe(first.data?.id)
    const { data } = await user.client.storage.from('avatars').download(path)
    expect(await data!.text()).toBe('three')
  })

  it('updates an object in place with PUT', async () => {
    const path = own('update.txt')
    await user.client.storage.from('avatars').upload(path, 'before', { contentType: 'text/plain' })
    const { error } = await user.client.storage.from('avatars').update(path, new Blob(['<p>after</p>'], { type: 'text/html' }))
    expect(error).toBeNull()
    const { data } = await user.client.storage.from('avatars').download(path)
    expect(await data!.text()).toBe('<p>after</p>')
    expect(data!.type).toBe('text/html')
  })

  it('creates the object when update() targets a missing path, as the upsert-based platform update does', async () => {
    const { error } = await user.client.storage.from('avatars').update(own('fresh.txt'), 'new')
    expect(error).toBeNull()
    expect(await (await user.client.storage.from('avatars').download(own('fresh.txt'))).data!.text()).toBe('new')
  })

  it('refuses an object over the bucket size limit with EntityTooLarge and stores nothing', async () => {
    const big = new Blob([Buffer.alloc(2048, 1)], { type: 'image/png' })
    const { error } = await user.client.storage.from('photos').upload('too-big.png', big)
    expect(error).toMatchObject({
      message: 'The object exceeded the maximum allowed size',
      status: 400,
      statusCode: '413',
      code: 'EntityTooLarge',
    })
    expect((await service.storage.from('photos').exists('too-big.png')).data).toBe(false)
    const ok = await user.client.storage.from('photos').upload('small.png', new Blob([Buffer.alloc(1024, 1)], { type: 'image/png' }))
    expect(ok.error).toBeNull()
  })

  it('refuses a MIME type the bucket does not allow, and accepts wildcard and exact matches', async () => {
    const text = await user.client.storage.from('photos').upload('notes.txt', 'plain', { contentType: 'text/plain' })
    expect(text.error).toMatchObject({
      message: 'mime type text/plain is not supported',
      statusCode: '415',
      code: 'InvalidMimeType',
    })
    const jpeg = await user.client.storage.from('photos').upload('a.jpg', Buffer.from('jpg'), { contentType: 'image/jpeg' })
    expect(jpeg.error).toBeNull()
    const pdf = await user.client.storage.from('photos').upload('a.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' })
    expect(pdf.error).toBeNull()
  })

  it('refuses anything over the global 50 MB limit, even for the service role', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024 + 1)
    const { error } = await service.storage.from('shared').upload('huge.bin', huge, { contentType: 'application/octet-stream' })
    expect(error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' })
  })

  it('reports a missing bucket as "Bucket not found"', async () => {
    const { error } = await user.client.storage.from('no-such-bucket').upload('a.txt', 'x')
    expect(error).toMatchObject({ message: 'Bucket not found', statusCode: '404', code: 'NoSuchBucket' })
  })

  it('refuses object names with characters the platform rejects', async () => {
    const { error } = await service.storage.from('shared').upload('straße.txt', 'x')
    expect(error).toMatchObject({ statusCode: '400', code: 'InvalidKey', message: 'Invalid key: straße.txt' })
  })

  it('refuses a forged token with InvalidJWT instead of treating the caller as anon', async () => {
    const res = await fetch(objectUrl('shared', 'a.txt'), {
      headers: { Authorization: 'Bearer not.a.jwt', apikey: standIn.config.anonKey },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' })
  })
})
