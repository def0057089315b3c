import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA } from '../../../lib/constants.ts'
import { Refusal } from '../../../lib/listings/refusal.ts'
import * as writes from '../../../lib/listings/writes.ts'
import { finalizeUpload, prepareUpload } from '../../../lib/media/upload.ts'
import { assembleCast, behind, db, listingInput, must, objectExists, png, type Cast, type Person } from './fixtures.ts'

// The upload pipeline the server actions run (lib/media/upload.ts) against the stand-in: the browser's
// part (PUT to the signed URL) is done here with supabase-js, as the uploader does it with XHR.
describe('media uploads', () => {
  let cast: Cast
  let listingId: string
  beforeAll(async () => {
    cast = await assembleCast()
    listingId = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput())).id
  })
  afterAll(() => cast?.standIn.stop())

  type Upload = { name: string; body: Buffer; mime: string; kind?: 'photo' | 'logo' | 'video' | 'audio'; listing?: string | null }

  async function send(person: Person, u: Upload) {
    const prepared = await prepareUpload(db(person), person.id, cast.teamId, {
      name: u.name, bytes: u.body.length, mime: u.mime, kind: u.kind ?? 'photo', listingId: u.listing === undefined ? listingId : u.listing,
    })
    const put = await person.client.storage.from(MEDIA.bucket).uploadToSignedUrl(prepared.path, prepared.token, u.body, { contentType: prepared.contentType })
    if (put.error) throw put.error
    return prepared
  }

  async function upload(person: Person, u: Upload) {
    const prepared = await send(person, u)
    const finalized = finalizeUpload(db(person), person.id, cast.teamId, {
      path: prepared.path, kind: u.kind ?? 'photo', listingId: u.listing === undefined ? listingId : u.listing, caption: 'Front',
    })
    return { prepared, finalized }
  }

  const thumbOf = (path: string) => `${cast.teamId}/thumbs/${path.split('/').at(-2)}.webp`
  const download = async (path: string) => {
    const { data, error } = await cast.service.storage.from(MEDIA.bucket).download(path)
    if (error) throw error
    return { bytes: Buffer.from(await data.arrayBuffer()), type: data.type }
  }

  /** nothing of a refused upload remains: no row, no object, no thumbnail */
  async function expectNothingSaved(path: string) {
    expect(await behind(cast, 'media_assets', { path })).toEqual([])
    expect(await objectExists(cast, path)).toBe(false)
    expect(await objectExists(cast, thumbOf(path))).toBe(false)
  }

  it('stores a photo upright, records its size, strips EXIF and writes a 480 px WebP thumbnail', async () => {
    const body = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4488cc' } })
      .jpeg().withMetadata({ orientation: 6 }).toBuffer()
    const { prepared, finalized } = await upload(cast.member, { name: 'Front door.jpg', body, mime: 'image/jpeg' })
    const asset = await finalized
    expect(asset).toMatchObject({
      team_id: cast.teamId, listing_id: listingId, kind: 'photo', mime: 'image/jpeg', width: 800, height: 1200,
      name: 'Front-door.jpg', caption: 'Front', position: 0, thumb_path: thumbOf(prepared.path), created_by: cast.member.id,
    })
    const stored = await download(prepared.path)
    const meta = await sharp(stored.bytes).metadata()
    expect([meta.width, meta.height, meta.orientation ?? 1, Boolean(meta.exif)]).toEqual([800, 1200, 1, false])
    expect(asset.bytes).toBe(stored.bytes.length)
    const thumb = await sharp((await download(asset.thumb_path!)).bytes).metadata()
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 720])
  })

  // issue 11: before, an upright photo was stored as sent, its GPS position and anything appended included
  it('re-encodes every photo, not only those with EXIF: a GPS position in XMP and bytes appended after the image are gone', async () => {
    const clean = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#88aa44' } })
      .jpeg()
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,51.59S"/></rdf:RDF></x:xmpmeta>')
      .toBuffer()
    const before = await sharp(clean).metadata()
    expect([Boolean(before.exif), Boolean(before.xmp), before.orientation ?? 1]).toEqual([false, true, 1])
    const body = Buffer.concat([clean, Buffer.from('<html><script>alert(document.cookie)</script></html>')])
    const { prepared, finalized } = await upload(cast.member, { name: 'garden.jpg', body, mime: 'image/jpeg' })
    const asset = await finalized
    const stored = await download(prepared.path)
    const after = await sharp(stored.bytes).metadata()
    expect([after.width, after.height, Boolean(after.exif), Boolean(after.xmp), Boolean(after.iptc), Boolean(after.comments?.length)]).toEqual([320, 200, false, false, false, false])
    expect(stored.bytes.includes(Buffer.from('<script>'))).toBe(false)
    expect(stored.bytes.includes(Buffer.from('GPS'))).toBe(false)
    expect(asset.bytes).toBe(stored.bytes.length)
  })

  it('accepts a PNG renamed to .txt as a PNG, judged by its bytes', async () => {
    const { prepared, finalized } = await upload(cast.member, { name: 'notes.txt', body: await png(40, 30), mime: 'text/plain' })
    expect(prepared.contentType).toBe('application/octet-stream')
    const asset = await finalized
    expect(asset).toMatchObject({ mime: 'image/png', width: 40, height: 30, name: 'notes.txt' })
    expect((await download(prepared.path)).type).toBe('image/png')
    const thumb = await sharp((await download(asset.thumb_path!)).bytes).metadata()
    expect([thumb.format, thumb.width]).toEqual(['webp', 40])
  })

  it('refuses an HTML file renamed to .jpg and deletes what was stored', async () => {
    const body = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    const { prepared, finalized } = await upload(cast.member, { name: 'house.jpg', body, mime: 'image/jpeg' })
    expect(await objectExists(cast, prepared.path)).toBe(true)
    await expect(finalized).rejects.toBeInstanceOf(Refusal)
    await expect(finalized).rejects.toMatchObject({ message: 'house.jpg is not a JPEG, PNG or WebP image.' })
    await expectNothingSaved(prepared.path)
  })

  it('refuses a GIF and says what it is', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer()
    const { prepared, finalized } = await upload(cast.member, { name: 'anim.gif', body: gif, mime: 'image/gif' })
    await expect(finalized).rejects.toMatchObject({ message: 'anim.gif is not a JPEG, PNG or WebP image (it is a GIF file).' })
    await expectNothingSaved(prepared.path)
  })

  it('refuses a damaged image that only looks like a PNG', async () => {
    const body = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)])
    const { prepared, finalized } = await upload(cast.member, { name: 'broken.png', body, mime: 'image/png' })
    await expect(finalized).rejects.toMatchObject({ message: 'broken.png could not be read as an image; it may be damaged.' })
    await expectNothingSaved(prepared.path)
  })

  it('refuses a 16 MB photo before any byte is sent, and the bucket refuses it too', async () => {
    const bytes = 16 * 1024 * 1024
    const attempt = prepareUpload(db(cast.member), cast.member.id, cast.teamId, { name: 'big.jpg', bytes, mime: 'image/jpeg', kind: 'photo', listingId })
    await expect(attempt).rejects.toMatchObject({ message: 'big.jpg is 16.0 MB; files can be up to 15 MB.', fieldErrors: { bytes: 'big.jpg is 16.0 MB; files can be up to 15 MB.' } })
    // a client that lies about the size still hits the bucket's limit
    const prepared = await prepareUpload(db(cast.member), cast.member.id, cast.teamId, { name: 'big.jpg', bytes: 1000, mime: 'image/jpeg', kind: 'photo', listingId })
    const put = await cast.member.client.storage.from(MEDIA.bucket).uploadToSignedUrl(prepared.path, prepared.token, Buffer.alloc(bytes, 1), { contentType: 'image/jpeg' })
    expect(put.error).toMatchObject({ statusCode: '413' })
    await expectNothingSaved(prepared.path)
  })

  it('accepts audio by its bytes without a thumbnail, and refuses an image sent as audio', async () => {
    const samples = Buffer.alloc(800)
    const header = Buffer.alloc(44)
    header.write('RIFF', 0); header.writeUInt32LE(36 + samples.length, 4); header.write('WAVE', 8); header.write('fmt ', 12)
    header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(1, 22); header.writeUInt32LE(8000, 24)
    header.writeUInt32LE(16000, 28); header.writeUInt16LE(2, 32); header.writeUInt16LE(16, 34); header.write('data', 36); header.writeUInt32LE(samples.length, 40)
    const wav = await upload(cast.member, { name: 'music.wav', body: Buffer.concat([header, samples]), mime: 'audio/wav', kind: 'audio', listing: null })
    expect(await wav.finalized).toMatchObject({ kind: 'audio', mime: 'audio/wav', thumb_path: null, width: null, listing_id: null })
    const fake = await upload(cast.member, { name: 'song.mp3', body: await png(), mime: 'audio/mpeg', kind: 'audio', listing: null })
    await expect(fake.finalized).rejects.toMatchObject({ message: 'song.mp3 is not an MP3, WAV, M4A, AAC or Ogg audio file (it is a PNG file).' })
    await expectNothingSaved(fake.prepared.path)
  })

  describe('the 40-photo limit', () => {
    let full: string
    const fill = async (count: number) => {
      const rows = Array.from({ length: count }, (_, i) => ({
        team_id: cast.teamId, listing_id: full, kind: 'photo', path: `${cast.teamId}/listings/${full}/${crypto.randomUUID()}/p${i}.png`,
        name: `p${i}.png`, mime: 'image/png', bytes: 1,
      }))
      for (const row of rows) must(await cast.member.client.from('media_assets').insert(row).select('id'), 'photo row')
    }
    beforeAll(async () => {
      full = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ title: 'Full house' }))).id
      await fill(MEDIA.maxPhotosPerListing - 1)
    })
    const message = 'A listing can have at most 40 photos. Remove one before adding another.'

    it('refuses the 41st photo even when it was prepared before the 40th arrived, and deletes it', async () => {
      const prepared = await send(cast.member, { name: 'late.png', body: await png(), mime: 'image/png', listing: full })
      await fill(1)
      const finalized = finalizeUpload(db(cast.member), cast.member.id, cast.teamId, { path: prepared.path, kind: 'photo', listingId: full })
      await expect(finalized).rejects.toMatchObject({ message })
      await expectNothingSaved(prepared.path)
      expect(await behind(cast, 'media_assets', { listing_id: full })).toHaveLength(MEDIA.maxPhotosPerListing)
    })

    it('refuses to prepare a 41st photo', async () => {
      await expect(prepareUpload(db(cast.member), cast.member.id, cast.teamId, { name: 'x.png', bytes: 10, mime: 'image/png', kind: 'photo', listingId: full }))
        .rejects.toMatchObject({ message })
    })
  })

  describe('another team', () => {
    it('cannot prepare uploads into the team or its listings', async () => {
      await expect(prepareUpload(db(cast.outsider), cast.outsider.id, cast.teamId, { name: 'x.png', bytes: 10, mime: 'image/png', kind: 'photo', listingId }))
        .rejects.toMatchObject({ message: 'That listing no longer exists, or it belongs to another team.' })
      await expect(prepareUpload(db(cast.outsider), cast.outsider.id, cast.teamId, { name: 'x.png', bytes: 10, mime: 'image/png', kind: 'logo' }))
        .rejects.toMatchObject({ message: 'You can only upload files to a team you belong to.' })
    })

    it("cannot finalize (or delete) a teammate's upload by guessing its path, nor misfile one", async () => {
      const prepared = await send(cast.member, { name: 'mine.png', body: await png(), mime: 'image/png' })
      await expect(finalizeUpload(db(cast.outsider), cast.outsider.id, cast.teamId, { path: prepared.path, kind: 'photo', listingId }))
        .rejects.toMatchObject({ message: 'We could not find the uploaded file mine.png. Upload it again.' })
      await expect(finalizeUpload(db(cast.outsider), cast.outsider.id, cast.otherTeamId, { path: prepared.path, kind: 'photo', listingId }))
        .rejects.toMatchObject({ message: 'That upload does not belong to this team or listing. Upload the file again.' })
      await expect(finalizeUpload(db(cast.member), cast.member.id, cast.teamId, { path: prepared.path, kind: 'logo' }))
        .rejects.toMatchObject({ message: 'That upload does not belong to this team or listing. Upload the file again.' })
      expect(await objectExists(cast, prepared.path)).toBe(true)
      const asset = await finalizeUpload(db(cast.member), cast.member.id, cast.teamId, { path: prepared.path, kind: 'photo', listingId })
      // finishing twice returns the same asset and keeps its file
      expect(await finalizeUpload(db(cast.member), cast.member.id, cast.teamId, { path: prepared.path, kind: 'photo', listingId })).toEqual(asset)
      expect(await objectExists(cast, prepared.path)).toBe(true)
    })
  })
})
