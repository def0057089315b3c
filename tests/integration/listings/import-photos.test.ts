import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA } from '../../../lib/constants.ts'
import { readListingPage } from '../../../lib/listings/import/page.ts'
import { adoptImportedPhoto, fetchPhoto, stageImportedPhotos, type StagedPhoto } from '../../../lib/listings/import/photos.ts'
import { startListingPagesServer } from '../../helpers/listing-pages-server.ts'
import * as writes from '../../../lib/listings/writes.ts'
import { assembleCast, behind, db, listingInput, objectExists, type Cast } from './fixtures.ts'

// Issue 29: a listing page's photos are fetched by the server (only from allowed addresses), judged
// by their bytes, kept in the team's imports folder until the listing is saved, then adopted as
// ordinary uploads (re-encoded, EXIF gone, thumbnail). Runs against the stand-in with real clients.
describe('importing a listing page’s photos', () => {
  let cast: Cast
  let server: http.Server
  let origin = ''
  let listingId = ''
  const served = new Map<string, { type: string; body: Buffer; status?: number }>()

  beforeAll(async () => {
    const gps = { IFD0: { Make: 'PortalCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 32/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 8/1 0/1' } }
    served.set('/photos/kitchen.jpg', { type: 'image/jpeg', body: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a0b0c0' } }).jpeg().withExif(gps).toBuffer() })
    served.set('/photos/icon.png', { type: 'image/png', body: await sharp({ create: { width: 96, height: 96, channels: 3, background: '#000' } }).png().toBuffer() })
    served.set('/photos/logo.svg', { type: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>') })
    served.set('/photos/gone.jpg', { type: 'text/plain', body: Buffer.from('not here'), status: 404 })
    server = http.createServer((req, res) => {
      const file = served.get(req.url ?? '')
      res.writeHead(file?.status ?? (file ? 200 : 404), { 'content-type': file?.type ?? 'text/plain' })
      res.end(file?.body ?? 'missing')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    origin = `http://127.0.0.1:${port}`
    // the one way a test reaches a private address (docs/listing-import.md)
    process.env.LISTING_IMPORT_ALLOWED_HOSTS = `127.0.0.1:${port}`
    cast = await assembleCast()
    process.env.NEXT_PUBLIC_SUPABASE_URL = cast.standIn.url
    listingId = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput())).id
  })
  afterAll(async () => {
    delete process.env.LISTING_IMPORT_ALLOWED_HOSTS
    server?.close()
    await cast?.standIn.stop()
  })

  const stage = (urls: string[]) => stageImportedPhotos(db(cast.member), cast.member.id, cast.teamId, { urls })
  const okOf = (photo: StagedPhoto) => {
    if (!photo.ok) throw new Error(`expected a staged photo, got: ${photo.error}`)
    return photo
  }

  it('stages a real photo in the team’s imports folder and says why each other one was refused', async () => {
    const { photos } = await stage([`${origin}/photos/kitchen.jpg`, `${origin}/photos/icon.png`, `${origin}/photos/logo.svg`, `${origin}/photos/gone.jpg`])
    const kitchen = okOf(photos[0])
    expect(kitchen.path).toMatch(new RegExp(`^${cast.teamId}/imports/[0-9a-f-]{36}/kitchen\\.jpg$`))
    expect(kitchen.previewUrl.startsWith('data:image/webp;base64,')).toBe(true)
    expect(await objectExists(cast, kitchen.path)).toBe(true)
    expect(photos.slice(1)).toEqual([
      { url: `${origin}/photos/icon.png`, ok: false, error: 'icon is only 96×96 pixels, too small for a video.', retryable: false },
      { url: `${origin}/photos/logo.svg`, ok: false, error: 'logo is not a photo we can use (JPEG, PNG or WebP).', retryable: false },
      { url: `${origin}/photos/gone.jpg`, ok: false, error: "gone: the photo's address answered 404.", retryable: false },
    ])
  })

  it('adopts a staged photo into the saved listing as an upload: moved, re-encoded without EXIF, captioned; twice is once', async () => {
    const kitchen = okOf((await stage([`${origin}/photos/kitchen.jpg`])).photos[0])
    const asset = await adoptImportedPhoto(db(cast.member), cast.member.id, cast.teamId, { path: kitchen.path, listingId, caption: 'The kitchen' })
    expect(asset).toMatchObject({ listing_id: listingId, kind: 'photo', caption: 'The kitchen', mime: 'image/jpeg', width: 1200, height: 800 })
    expect(asset.path.startsWith(`${cast.teamId}/listings/${listingId}/`)).toBe(true)
    expect(await objectExists(cast, kitchen.path)).toBe(false)
    const { data } = await cast.service.storage.from(MEDIA.bucket).download(asset.path)
    const bytes = Buffer.from(await data!.arrayBuffer())
    expect(bytes.includes(Buffer.from('PortalCam'))).toBe(false)
    expect(await objectExists(cast, asset.thumb_path!)).toBe(true)
    const again = await adoptImportedPhoto(db(cast.member), cast.member.id, cast.teamId, { path: kitchen.path, listingId, caption: 'The kitchen' })
    expect(again.id).toBe(asset.id)
    expect(await behind(cast, 'media_assets', { listing_id: listingId })).toHaveLength(1)
  })

  it('refuses paths that are not this team’s imports, and an outsider staging into the team', async () => {
    const adopt = (path: string) => adoptImportedPhoto(db(cast.member), cast.member.id, cast.teamId, { path, listingId, caption: null })
    const refusal = { message: 'That photo was not imported for this team. Import the page again.' }
    const id = crypto.randomUUID()
    for (const path of [
      `${cast.otherTeamId}/imports/${id}/a.jpg`,
      `${cast.teamId}/imports/${id}/../../listings/x.jpg`,
      `${cast.teamId}/imports/${id}/sub/a.jpg`,
      `${cast.teamId}/listings/${listingId}/${id}/a.jpg`,
      `${cast.teamId}/imports/not-a-uuid/a.jpg`,
    ]) {
      await expect(adopt(path)).rejects.toMatchObject(refusal)
    }
    await expect(stageImportedPhotos(db(cast.outsider), cast.outsider.id, cast.teamId, { urls: [`${origin}/photos/kitchen.jpg`] })).rejects.toMatchObject({
      message: 'You can only import listings into a team you belong to.',
    })
  })

  it('refuses an address that is not public when it is not the allowed host', async () => {
    const { photos } = await stage(['http://127.0.0.1:9/photo.jpg', 'http://169.254.169.254/latest/meta-data/x.jpg'])
    expect(photos.every((photo) => !photo.ok)).toBe(true)
  })
})

describe('a listing page’s photos never saved with a listing', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  it('are removed a day later by the purge, which only the service key may run', async () => {
    const { purgeStaleImports } = await import('../../../lib/listings/import/purge.ts')
    const fresh = `${cast.teamId}/imports/${crypto.randomUUID()}/today.jpg`
    const old = `${cast.teamId}/imports/${crypto.randomUUID()}/yesterday.jpg`
    const kept = `${cast.teamId}/library/${crypto.randomUUID()}/logo.png`
    for (const path of [fresh, old, kept]) {
      const { error } = await cast.service.storage.from(MEDIA.bucket).upload(path, Buffer.from('x'), { contentType: 'image/jpeg' })
      if (error) throw error
    }
    await cast.standIn.db.query(
      `update storage.objects set created_at = now() - interval '2 days', updated_at = now() - interval '2 days' where bucket_id = 'media' and name = any($1::text[])`,
      [[old, kept]],
    )
    expect((await cast.member.client.rpc('stale_import_files')).error).toMatchObject({ code: '42501' })
    expect(await purgeStaleImports(cast.service)).toEqual({ files: 1 })
    expect([await objectExists(cast, fresh), await objectExists(cast, old), await objectExists(cast, kept)]).toEqual([true, false, true])
  })
})

describe('reading a listing page for the form', () => {
  let pages: Awaited<ReturnType<typeof startListingPagesServer>>
  beforeAll(async () => {
    pages = await startListingPagesServer()
    process.env.LISTING_IMPORT_ALLOWED_HOSTS = new URL(pages.origin).host
  })
  afterAll(async () => {
    delete process.env.LISTING_IMPORT_ALLOWED_HOSTS
    await pages?.close()
  })

  it('answers the form’s draft, what was found and missing, and every photo it can fetch', async () => {
    const draft = await readListingPage({ url: `${pages.origin}/au-house-open-graph.html` })
    expect(draft.values).toMatchObject({ addressLine: '22 Banksia Crescent', city: 'Cottesloe', country: 'AU', price: 2450000, currency: 'AUD', bedrooms: 4 })
    expect(draft.found).toContain('price')
    expect(draft.message).toMatch(/^That page did not say .+ — fill (it|them) in below\.$/)
    expect(draft.photos).toHaveLength(10)
    const staged = await fetchPhoto(draft.photos[0].url)
    expect([staged.width, staged.height]).toEqual([1600, 1067])
  })

  it('says what went wrong in the person’s words', async () => {
    await expect(readListingPage({ url: 'ftp://example.com/x' })).rejects.toMatchObject({ message: 'Paste a web address that starts with http:// or https://.' })
    await expect(readListingPage({ url: `${pages.origin}/photos/front.jpg` })).rejects.toMatchObject({ message: 'That address is not a web page. Paste the address of the listing itself.' })
    await expect(readListingPage({ url: `${pages.origin}/no-such-listing.html` })).rejects.toMatchObject({ message: 'The page answered 404.' })
    await expect(readListingPage({ url: 'http://10.0.0.8/listing' })).rejects.toMatchObject({ message: expect.stringMatching(/public/i) })
  })
})
