import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// Image transformations through storage-js (getPublicUrl / createSignedUrl / download with
// `transform`), against Storage's routes and imgproxy's meaning of each option
// (src/storage/renderer/image.ts, src/http/routes/render/* in supabase/storage).

async function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer()
}

async function fetchImage(url: string, accept = 'image/jpeg') {
  const res = await fetch(url, { headers: { accept } })
  const body = Buffer.from(await res.arrayBuffer())
  const meta = res.ok ? await sharp(body).metadata() : null
  return { res, body, meta }
}

describe('storage image transformations', () => {
  let standIn: StandIn
  let service: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    service = clientFor(standIn, 'service_role')
    await service.storage.createBucket('pics', { public: true })
    await service.storage.createBucket('private-pics', { public: false })
    for (const bucket of ['pics', 'private-pics']) {
      const up = await service.storage.from(bucket).upload('house.jpg', await picture(1200, 800), { contentType: 'image/jpeg' })
      if (up.error) throw up.error
    }
    await service.storage.from('pics').upload('notes.txt', new Blob(['hello'], { type: 'text/plain' }))
  })
  afterAll(() => standIn?.stop())

  it('renders a public URL with width and height (cover crops, contain fits, fill stretches)', async () => {
    const bucket = service.storage.from('pics')
    const cover = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 300, height: 300 } }).data.publicUrl)
    expect(cover.res.status).toBe(200)
    expect(cover.res.headers.get('content-type')).toBe('image/jpeg')
    expect([cover.meta?.width, cover.meta?.height]).toEqual([300, 300])
    const contain = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 300, height: 300, resize: 'contain' } }).data.publicUrl)
    expect([contain.meta?.width, contain.meta?.height]).toEqual([300, 200])
    const fill = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 300, height: 100, resize: 'fill' } }).data.publicUrl)
    expect([fill.meta?.width, fill.meta?.height]).toEqual([300, 100])
    const widthOnly = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 600 } }).data.publicUrl)
    expect([widthOnly.meta?.width, widthOnly.meta?.height]).toEqual([600, 400])
    // never enlarged
    const big = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 2400 } }).data.publicUrl)
    expect(big.meta?.width).toBe(1200)
  })

  it('answers WebP when the browser accepts it, unless format is origin; quality changes the bytes', async () => {
    const bucket = service.storage.from('pics')
    const auto = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 300 } }).data.publicUrl, 'image/avif,image/webp,*/*')
    expect(auto.res.headers.get('content-type')).toBe('image/webp')
    expect(auto.meta?.format).toBe('webp')
    const origin = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 300, format: 'origin' } }).data.publicUrl, 'image/webp')
    expect(origin.meta?.format).toBe('jpeg')
    const low = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 600, quality: 20 } }).data.publicUrl)
    const high = await fetchImage(bucket.getPublicUrl('house.jpg', { transform: { width: 600, quality: 100 } }).data.publicUrl)
    expect(low.body.length).toBeLessThan(high.body.length)
  })

  it('signs a transform into the token: the URL is the renderer, and editing its query changes nothing', async () => {
    const bucket = service.storage.from('private-pics')
    const { data, error } = await bucket.createSignedUrl('house.jpg', 60, { transform: { width: 240, height: 160 } })
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/private-pics/house.jpg?token=')
    const signed = await fetchImage(data!.signedUrl)
    expect([signed.meta?.width, signed.meta?.height]).toEqual([240, 160])
    // Storage echoes the imgproxy options it applied
    expect(signed.res.headers.get('x-transformations')).toBe('height:160,width:240,resizing_type:fill')
    const edited = await fetchImage(`${data!.signedUrl}&width=1200`)
    expect(edited.meta?.width).toBe(240)
    // a plain signed URL stays the object route, full size
    const plain = await bucket.createSignedUrl('house.jpg', 60)
    expect(plain.data!.signedUrl).toContain('/storage/v1/object/sign/private-pics/house.jpg?token=')
    expect((await fetchImage(plain.data!.signedUrl)).meta?.width).toBe(1200)
  })

  it('downloads a transformed private image through the caller policies (authenticated route)', async () => {
    const { data, error } = await service.storage.from('private-pics').download('house.jpg', { transform: { width: 120, height: 120 } })
    expect(error).toBeNull()
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([120, 120])
    // a private bucket has no public render
    const res = await fetch(service.storage.from('private-pics').getPublicUrl('house.jpg', { transform: { width: 100 } }).data.publicUrl)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Bucket not found' })
  })

  it('refuses bad options and non-images as Storage does', async () => {
    const base = service.storage.from('pics').getPublicUrl('house.jpg').data.publicUrl.replace('/object/public/', '/render/image/public/')
    const quality = await fetch(`${base}?quality=5`)
    expect(quality.status).toBe(400)
    expect(await quality.json()).toMatchObject({ statusCode: '400', message: 'querystring/quality must be >= 20' })
    const resize = await fetch(`${base}?width=10&resize=stretch`)
    expect((await resize.json()).message).toBe('querystring/resize must be equal to one of the allowed values')
    const text = await fetch(service.storage.from('pics').getPublicUrl('notes.txt', { transform: { width: 10 } }).data.publicUrl)
    expect(text.status).toBe(400)
    expect((await text.json()).message).toBe('The source image is invalid or unsupported for rendering')
    const missing = await fetch(service.storage.from('pics').getPublicUrl('nope.jpg', { transform: { width: 10 } }).data.publicUrl)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ statusCode: '404', error: 'not_found' })
  })
})
