import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../supabase/local/jwt.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('storage signed URLs and signed uploads', () => {
  let standIn: StandIn
  let alice: { client: SupabaseClient; id: string }
  let bob: { client: SupabaseClient; id: string }
  let anon: SupabaseClient

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    const a = await signedInClient(standIn)
    const b = await signedInClient(standIn)
    alice = { client: a.client, id: a.user.id }
    bob = { client: b.client, id: b.user.id }
    anon = clientFor(standIn, 'anon')
    for (const f of ['plan.pdf', 'photo one.png']) {
      const up = await alice.client.storage.from('avatars').upload(`${alice.id}/${f}`, `bytes of ${f}`)
      if (up.error) throw up.error
    }
  })
  afterAll(() => standIn?.stop())

  it('signs a URL for a visible object that serves the bytes without credentials', async () => {
    const { data, error } = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/plan.pdf`, 60)
    expect(error).toBeNull()
    expect(data!.signedUrl).toMatch(new RegExp(`^${standIn.url}/storage/v1/object/sign/avatars/${alice.id}/plan.pdf\\?token=`))
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
    expect(claims).toMatchObject({ url: `avatars/${alice.id}/plan.pdf`, scope: 'download' })
    expect(claims.exp - claims.iat).toBe(60)

    const res = await fetch(data!.signedUrl)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('bytes of plan.pdf')
  })

  it('signs names with spaces and honours the download option', async () => {
    const { data } = await alice.client.storage
      .from('avatars')
      .createSignedUrl(`${alice.id}/photo one.png`, 60, { download: 'one.png' })
    const res = await fetch(data!.signedUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('filename=one.png')
    expect(await res.text()).toBe('bytes of photo one.png')
  })

  it('stops serving a signed URL once it expires', async () => {
    // expiry has whole-second granularity (iat is floored): sign right after a second starts so a
    // 1-second URL really lives for about a second, even on a busy machine
    await sleep(1000 - (Date.now() % 1000) + 20)
    const { data } = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/plan.pdf`, 1)
    expect((await fetch(data!.signedUrl)).status).toBe(200)
    await sleep(2100)
    const res = await fetch(data!.signedUrl)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' })
  })

  it('refuses a token made for another object, or signed with another secret', async () => {
    const { data } = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/plan.pdf`, 60)
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const other = await fetch(`${standIn.url}/storage/v1/object/sign/avatars/${alice.id}/photo%20one.png?token=${token}`)
    expect(await other.json()).toMatchObject({ code: 'InvalidSignature' })

    const forged = await signJwt({ ...standIn.config, jwtSecret: 'x'.repeat(40) }, { url: `avatars/${alice.id}/plan.pdf` })
    const res = await fetch(`${standIn.url}/storage/v1/object/sign/avatars/${alice.id}/plan.pdf?token=${forged}`)
    expect(await res.json()).toMatchObject({ code: 'InvalidJWT', message: 'invalid signature' })
  })

  it('signs many paths at once, with an error entry for the ones the caller cannot see', async () => {
    const paths = [`${alice.id}/plan.pdf`, `${alice.id}/missing.pdf`]
    const mine = await alice.client.storage.from('avatars').createSignedUrls(paths, 60)
    expect(mine.error).toBeNull()
    expect(mine.data![0]).toMatchObject({ path: paths[0], error: null, signedUrl: expect.stringContaining('token=') })
    expect(mine.data![1]).toMatchObject({
      path: paths[1],
      error: 'Either the object does not exist or you do not have access to it',
      signedURL: null,
    })
    expect(await (await fetch(mine.data![0].signedUrl!)).text()).toBe('bytes of plan.pdf')

    const bobs = await bob.client.storage.from('avatars').createSignedUrls(paths, 60)
    expect(bobs.data!.every((d) => d.signedURL === null)).toBe(true)
  })

  it('creates a signed upload URL only for callers allowed to insert there', async () => {
    const refused = await bob.client.storage.from('avatars').createSignedUploadUrl(`${alice.id}/upload.png`)
    expect(refused.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    const anonRefused = await anon.storage.from('avatars').createSignedUploadUrl(`${alice.id}/upload.png`)
    expect(anonRefused.error).toMatchObject({ code: 'AccessDenied' })
    const taken = await alice.client.storage.from('avatars').createSignedUploadUrl(`${alice.id}/plan.pdf`)
    expect(taken.error).toMatchObject({ statusCode: '409', code: 'KeyAlreadyExists' })
  })

  it('uploads with a signed upload token, anonymously, owned by the user who signed it', async () => {
    const path = `${alice.id}/signed.png`
    const { data, error } = await alice.client.storage.from('avatars').createSignedUploadUrl(path)
    expect(error).toBeNull()
    expect(data).toMatchObject({ path, token: expect.any(String), signedUrl: expect.stringContaining('/object/upload/sign/avatars/') })

    const put = await anon.storage.from('avatars').uploadToSignedUrl(path, data!.token, new Blob(['signed bytes'], { type: 'image/png' }))
    expect(put.error).toBeNull()
    expect(put.data).toMatchObject({ path, fullPath: `avatars/${path}` })

    const row = await standIn.db.query<{ owner_id: string }>(`select owner_id from storage.objects where name = $1`, [path])
    expect(row.rows[0].owner_id).toBe(alice.id)
    const dl = await alice.client.storage.from('avatars').download(path)
    expect(await dl.data!.text()).toBe('signed bytes')

    // without upsert in the token the same URL cannot overwrite
    const again = await anon.storage.from('avatars').uploadToSignedUrl(path, data!.token, 'other')
    expect(again.error).toMatchObject({ code: 'KeyAlreadyExists' })
  })

  it('overwrites through a signed upload URL created with upsert', async () => {
    const path = `${alice.id}/signed.png`
    const { data } = await alice.client.storage.from('avatars').createSignedUploadUrl(path, { upsert: true })
    const put = await anon.storage.from('avatars').uploadToSignedUrl(path, data!.token, 'replaced', { contentType: 'text/plain' })
    expect(put.error).toBeNull()
    expect(await (await alice.client.storage.from('avatars').download(path)).data!.text()).toBe('replaced')
  })

  it('does not accept a download token for an upload, nor an upload token for another path', async () => {
    const { data } = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/plan.pdf`, 60)
    const downloadToken = new URL(data!.signedUrl).searchParams.get('token')!
    const put = await anon.storage.from('avatars').uploadToSignedUrl(`${alice.id}/plan.pdf`, downloadToken, 'x', { upsert: true })
    expect(put.error).toMatchObject({ code: 'InvalidSignature' })

    const up = await alice.client.storage.from('avatars').createSignedUploadUrl(`${alice.id}/one.png`)
    const elsewhere = await anon.storage.from('avatars').uploadToSignedUrl(`${alice.id}/two.png`, up.data!.token, 'x')
    expect(elsewhere.error).toMatchObject({ code: 'InvalidSignature' })
  })
})
