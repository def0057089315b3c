import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Metadata } from 'sharp'
import { MEDIA, type MediaKind } from '@/lib/constants'
import type { Tables } from '@/lib/database.types'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { mustSeeListing } from '@/lib/listings/writes'
import {
  canonicalMime,
  finalizeUploadSchema,
  folderFor,
  formatMegabytes,
  isImageKind,
  KIND_WORDS,
  kindAccepts,
  prepareUploadSchema,
  safeFileName,
  uploadIdOf,
} from './kinds'

/*
 * Two steps, so the browser sends the bytes straight to storage with a real progress bar:
 * 1. prepareUpload checks what can be checked before the bytes exist (size, kind, the 40-photo limit)
 *    and returns a signed upload URL inside the team's folder.
 * 2. finalizeUpload reads the stored bytes and decides: the real type by content (file-type), EXIF
 *    orientation applied and dimensions read (sharp), a 480 px WebP thumbnail, then the media_assets
 *    row. Any refusal deletes what was stored, so nothing is half-saved.
 * Everything runs as the signed-in user: the storage policies keep each team in its own folder.
 */

const tooLarge = (name: string, bytes: number) =>
  `${name} is ${formatMegabytes(bytes)}; files can be up to ${MEDIA.maxBytes / (1024 * 1024)} MB.`
const tooManyPhotos = `A listing can have at most ${MEDIA.maxPhotosPerListing} photos. Remove one before adding another.`

async function photoCount(db: Db, listingId: string): Promise<number> {
  const { count, error } = await db
    .from('media_assets')
    .select('id', { count: 'exact', head: true })
    .eq('listing_id', listingId)
    .eq('kind', 'photo')
  if (error) refuse(error)
  return count ?? 0
}

export async function prepareUpload(db: Db, _userId: string, teamId: unknown, input: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const v = parseOrRefuse(prepareUploadSchema, input)
  if (v.listingId) {
    await mustSeeListing(db, team, v.listingId)
    if ((await photoCount(db, v.listingId)) >= MEDIA.maxPhotosPerListing) throw new Refusal(tooManyPhotos)
  }
  const path = `${folderFor(team, v.kind, v.listingId)}/${crypto.randomUUID()}/${safeFileName(v.name)}`
  // A browser labels files by name; an unknown label is sent as bytes and judged in finalizeUpload.
  const contentType = kindAccepts(v.kind, v.mime) ? canonicalMime(v.mime) : 'application/octet-stream'
  const { data, error } = await db.storage.from(MEDIA.bucket).createSignedUploadUrl(path)
  if (error || !data) throw new Refusal('You can only upload files to a team you belong to.')
  return { path, token: data.token, signedUrl: data.signedUrl, contentType }
}

export type Inspected = {
  mime: string
  bytes: Buffer
  width: number | null
  height: number | null
  thumb: Buffer | null
  /** the stored object must be replaced: rotated/stripped bytes or a wrong content type */
  rewritten: boolean
}

/**
 * Judges a file by its bytes. Images are always decoded and encoded again, upright (EXIF
 * orientation applied) and with no metadata at all (EXIF and XMP can carry the GPS position of
 * someone's home), so nothing of the upload survives but the pixels: not a comment, not bytes
 * appended after the image (a polyglot). Width and height are those of the upright image.
 */
