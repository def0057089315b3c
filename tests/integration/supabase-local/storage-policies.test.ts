import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'

const DENIED = {
  message: 'new row violates row-level security policy',
  status: 400,
  statusCode: '403',
  code: 'AccessDenied',
}

describe('storage policies decide access per role, as on the platform', () => {
  let standIn: StandIn
  let alice: { client: SupabaseClient; id: string }
  let bob: { client: SupabaseClient; id: string }
  let anon: SupabaseClient
  let service: SupabaseClient

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    const a = await signedInClient(standIn)
    const b = await signedInClient(standIn)
    alice = { client: a.client, id: a.user.id }
    bob = { client: b.client, id: b.user.id }
    anon = clientFor(standIn, 'anon')
    service = clientFor(standIn, 'service_role')
    const up = await alice.client.storage.from('avatars').upload(`${alice.id}/me.png`, new Blob(['alice'], { type: 'image/png' }))
    if (up.error) throw up.error
  })
  afterAll(() => standIn?.stop())

  it('lets the owner read their own folder', async () => {
    const { data, error } = await alice.client.storage.from('avatars').download(`${alice.id}/me.png`)
    expect(error).toBeNull()
    expect(await data!.text()).toBe('alice')
  })

  it('refuses an anonymous upload into a private bucket with AccessDenied', async () => {
    const { error } = await anon.storage.from('avatars').upload(`${alice.id}/anon.png`, 'x')
    expect(error).toMatchObject(DENIED)
  })

  it("refuses another user's upload into someone else's folder (path guessing)", async () => {
    const { error } = await bob.client.storage.from('avatars').upload(`${alice.id}/planted.png`, 'x')
    expect(error).toMatchObject(DENIED)
    const overwrite = await bob.client.storage.from('avatars').upload(`${alice.id}/me.png`, 'x', { upsert: true })
    expect(overwrite.error).toMatchObject(DENIED)
    const count = await standIn.db.query(`select 1 from storage.objects where name = $1`, [`${alice.id}/planted.png`])
    expect(count.rows).toHaveLength(0)
  })

  it("hides another user's objects from download, info, signing and listing", async () => {
    const path = `${alice.id}/me.png`
    const dl = await bob.client.storage.from('avatars').download(path)
    expect(dl.error?.message).toBe('Object not found')
    expect((await bob.client.storage.from('avatars').exists(path)).data).toBe(false)
    const signed = await bob.client.storage.from('avatars').createSignedUrl(path, 60)
    expect(signed.error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    const list = await bob.client.storage.from('avatars').list(alice.id)
    expect(list.data).toEqual([])
    const anonDl = await anon.storage.from('avatars').download(path)
    expect(anonDl.error?.message).toBe('Object not found')
  })

  it("does not let another user remove or move someone else's object", async () => {
    const path = `${alice.id}/me.png`
    const removed = await bob.client.storage.from('avatars').remove([path])
    expect(removed).toEqual({ data: [], error: null })
    const moved = await bob.client.storage.from('avatars').move(path, `${bob.id}/stolen.png`)
    expect(moved.error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    expect((await alice.client.storage.from('avatars').exists(path)).data).toBe(true)
  })

  it('lets the service role bypass every policy', async () => {
    const { data } = await service.storage.from('avatars').download(`${alice.id}/me.png`)
    expect(await data!.text()).toBe('alice')
    const list = await service.storage.from('avatars').list(alice.id)
    expect(list.data?.map((f) => f.name)).toContain('me.png')
    const up = await service.storage.from('avatars').upload('system/banner.png', 'x')
    expect(up.error).toBeNull()
  })

  it('serves public buckets to anyone by public URL, and refuses the public URL of a private bucket', async () => {
    const up = await alice.client.storage.from('public-media').upload('tour.mp4', new Blob(['video'], { type: 'video/mp4' }))
    expect(up.error).toBeNull()
    const publicUrl = anon.storage.from('public-media').getPublicUrl('tour.mp4').data.publicUrl
    const res = await fetch(publicUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(await res.text()).toBe('video')

    const privateUrl = anon.storage.from('avatars').getPublicUrl(`${alice.id}/me.png`).data.publicUrl
    const refused = await fetch(privateUrl)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' })

    // the public flag opens the public URL only; the authenticated route still follows the policies
    const viaApi = await anon.storage.from('public-media').download('tour.mp4')
    expect(viaApi.error?.message).toBe('Object not found')
    const info = await fetch(`${standIn.url}/storage/v1/object/info/public/public-media/tour.mp4`)
    expect(await info.json()).toMatchObject({ name: 'tour.mp4', content_type: 'video/mp4', size: 5 })
  })

  it('needs INSERT, SELECT and UPDATE policies for an upsert over an existing object', async () => {
    // public-media grants owners insert and select but no update
    const { error } = await alice.client.storage.from('public-media').upload('tour.mp4', 'new', { upsert: true })
    expect(error?.message).toMatch(/row-level security/)
    expect(error).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
  })

  it('needs a DELETE policy to remove: without one nothing is deleted', async () => {
    const removed = await alice.client.storage.from('public-media').remove(['tour.mp4'])
    expect(removed).toEqual({ data: [], error: null })
    expect((await alice.client.storage.from('public-media').exists('tour.mp4')).data).toBe(true)
  })

  it('removes exactly the rows that existed and passed the policies', async () => {
    const folder = alice.id
    for (const f of ['r1.txt', 'r2.txt']) await alice.client.storage.from('avatars').upload(`${folder}/${f}`, f)
    const { data, error } = await alice.client.storage
      .from('avatars')
      .remove([`${folder}/r1.txt`, `${folder}/r2.txt`, `${folder}/never.txt`])
    expect(error).toBeNull()
    expect(data?.map((o) => o.name).sort()).toEqual([`${folder}/r1.txt`, `${folder}/r2.txt`])
    expect(data?.[0]).toMatchObject({ bucket_id: 'avatars', owner_id: alice.id, id: expect.any(String) })
    expect((await alice.client.storage.from('avatars').exists(`${folder}/r1.txt`)).data).toBe(false)
  })

  it('moves within the own folder and refuses a move into another user\'s folder', async () => {
    await alice.client.storage.from('avatars').upload(`${alice.id}/old.txt`, 'moving')
    const moved = await alice.client.storage.from('avatars').move(`${alice.id}/old.txt`, `${alice.id}/sub/new.txt`)
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null })
    const { data } = await alice.client.storage.from('avatars').download(`${alice.id}/sub/new.txt`)
    expect(await data!.text()).toBe('moving')
    expect((await alice.client.storage.from('avatars').exists(`${alice.id}/old.txt`)).data).toBe(false)

    const refused = await alice.client.storage.from('avatars').move(`${alice.id}/sub/new.txt`, `${bob.id}/gift.txt`)
    expect(refused.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    expect((await alice.client.storage.from('avatars').exists(`${alice.id}/sub/new.txt`)).data).toBe(true)
  })

  it('copies across buckets when the destination policy allows it, and refuses when it does not', async () => {
    const copied = await alice.client.storage
      .from('avatars')
      .copy(`${alice.id}/me.png`, 'copies/alice.png', { destinationBucket: 'shared' })
    expect(copied).toEqual({ data: { path: 'shared/copies/alice.png' }, error: null })
    const { data } = await anon.storage.from('shared').download('copies/alice.png')
    expect(await data!.text()).toBe('alice')
    expect(data!.type).toBe('image/png')
    // the original stays
    expect((await alice.client.storage.from('avatars').exists(`${alice.id}/me.png`)).data).toBe(true)

    const refused = await bob.client.storage
      .from('shared')
      .copy('copies/alice.png', `${alice.id}/from-bob.png`, { destinationBucket: 'avatars' })
    expect(refused.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
  })

  it('sets storage.operation so a policy can allow listing but not reading', async () => {
    const up = await service.storage.from('catalog').upload('brochure.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' })
    expect(up.error).toBeNull()
    const list = await anon.storage.from('catalog').list()
    expect(list.data?.map((f) => f.name)).toEqual(['brochure.pdf'])
    const dl = await anon.storage.from('catalog').download('brochure.pdf')
    expect(dl.error?.message).toBe('Object not found')
  })
})
