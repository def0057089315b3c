// The videos tests' raw material on top of the listing cast: a listing with real uploaded photos
// (through the app's own upload path, so thumbnails exist), a library audio file, voices, and a
// video row made straight through the API for the policy tests.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Json } from '../../../lib/database.types.ts'
import { createListing } from '../../../lib/listings/writes.ts'
import { finalizeUpload, prepareUpload, type UploadedAsset } from '../../../lib/media/upload.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { db, jpeg, listingInput, must, type Cast, type Person } from '../listings/fixtures.ts'

export { assembleCast, behind, db, insertListing, must, type Cast, type Person } from '../listings/fixtures.ts'

/** A photo uploaded and registered the way the listing form does it. */
export async function uploadPhoto(person: Person, teamId: string, listingId: string, name: string, caption?: string): Promise<UploadedAsset> {
  const body = await jpeg(640, 360)
  const prepared = await prepareUpload(db(person), person.id, teamId, { name, bytes: body.length, mime: 'image/jpeg', kind: 'photo', listingId })
  must(await person.client.storage.from('media').uploadToSignedUrl(prepared.path, prepared.token, body, { contentType: prepared.contentType }), `put ${name}`)
  return finalizeUpload(db(person), person.id, teamId, { path: prepared.path, kind: 'photo', listingId, caption })
}

/** A listing (through the app's logic) with `captions.length` photos in that order. */
export async function listingWithPhotos(person: Person, teamId: string, captions: (string | undefined)[], overrides: Record<string, unknown> = {}) {
  const { id } = await createListing(db(person), person.id, teamId, listingInput(overrides))
  const photos: UploadedAsset[] = []
  for (const [i, caption] of captions.entries()) photos.push(await uploadPhoto(person, teamId, id, `room-${i + 1}.jpg`, caption))
  return { listingId: id, photos }
}

/** A second of silence as a WAV file. */
export function wav(seconds = 1, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate)
  const buf = Buffer.alloc(44 + samples)
  buf.write('RIFF', 0)
  buf.writeUInt32LE(36 + samples, 4)
  buf.write('WAVEfmt ', 8)
  buf.writeUInt32LE(16, 16)
  buf.writeUInt16LE(1, 20)
  buf.writeUInt16LE(1, 22)
  buf.writeUInt32LE(rate, 24)
  buf.writeUInt32LE(rate, 28)
  buf.writeUInt16LE(1, 32)
  buf.writeUInt16LE(8, 34)
  buf.write('data', 36)
  buf.writeUInt32LE(samples, 40)
  buf.fill(128, 44)
  return buf
}

/** A library audio asset: the file in the team's audio folder and its row. */
export async function libraryAudio(person: Person, teamId: string, name = 'Calm piano.wav'): Promise<UploadedAsset> {
  const path = `${teamId}/audio/${crypto.randomUUID()}/${name.replace(/\s+/g, '-').toLowerCase()}`
  const body = wav()
  must(await person.client.storage.from('media').upload(path, body, { contentType: 'audio/wav' }), 'put audio')
  return must(
    await person.client.from('media_assets')
      .insert({ team_id: teamId, kind: 'audio', path, name, mime: 'audio/wav', bytes: body.length, duration_s: 1 })
      .select('*')
      .single(),
    'audio row',
  ) as UploadedAsset
}

/** A voice made by the site administrator through the admin functions (the only way people write voices). */
export async function insertVoice(
  cast: Cast,
  values: { name?: string; language?: string; gender?: string; provider?: string; provider_voice_id?: string; is_active?: boolean } = {},
): Promise<string> {
  const id = must(
    await cast.siteAdmin.client.rpc('admin_create_voice', {
      p_name: values.name ?? 'Olivia',
      p_language: values.language ?? 'en-AU',
      p_gender: values.gender ?? 'female',
      p_provider: values.provider ?? 'local',
      p_provider_voice_id: values.provider_voice_id ?? `olivia-${crypto.randomUUID()}`,
      p_is_active: values.is_active ?? true,
    }),
    'voice',
  ) as string
  return id
}

/** Minimal valid props whose one scene is a photo path of `teamId` (the file need not exist). */
export function minimalProps(teamId: string, overrides: Partial<VideoProps> = {}): VideoProps {
  return {
    listing: { address: { line: '2 Test Road', city: 'Perth', country: 'AU' }, offer: 'sale', propertyType: 'house' },
    scenes: [{ id: 'scene-1', src: `media:${teamId}/listings/x/u1/front.jpg`, caption: 'Front' }],
    ...overrides,
  }
}

/** A video row made straight through the API as `person`. */
export async function insertVideo(person: Person, teamId: string, listingId: string, values: Record<string, unknown> = {}) {
  return must(
    await person.client.from('videos')
      .insert({
        team_id: teamId, listing_id: listingId, title: 'Row video', template: 'classic-tour', format: 'landscape',
        props: minimalProps(teamId) as unknown as Json, ...values,
      })
      .select('*')
      .single(),
    'insert video',
  ) as Record<string, unknown> & { id: string; version: number; share_id: string; updated_at: string }
}

/** A file of the `renders` bucket, downloaded (through the service key) into a fresh temporary folder. */
export async function downloadRender(cast: Cast, storagePath: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'render-file-')), path.basename(storagePath))
  const { data } = await cast.service.storage.from('renders').download(storagePath)
  writeFileSync(file, Buffer.from(await data!.arrayBuffer()))
  return file
}