export async function inspectUpload(original: Buffer, kind: MediaKind, name: string): Promise<Inspected> {
  if (original.length > MEDIA.maxBytes) throw new Refusal(tooLarge(name, original.length))
  const sniffed = await fileTypeFromBuffer(original)
  if (!sniffed || !kindAccepts(kind, sniffed.mime)) {
    const actually = sniffed ? ` (it is a ${sniffed.ext.toUpperCase()} file)` : ''
    throw new Refusal(`${name} ${KIND_WORDS[kind].refused}${actually}.`)
  }
  const mime = canonicalMime(sniffed.mime)
  if (!isImageKind(kind)) return { mime, bytes: original, width: null, height: null, thumb: null, rewritten: false }

  let meta: Metadata
  try {
    meta = await sharp(original).metadata()
  } catch {
    throw new Refusal(`${name} could not be read as an image; it may be damaged.`)
  }
  if (!meta.width || !meta.height) throw new Refusal(`${name} could not be read as an image; it may be damaged.`)
  try {
    const { bytes, width, height } = await reencode(original, mime)
    const thumb = await sharp(original)
      .rotate()
      .resize({ width: MEDIA.thumbWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    return { mime, bytes, width, height, thumb, rewritten: true }
  } catch (error) {
    if (error instanceof Refusal) throw error
    throw new Refusal(`${name} could not be read as an image; it may be damaged.`)
  }
}

/**
 * The clean copy of an image that fits the storage limit. The limit is the person's file's (checked
 * above and in the browser); a re-encode may come out larger than the original (a 14.5 MB JPEG
 * became 17.3 MB at quality 90), which must never refuse a file that passed. So the quality steps
 * down (JPEG, WebP) or the compression goes up (PNG) until the copy fits; past the last step the
 * image is scaled down by a quarter at a time (a photo that large is far beyond any video frame).
 */
const QUALITY_STEPS = [90, 82, 74, 66]
export async function reencode(original: Buffer, mime: string, limit: number = MEDIA.maxBytes): Promise<{ bytes: Buffer; width: number; height: number }> {
  const encode = async (step: number, scale: number) => {
    let image = sharp(original).rotate()
    if (scale < 1) {
      const upright = await sharp(original).rotate().toBuffer({ resolveWithObject: true })
      image = sharp(upright.data).resize({ width: Math.max(1, Math.round(upright.info.width * scale)) })
    }
    const quality = QUALITY_STEPS[Math.min(step, QUALITY_STEPS.length - 1)]
    if (mime === 'image/png') image = image.png({ compressionLevel: step === 0 ? 6 : 9, adaptiveFiltering: step > 0 })
    else if (mime === 'image/webp') image = image.webp({ quality })
    else image = image.jpeg({ quality, mozjpeg: step > 0 })
    const { data, info } = await image.toBuffer({ resolveWithObject: true })
    return { bytes: data, width: info.width, height: info.height }
  }
  const steps = mime === 'image/png' ? 2 : QUALITY_STEPS.length
  let last = { bytes: Buffer.alloc(0), width: 0, height: 0 }
  for (let step = 0; step < steps; step++) {
    last = await encode(step, 1)
    if (last.bytes.length <= limit) return last
  }
  for (let scale = 0.75; scale > 0.2; scale *= 0.75) {
    last = await encode(steps - 1, scale)
    if (last.bytes.length <= limit) return last
  }
  return last
}

export type UploadedAsset = Tables<'media_assets'>

export async function finalizeUpload(db: Db, _userId: string, teamId: unknown, input: unknown): Promise<UploadedAsset> {
  const team = parseOrRefuse(idSchema, teamId)
  const v = parseOrRefuse(finalizeUploadSchema, input)
  const uploadId = uploadIdOf(v.path, team, v.kind, v.listingId)
  if (!uploadId) throw new Refusal('That upload does not belong to this team or listing. Upload the file again.')
  const name = v.name ?? v.path.split('/').pop()!

  // finishing the same upload twice must not delete a file an asset already uses
  const { data: existing, error: existingError } = await db.from('media_assets').select('*').eq('path', v.path).maybeSingle()
  if (existingError) refuse(existingError)
  if (existing) return existing

  const storage = db.storage.from(MEDIA.bucket)
  const { data: blob, error: downloadError } = await storage.download(v.path)
  if (downloadError || !blob) throw new Refusal(`We could not find the uploaded file ${name}. Upload it again.`)
  const thumbPath = isImageKind(v.kind) ? `${team}/thumbs/${uploadId}.webp` : null

  try {
    const result = await inspectUpload(Buffer.from(await blob.arrayBuffer()), v.kind, name)
    if (result.rewritten || canonicalMime(blob.type || '') !== result.mime) {
      const { error } = await storage.upload(v.path, result.bytes, { upsert: true, contentType: result.mime })
      if (error) throw new Error(`could not store the upright image: ${error.message}`)
    }
    if (thumbPath && result.thumb) {
      const { error } = await storage.upload(thumbPath, result.thumb, { upsert: true, contentType: 'image/webp' })
      if (error) throw new Error(`could not store the thumbnail: ${error.message}`)
    }
    const { data, error } = await db
      .from('media_assets')
      .insert({
        team_id: team,
        listing_id: v.listingId,
        kind: v.kind,
        path: v.path,
        thumb_path: thumbPath,
        name,
        mime: result.mime,
        bytes: result.bytes.length,
        width: result.width,
        height: result.height,
        caption: v.caption,
      })
      .select('*')
      .single()
    if (error) refuse(error, 'You can only add files to a team you belong to.')
    return data
  } catch (error) {
    const { error: removeError } = await storage.remove(thumbPath ? [v.path, thumbPath] : [v.path])
    if (removeError) console.error('[media] could not remove a refused upload', v.path, removeError.message)
    throw error
  }
}
