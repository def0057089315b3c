import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AVATARS } from '../../../lib/constants.ts'
import type { Db } from '../../../lib/listings/refusal.ts'
import { AVATAR_SIZE, reencodeAvatar } from '../../../lib/profile/avatar-image.ts'
import { assembleCast, type Cast } from './cast.ts'

// Issue 11: an avatar is shown from a public bucket, so what the browser uploaded is never what is
// shown: it is judged by its bytes, drawn again without metadata, and the upload is removed.
describe('avatar re-encoding', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const bucket = () => cast.member.client.storage.from(AVATARS.bucket)
  const put = async (body: Buffer, type = 'image/jpeg') => {
    const path = `${cast.member.id}/upload-${Date.now()}${Math.floor(Math.random() * 1000)}.jpg`
    const { error } = await bucket().upload(path, body, { contentType: type })
    if (error) throw error
    return path
  }
  const exists = async (path: string) => {
    const { data } = await cast.service.storage.from(AVATARS.bucket).list(cast.member.id)
    return (data ?? []).some((f) => `${cast.member.id}/${f.name}` === path)
  }

  it('stores a square WebP without EXIF (no GPS) under a new name and removes the upload', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa3355' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 3540/100' } })
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeTruthy()
    const uploaded = await put(photo)
    const path = await reencodeAvatar(cast.member.client as unknown as Db, cast.member.id, uploaded)
    expect(path).toMatch(new RegExp(`^${cast.member.id}/avatar-\\d+\\.webp$`))
    const { data } = await cast.service.storage.from(AVATARS.bucket).download(path)
    const stored = Buffer.from(await data!.arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect([meta.format, meta.width, meta.height, Boolean(meta.exif), Boolean(meta.xmp)]).toEqual(['webp', AVATAR_SIZE, AVATAR_SIZE, false, false])
    expect(await exists(uploaded)).toBe(false)
  })

  it('refuses HTML named .jpg and sent as image/jpeg, and removes it', async () => {
    const uploaded = await put(Buffer.from('<html><body><script>alert(1)</script></body></html>'))
    await expect(reencodeAvatar(cast.member.client as unknown as Db, cast.member.id, uploaded)).rejects.toThrow(
      'That file is not a JPEG, PNG or WebP image, whatever its name says.',
    )
    expect(await exists(uploaded)).toBe(false)
  })

  it('refuses an SVG and a damaged image', async () => {
    const svg = await put(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png')
    await expect(reencodeAvatar(cast.member.client as unknown as Db, cast.member.id, svg)).rejects.toThrow(/not a JPEG, PNG or WebP/)
    const good = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer()
    const broken = await put(Buffer.concat([good.subarray(0, 60), Buffer.alloc(100, 1)]), 'image/png')
    await expect(reencodeAvatar(cast.member.client as unknown as Db, cast.member.id, broken)).rejects.toThrow(/could not be read/)
  })
})
