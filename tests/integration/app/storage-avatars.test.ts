import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AVATARS } from '../../../lib/constants.ts'
import { assembleCast, type Cast } from './cast.ts'

// avatars bucket: public read by URL; each user writes, lists and removes only under `{their id}/`.
describe('avatars storage policies', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const png = (text = 'fake png bytes') => new Blob([text], { type: 'image/png' })
  const exists = async (name: string) => {
    const folder = name.split('/')[0]
    const { data } = await cast.service.storage.from(AVATARS.bucket).list(folder)
    return (data ?? []).some((f) => `${folder}/${f.name}` === name)
  }

  it('is a public bucket limited to 2 MB of JPEG, PNG or WebP', async () => {
    const { data, error } = await cast.service.storage.getBucket(AVATARS.bucket)
    expect(error).toBeNull()
    expect(data).toMatchObject({
      public: true,
      file_size_limit: AVATARS.maxBytes,
      allowed_mime_types: [...AVATARS.mimeTypes],
    })
  })

  it('lets a user upload, replace and list their own avatar', async () => {
    const name = `${cast.member.id}/avatar.png`
    const first = await cast.member.client.storage.from(AVATARS.bucket).upload(name, png())
    expect(first.error).toBeNull()
    const replaced = await cast.member.client.storage.from(AVATARS.bucket).upload(name, png('newer'), { upsert: true })
    expect(replaced.error).toBeNull()
    const { data } = await cast.member.client.storage.from(AVATARS.bucket).list(cast.member.id)
    expect((data ?? []).map((f) => f.name)).toEqual(['avatar.png'])
  })

  it("refuses an upload into someone else's folder or outside any folder", async () => {
    for (const name of [`${cast.owner.id}/avatar.png`, 'avatar.png']) {
      const { error } = await cast.member.client.storage.from(AVATARS.bucket).upload(name, png())
      expect(error).toMatchObject({ statusCode: '403' })
      expect(await exists(name)).toBe(false)
    }
  })

  it('refuses an upload from a visitor without a session', async () => {
    const { error } = await cast.visitor.storage.from(AVATARS.bucket).upload(`${cast.member.id}/anon.png`, png())
    expect(error).toMatchObject({ statusCode: '403' })
    expect(await exists(`${cast.member.id}/anon.png`)).toBe(false)
  })

  it('refuses files that are not images or are larger than 2 MB', async () => {
    const text = await cast.member.client.storage.from(AVATARS.bucket)
      .upload(`${cast.member.id}/notes.txt`, new Blob(['hi'], { type: 'text/plain' }))
    expect(text.error).not.toBeNull()
    const big = await cast.member.client.storage.from(AVATARS.bucket)
      .upload(`${cast.member.id}/huge.png`, new Blob([new Uint8Array(AVATARS.maxBytes + 1)], { type: 'image/png' }))
    expect(big.error).not.toBeNull()
    expect(await exists(`${cast.member.id}/notes.txt`)).toBe(false)
    expect(await exists(`${cast.member.id}/huge.png`)).toBe(false)
  })

  it('serves avatars to anyone by public URL', async () => {
    const name = `${cast.owner.id}/face.png`
    expect((await cast.owner.client.storage.from(AVATARS.bucket).upload(name, png('owner face'))).error).toBeNull()
    const url = cast.visitor.storage.from(AVATARS.bucket).getPublicUrl(name).data.publicUrl
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('owner face')
  })

  it("does not let a user remove or overwrite someone else's avatar", async () => {
    const name = `${cast.owner.id}/face.png`
    const removed = await cast.member.client.storage.from(AVATARS.bucket).remove([name])
    expect(removed).toEqual({ data: [], error: null })
    const overwrite = await cast.member.client.storage.from(AVATARS.bucket).upload(name, png('vandal'), { upsert: true })
    expect(overwrite.error).toMatchObject({ statusCode: '403' })
    expect(await exists(name)).toBe(true)
    const res = await fetch(cast.visitor.storage.from(AVATARS.bucket).getPublicUrl(name).data.publicUrl)
    expect(await res.text()).toBe('owner face')
  })

  it('lets a user remove their own avatar', async () => {
    const name = `${cast.owner.id}/face.png`
    const { data, error } = await cast.owner.client.storage.from(AVATARS.bucket).remove([name])
    expect(error).toBeNull()
    expect((data ?? []).map((f) => f.name)).toEqual([name])
    expect(await exists(name)).toBe(false)
  })
})
