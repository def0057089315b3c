import 'server-only'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { z } from 'zod'
import { MEDIA } from '@/lib/constants'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { captionSchema } from '@/lib/listings/schema'
import { mustSeeListing } from '@/lib/listings/writes'
import { canonicalMime, folderFor, kindAccepts, safeFileName } from '@/lib/media/kinds'
import { finalizeUpload } from '@/lib/media/upload'
import { IMPORT, takePhotoFetches } from './limits'
import { fetchPublic, ImportFetchError } from './safe-fetch'

/*
 * A listing page's photos, fetched by the server (issue 29). Each is fetched from a public address
 * only, judged by its bytes (a JPEG, PNG or WebP large enough for a video frame), and stored in the
 * team's own `imports/` folder as it came. Saving the listing adopts it: the file moves into the
 * listing's folder and goes through finalizeUpload like any upload (upright, metadata stripped,
 * re-encoded, a thumbnail). Until then the person sees a small preview and may drop it.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const httpUrl = z.url({ protocol: /^https?$/, message: 'A photo address must start with http:// or https://.' }).max(2_000)

export const photoUrlsSchema = z.object({
  urls: z.array(httpUrl, { message: 'Send the photo addresses as a list.' }).min(1).max(IMPORT.photosPerCall),
})

export const adoptPhotoSchema = z.object({
  path: z.string().min(1).max(500),
  listingId: idSchema,
  caption: captionSchema,
})

export type StagedPhoto =
  | { url: string; ok: true; path: string; name: string; bytes: number; previewUrl: string }
  | { url: string; ok: false; error: string; retryable: boolean }

/** A photo refused for what it is (not for how it travelled): fetching it again cannot help. */
export class PhotoRefusal extends Refusal {}

export interface FetchedPhoto {
  bytes: Buffer
  mime: string
  name: string
  width: number
  height: number
}

/** A readable, storable file name from a photo's address, with the extension its bytes have. */
export function nameFromUrl(url: string, ext: string): string {
  let last = 'photo'
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'photo')
  } catch {
    // a malformed escape: the generic name will do
  }
  const stem = safeFileName(last).replace(/\.[a-z0-9]{1,5}$/i, '').slice(0, 80) || 'photo'
  return `${stem}.${ext === 'jpeg' ? 'jpg' : ext}`
}

/** Fetches one photo and judges it by its bytes; a Refusal says why in the person's words. */
export async function fetchPhoto(url: string): Promise<FetchedPhoto> {
  const shown = nameFromUrl(url, 'jpg').replace(/\.jpg$/, '')
  let got: Awaited<ReturnType<typeof fetchPublic>>
  try {
    got = await fetchPublic(url, { maxBytes: IMPORT.photoBytes, timeoutMs: IMPORT.photoMs, accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' })
  } catch (error) {
    if (!(error instanceof ImportFetchError)) throw error
    if (error.reason === 'status' && error.status) {
      // a server's trouble (5xx, too many requests) may pass; a missing photo stays missing
      const Failure = error.status >= 500 || error.status === 429 ? Refusal : PhotoRefusal
      throw new Failure(`${shown}: the photo's address answered ${error.status}.`)
    }
    throw new Refusal(`${shown}: ${error.message}`)
  }
  const sniffed = await fileTypeFromBuffer(got.body)
  if (!sniffed || !kindAccepts('photo', sniffed.mime)) throw new PhotoRefusal(`${shown} is not a photo we can use (JPEG, PNG or WebP).`)
  let width = 0
  let height = 0
  try {
    const meta = await sharp(got.body).metadata()
    width = meta.autoOrient?.width ?? meta.width ?? 0
    height = meta.autoOrient?.height ?? meta.height ?? 0
  } catch {
    throw new PhotoRefusal(`${shown} could not be read as an image; it may be damaged.`)
  }
  if (Math.min(width, height) < IMPORT.photoMinSide) {
    throw new PhotoRefusal(`${shown} is only ${width}×${height} pixels, too small for a video.`)
  }
  return { bytes: got.body, mime: canonicalMime(sniffed.mime), name: nameFromUrl(url, sniffed.ext), width, height }
}

/** A small WebP of the photo as a data: URI, for the form's tile before anything is saved. */
export async function previewOf(bytes: Buffer): Promise<string> {
  const small = await sharp(bytes).rotate().resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer()
  return `data:image/webp;base64,${small.toString('base64')}`
}

/** What a failed photo tells the person, and whether fetching it again could help. */
export function stagingFailure(url: string, error: unknown): StagedPhoto {
  if (error instanceof Refusal) return { url, ok: false, error: error.message, retryable: !(error instanceof PhotoRefusal) }
  console.error('[listing-import] a photo could not be stored', url, error)
  return { url, ok: false, error: 'That photo could not be fetched. Try again.', retryable: true }
}

export async function mustBeMember(db: Db, teamId: string): Promise<void> {
  const { data, error } = await db.from('teams').select('id').eq('id', teamId).maybeSingle()
  if (error) refuse(error)
  if (!data) throw new Refusal('You can only import listings into a team you belong to.')
}

/** Fetches a few of a page's photos into the team's imports folder (the browser asks batch by batch). */
export async function stageImportedPhotos(db: Db, _userId: string, teamId: unknown, input: unknown): Promise<{ photos: StagedPhoto[] }> {
  const team = parseOrRefuse(idSchema, teamId)
  const v = parseOrRefuse(photoUrlsSchema, input)
  await mustBeMember(db, team)
  await takePhotoFetches(team, v.urls.length)
  const photos = await Promise.all(
    v.urls.map(async (url): Promise<StagedPhoto> => {
      try {
        const photo = await fetchPhoto(url)
        const path = `${team}/imports/${crypto.randomUUID()}/${photo.name}`
        const { error } = await db.storage.from(MEDIA.bucket).upload(path, photo.bytes, { contentType: photo.mime })
        if (error) throw new Error(`could not store an imported photo: ${error.message}`)
        return { url, ok: true, path, name: photo.name, bytes: photo.bytes.length, previewUrl: await previewOf(photo.bytes) }
      } catch (error) {
        return stagingFailure(url, error)
      }
    }),
  )
  return { photos }
}

/** Moves a staged photo into the saved listing and finishes it as an upload (idempotent). */
export async function adoptImportedPhoto(db: Db, userId: string, teamId: unknown, input: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const v = parseOrRefuse(adoptPhotoSchema, input)
  const match = new RegExp(`^${team}/imports/(${UUID})/([\\w.-]{1,100})$`).exec(v.path)
  if (!match) throw new Refusal('That photo was not imported for this team. Import the page again.')
  await mustSeeListing(db, team, v.listingId)
  const target = `${folderFor(team, 'photo', v.listingId)}/${match[1]}/${match[2]}`
  const { data: existing, error: existingError } = await db.from('media_assets').select('*').eq('path', target).maybeSingle()
  if (existingError) refuse(existingError)
  if (existing) return existing
  const { count, error: countError } = await db.from('media_assets').select('id', { count: 'exact', head: true }).eq('listing_id', v.listingId).eq('kind', 'photo')
  if (countError) refuse(countError)
  if ((count ?? 0) >= MEDIA.maxPhotosPerListing) throw new Refusal(`A listing can have at most ${MEDIA.maxPhotosPerListing} photos. Remove one before adding another.`)
  const moved = await db.storage.from(MEDIA.bucket).move(v.path, target)
  if (moved.error) throw new Refusal('That imported photo is no longer there. Import the page again.')
  return finalizeUpload(db, userId, team, { path: target, kind: 'photo', listingId: v.listingId, caption: v.caption })
}
