/**
 * The demo listing `npm run dev` adds to the seeded team "Harbour Realty": a listing with the six
 * sample photos from public/remotion/samples and an agent with photo and logo, stored the way the
 * app stores uploads (objects in the `media` bucket, 480 px WebP thumbnails, media_assets rows with
 * captions and order). Seed SQL cannot put files into storage, so this runs against the stand-in's
 * HTTP API with the service key (no user session exists at start-up). Fixed ids make it idempotent:
 * when the listing is already there (or the team is not), nothing happens.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { MEDIA } from '../lib/constants.ts'
import type { Database } from '../lib/database.types.ts'
import { serverRealtimeOptions } from '../lib/supabase/realtime-transport.ts'

export const DEMO_TEAM_ID = 'd0000000-0000-4000-8000-0000000000a1'
export const DEMO_LISTING_ID = 'd0000000-0000-4000-8000-0000000000b1'
const DEMO_AGENT_ID = 'd0000000-0000-4000-8000-0000000000c1'
const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001'

const SAMPLES = path.resolve(import.meta.dirname, '..', 'public', 'remotion', 'samples')

const PHOTOS = [
  ['exterior-dusk', 'Modern living at dusk'],
  ['living-room', 'Sun-filled living room'],
  ['kitchen', "Chef's kitchen with island"],
  ['dining-room', 'Dining for eight'],
  ['bedroom', 'Calm primary suite'],
  ['pool-garden', 'Heated pool and garden'],
] as const

type Db = SupabaseClient<Database>

interface Stored {
  path: string
  thumbPath: string
  bytes: number
  width: number | null
  height: number | null
  mime: string
}

async function store(db: Db, file: string, folder: string, mime: string): Promise<Stored> {
  const bytes = await readFile(path.join(SAMPLES, file))
  const meta = await sharp(bytes).metadata()
  const uploadId = crypto.randomUUID()
  const objectPath = `${folder}/${uploadId}/${file}`
  const thumbPath = `${DEMO_TEAM_ID}/thumbs/${uploadId}.webp`
  const thumb = await sharp(bytes).resize({ width: MEDIA.thumbWidth, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
  const bucket = db.storage.from(MEDIA.bucket)
  const original = await bucket.upload(objectPath, bytes, { contentType: mime, upsert: true })
  if (original.error) throw new Error(`could not store ${file}: ${original.error.message}`)
  const small = await bucket.upload(thumbPath, thumb, { contentType: 'image/webp', upsert: true })
  if (small.error) throw new Error(`could not store the thumbnail of ${file}: ${small.error.message}`)
  return { path: objectPath, thumbPath, bytes: bytes.length, width: meta.width ?? null, height: meta.height ?? null, mime }
}

function assetRow(stored: Stored, kind: 'photo' | 'logo', name: string, extra: { listing_id?: string; position?: number; caption?: string } = {}) {
  return {
    team_id: DEMO_TEAM_ID,
    kind,
    path: stored.path,
    thumb_path: stored.thumbPath,
    name,
    mime: stored.mime,
    bytes: stored.bytes,
    width: stored.width,
    height: stored.height,
    created_by: DEMO_OWNER_ID,
    ...extra,
  }
}

async function must<T>(label: string, request: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await request
  if (error) throw new Error(`${label}: ${error.message}`)
  return data
}

/** Adds the demo listing once. Returns true when it was added now, false when there was nothing to do. */
export async function seedDemoListing(url: string, serviceRoleKey: string): Promise<boolean> {
  const db: Db = createClient<Database>(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: serverRealtimeOptions,
  })
  const team = await must('looking up the demo team', db.from('teams').select('id').eq('id', DEMO_TEAM_ID).maybeSingle())
  if (!team) return false
  const existing = await must('looking up the demo listing', db.from('listings').select('id').eq('id', DEMO_LISTING_ID).maybeSingle())
  if (existing) return false

  const written: string[] = []
  try {
    const agentPhoto = await store(db, 'agent.jpg', `${DEMO_TEAM_ID}/photos`, 'image/jpeg')
    const logo = await store(db, 'logo.png', `${DEMO_TEAM_ID}/logos`, 'image/png')
    written.push(agentPhoto.path, agentPhoto.thumbPath, logo.path, logo.thumbPath)
    await must('adding the agent photo and logo', db.from('media_assets').insert([
      assetRow(agentPhoto, 'photo', 'agent.jpg'),
      assetRow(logo, 'logo', 'logo.png'),
    ]))
    await must('adding the demo agent', db.from('agents').upsert({
      id: DEMO_AGENT_ID,
      team_id: DEMO_TEAM_ID,
      full_name: 'Maya Thompson',
      title: 'Senior Listing Agent',
      email: 'maya@harbour.example',
      phone: '+61 2 5550 0142',
      brokerage: 'Harbour Realty',
      license_no: '20114587',
      photo_path: agentPhoto.path,
      logo_path: logo.path,
      brand_color: '#1f4e79',
    }))
    await must('adding the demo listing', db.from('listings').insert({
      id: DEMO_LISTING_ID,
      team_id: DEMO_TEAM_ID,
      agent_id: DEMO_AGENT_ID,
      status: 'active',
      offer: 'sale',
      property_type: 'house',
      title: 'Hillside modern with pool',
      address_line: '14 Wharf Crescent',
      city: 'Mosman',
      region: 'NSW',
      postal_code: '2088',
      country: 'AU',
      price: 3_450_000,
      currency: 'AUD',
      bedrooms: 4,
      bathrooms: 3.5,
      floor_area: 320,
      area_unit: 'sqm',
      year_built: 2019,
      description:
        'Set high on a quiet crescent with filtered harbour glimpses, this architect-designed home pairs ' +
        'floor-to-ceiling glass with warm timber. The open living and dining level flows to a heated pool ' +
        'and landscaped garden; upstairs, four bedrooms include a calm primary suite with a walk-in robe.',
      features: ['Heated saltwater pool', 'Floor-to-ceiling glass', 'Double garage', 'Home office', 'Solar roof'],
      created_by: DEMO_OWNER_ID,
    }))
    for (const [position, [name, caption]] of PHOTOS.entries()) {
      const photo = await store(db, `${name}.jpg`, `${DEMO_TEAM_ID}/listings/${DEMO_LISTING_ID}`, 'image/jpeg')
      written.push(photo.path, photo.thumbPath)
      await must(`adding photo ${name}`, db.from('media_assets').insert(
        assetRow(photo, 'photo', `${name}.jpg`, { listing_id: DEMO_LISTING_ID, position, caption }),
      ))
    }
    return true
  } catch (error) {
    // leave nothing half-made, so the next start tries again from scratch
    await db.from('listings').delete().eq('id', DEMO_LISTING_ID)
    await db.from('agents').delete().eq('id', DEMO_AGENT_ID)
    if (written.length) {
      await db.from('media_assets').delete().in('path', written)
      await db.storage.from(MEDIA.bucket).remove(written)
    }
    throw error
  }
}
