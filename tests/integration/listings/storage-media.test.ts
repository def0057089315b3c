import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA } from '../../../lib/constants.ts'
import { assembleCast, objectExists, png, type Cast } from './fixtures.ts'

// media bucket: private; members of a team read and write only under `{team id}/…`; a guessed path
// in another team's folder, a malformed folder or no session gets nothing.
describe('media storage policies', () => {
  let cast: Cast
  let ours: string
  let image: Buffer
  beforeAll(async () => {
    cast = await assembleCast()
    image = await png()
    ours = `${cast.teamId}/photos/0b6c1f8e-6f1e-4a53-9d47-0d2c1f6a7b10/front.png`
    const { error } = await cast.member.client.storage.from(MEDIA.bucket).upload(ours, image, { contentType: 'image/png' })
    if (error) throw error
  })
  afterAll(() => cast?.standIn.stop())

  const bucket = (who: 'member' | 'owner' | 'outsider' | 'siteAdmin') => cast[who].client.storage.from(MEDIA.bucket)

  it('is a private bucket limited to 15 MB of the media types', async () => {
    const { data } = await cast.service.storage.getBucket(MEDIA.bucket)
    expect(data).toMatchObject({ public: false, file_size_limit: MEDIA.maxBytes })
    for (const mime of Object.values(MEDIA.mimeTypes).flat()) expect(data?.allowed_mime_types).toContain(mime)
    const res = await fetch(cast.visitor.storage.from(MEDIA.bucket).getPublicUrl(ours).data.publicUrl)
    expect(res.ok).toBe(false)
  })

  describe('members of the team', () => {
    it('let every teammate download, list and sign URLs for the team’s files', async () => {
      const download = await bucket('owner').download(ours)
      expect(Buffer.from(await download.data!.arrayBuffer()).equals(image)).toBe(true)
      const listed = await bucket('owner').list(ours.split('/').slice(0, 3).join('/'))
      expect(listed.data?.map((f) => f.name)).toEqual(['front.png'])
      const signed = await bucket('owner').createSignedUrl(ours, 60)
      expect((await fetch(signed.data!.signedUrl)).status).toBe(200)
    })

    it('let a teammate replace, move and remove the team’s files', async () => {
      const name = `${cast.teamId}/photos/11111111-2222-4333-8444-555555555555/back.png`
      expect((await bucket('member').upload(name, image, { contentType: 'image/png' })).error).toBeNull()
      expect((await bucket('owner').upload(name, await png(8, 8), { contentType: 'image/png', upsert: true })).error).toBeNull()
      const moved = `${cast.teamId}/photos/11111111-2222-4333-8444-555555555555/rear.png`
      expect((await bucket('owner').move(name, moved)).error).toBeNull()
      const removed = await bucket('member').remove([moved])
      expect(removed.data?.map((f) => f.name)).toEqual([moved])
      expect(await objectExists(cast, moved)).toBe(false)
    })

    it('let a site administrator read but not write', async () => {
      expect((await bucket('siteAdmin').download(ours)).error).toBeNull()
      const upload = await bucket('siteAdmin').upload(`${cast.teamId}/photos/admin/x.png`, image, { contentType: 'image/png' })
      expect(upload.error).toMatchObject({ statusCode: '403' })
      expect((await bucket('siteAdmin').remove([ours])).data).toEqual([])
      expect(await objectExists(cast, ours)).toBe(true)
    })
  })

  describe('a member of another team who guesses the path', () => {
    it('cannot download it, sign a URL for it or see it listed', async () => {
      expect((await bucket('outsider').download(ours)).error).not.toBeNull()
      expect((await bucket('outsider').createSignedUrl(ours, 60)).error).not.toBeNull()
      const many = await bucket('outsider').createSignedUrls([ours], 60)
      expect(many.data?.[0]?.signedUrl ?? null).toBeNull()
      expect((await bucket('outsider').list(`${cast.teamId}/photos`)).data).toEqual([])
    })

    it('cannot upload into the team folder, overwrite, move, copy or remove its files', async () => {
      const into = await bucket('outsider').upload(`${cast.teamId}/photos/evil/x.png`, image, { contentType: 'image/png' })
      expect(into.error).toMatchObject({ statusCode: '403' })
      const over = await bucket('outsider').upload(ours, await png(4, 4), { contentType: 'image/png', upsert: true })
      expect(over.error).not.toBeNull()
      const signUpload = await bucket('outsider').createSignedUploadUrl(`${cast.teamId}/photos/evil/y.png`)
      expect(signUpload.error).not.toBeNull()
      expect((await bucket('outsider').move(ours, `${cast.otherTeamId}/photos/stolen.png`)).error).not.toBeNull()
      expect((await bucket('outsider').copy(ours, `${cast.otherTeamId}/photos/copied.png`)).error).not.toBeNull()
      expect((await bucket('outsider').remove([ours])).data).toEqual([])

      expect(await objectExists(cast, ours)).toBe(true)
      const still = await bucket('member').download(ours)
      expect(Buffer.from(await still.data!.arrayBuffer()).equals(image)).toBe(true)
      expect(await objectExists(cast, `${cast.otherTeamId}/photos/copied.png`)).toBe(false)
      expect(await objectExists(cast, `${cast.teamId}/photos/evil/x.png`)).toBe(false)
    })

    it('still uses their own team folder normally', async () => {
      const own = `${cast.otherTeamId}/photos/a/own.png`
      expect((await bucket('outsider').upload(own, image, { contentType: 'image/png' })).error).toBeNull()
      expect((await bucket('member').download(own)).error).not.toBeNull()
    })
  })

  describe('paths outside any team folder', () => {
    it.each([
      ['a folder that is not a uuid', 'not-a-team/photos/x.png'],
      ['an upper-case spelling of the team id', null],
      ['no folder at all', 'loose.png'],
    ])('refuses %s with 403, not a server error', async (_label, path) => {
      const name = path ?? `${cast.teamId.toUpperCase()}/photos/x.png`
      const { error } = await bucket('member').upload(name, image, { contentType: 'image/png' })
      expect(error).toMatchObject({ statusCode: '403' })
      expect((await bucket('member').download(name)).error).not.toBeNull()
    })
  })

  describe('a visitor without a session', () => {
    it('can neither read nor write', async () => {
      const visitor = cast.visitor.storage.from(MEDIA.bucket)
      expect((await visitor.download(ours)).error).not.toBeNull()
      expect((await visitor.list(cast.teamId)).data ?? []).toEqual([])
      expect((await visitor.upload(`${cast.teamId}/photos/v/x.png`, image, { contentType: 'image/png' })).error).toMatchObject({ statusCode: '403' })
      expect((await visitor.remove([ours])).data ?? []).toEqual([])
      expect(await objectExists(cast, ours)).toBe(true)
    })
  })

  it('refuses a file over 15 MB and a type the bucket does not take', async () => {
    const big = `${cast.teamId}/photos/big/huge.jpg`
    const tooBig = await bucket('member').upload(big, new Uint8Array(MEDIA.maxBytes + 1), { contentType: 'image/jpeg' })
    expect(tooBig.error).toMatchObject({ statusCode: '413' })
    expect(await objectExists(cast, big)).toBe(false)
    const html = await bucket('member').upload(`${cast.teamId}/photos/h/page.html`, '<html></html>', { contentType: 'text/html' })
    expect(html.error).not.toBeNull()
  })
})
