import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA } from '../../lib/constants.ts'
import * as writes from '../../lib/listings/writes.ts'
import { finalizeUpload, prepareUpload } from '../../lib/media/upload.ts'
import { assembleCast, behind, db, listingInput, objectExists, type Cast } from './listings/fixtures.ts'

// Issue 11: listing photos and the team pictures agents use (logo kind, also picked as agent photos)
// are stored only as sharp's re-encoding: EXIF GPS gone, orientation kept as pixels, the stored
// content type the real one; an SVG is refused whatever its name and declared type.
describe('uploaded images are re-encoded', () => {
  let cast: Cast
  let listingId: string
  beforeAll(async () => {
    cast = await assembleCast()
    listingId = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput())).id
  })
  afterAll(() => cast?.standIn.stop())

  async function upload(name: string, body: Buffer, mime: string, kind: 'photo' | 'logo') {
    const listing = kind === 'photo' ? listingId : null
    const prepared = await prepareUpload(db(cast.member), cast.member.id, cast.teamId, { name, bytes: body.length, mime, kind, listingId: listing })
    const put = await cast.member.client.storage.from(MEDIA.bucket).uploadToSignedUrl(prepared.path, prepared.token, body, { contentType: prepared.contentType })
    if (put.error) throw put.error
    const finalized = finalizeUpload(db(cast.member), cast.member.id, cast.teamId, { path: prepared.path, kind, listingId: listing, caption: null })
    return { path: prepared.path, finalized }
  }
  const stored = async (path: string) => {
    const { data, error } = await cast.service.storage.from(MEDIA.bucket).download(path)
    if (error) throw error
    return { bytes: Buffer.from(await data.arrayBuffer()), type: data.type }
  }
  const gps = { IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 3540/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 4000/100' } }

  it('a listing photo with GPS in its EXIF is stored upright, as JPEG, without any EXIF', async () => {
    const body = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#335577' } }).jpeg().withExif(gps).withMetadata({ orientation: 6 }).toBuffer()
    const before = await sharp(body).metadata()
    expect([Boolean(before.exif), before.orientation, body.includes(Buffer.from('Phone'))]).toEqual([true, 6, true])
    const { path, finalized } = await upload('garden.jpg', body, 'image/jpeg', 'photo')
    const asset = await finalized
    const file = await stored(path)
    const after = await sharp(file.bytes).metadata()
    expect([after.format, after.width, after.height, Boolean(after.exif), Boolean(after.xmp), after.orientation]).toEqual(['jpeg', 200, 300, false, false, undefined])
    expect(file.type).toBe('image/jpeg')
    expect(file.bytes.includes(Buffer.from('Phone'))).toBe(false)
    expect(asset).toMatchObject({ mime: 'image/jpeg', width: 200, height: 300, bytes: file.bytes.length })
  })

  it('a WebP picture with GPS EXIF for agents (logo kind) keeps no metadata either', async () => {
    const body = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#aa5500' } }).webp().withExif(gps).toBuffer()
    expect(Boolean((await sharp(body).metadata()).exif)).toBe(true)
    const { path, finalized } = await upload('agent.webp', body, 'image/webp', 'logo')
    expect(await finalized).toMatchObject({ mime: 'image/webp', kind: 'logo' })
    const file = await stored(path)
    const after = await sharp(file.bytes).metadata()
    expect([after.format, Boolean(after.exif), file.type]).toEqual(['webp', false, 'image/webp'])
  })

  // Issue 26, item 7: the limit is the person's file's. This 48-megapixel JPEG is about 8 MB, well
  // under 15 MB, but its quality-90 re-encode is about 17.5 MB: it used to be refused with that number.
  it('a JPEG under the limit whose re-encode would be over it is stored, within the limit', async () => {
    const [width, height] = [8000, 6000]
    const raw = Buffer.alloc(width * height * 3)
    for (let i = 0; i < raw.length; i += 65_536) crypto.getRandomValues(raw.subarray(i, Math.min(i + 65_536, raw.length)))
    const body = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 12, chromaSubsampling: '4:4:4' }).toBuffer()
    expect(body.length).toBeLessThan(MEDIA.maxBytes)
    const { path, finalized } = await upload('big-sunset.jpg', body, 'image/jpeg', 'photo')
    const asset = await finalized
    const file = await stored(path)
    expect(file.bytes.length).toBeLessThanOrEqual(MEDIA.maxBytes)
    expect([asset.bytes, asset.width, asset.height]).toEqual([file.bytes.length, width, height])
  }, 600_000)

  it('refuses an SVG named .png and sent as image/png, and keeps nothing of it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>')
    const { path, finalized } = await upload('logo.png', svg, 'image/png', 'logo')
    await expect(finalized).rejects.toMatchObject({ message: 'logo.png is not a JPEG, PNG or WebP image.' })
    expect(await behind(cast, 'media_assets', { path })).toEqual([])
    expect(await objectExists(cast, path)).toBe(false)
  })

  it('refuses an HTML page named .jpg', async () => {
    const html = Buffer.from('<!doctype html><title>x</title><script>fetch("/steal?c="+document.cookie)</script>')
    const { path, finalized } = await upload('front.jpg', html, 'image/jpeg', 'photo')
    await expect(finalized).rejects.toMatchObject({ message: 'front.jpg is not a JPEG, PNG or WebP image.' })
    expect(await objectExists(cast, path)).toBe(false)
  })
})
