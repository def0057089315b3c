import { MEDIA } from '@/lib/constants'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { canonicalMime, formatMegabytes, kindAccepts } from '@/lib/media/kinds'
import { inspectUpload } from '@/lib/media/upload'
import { newTrialPhotoPath, trialPhotoId, trialThumbPath } from './paths'
import { TRIAL, trialPhotoFinalizeSchema, trialPhotoUploadSchema } from './schema'

/*
 * A trial's photos go up like a listing's (lib/media/upload.ts): a signed upload URL into the
 * visitor's own folder, the bytes straight from the browser with a progress bar, then the server
 * judges the stored bytes with the same content checks (type by content, upright, metadata stripped,
 * a thumbnail) and adds the path to the project in one statement. Everything runs as the visitor.
 */

const GONE = 'That trial project no longer exists, or it has expired. Start a new one.'
const FULL = `A trial video takes up to ${TRIAL.maxPhotos} photos. Remove one before adding another.`

async function projectPhotos(db: Db, projectId: string): Promise<string[]> {
  const { data, error } = await db.from('trial_projects').select('photos, expires_at').eq('id', projectId).maybeSingle()
  if (error) refuse(error)
  if (!data || new Date(data.expires_at) <= new Date()) throw new Refusal(GONE)
  return data.photos
}

export async function prepareTrialPhoto(db: Db, userId: string, input: unknown) {
  const v = parseOrRefuse(trialPhotoUploadSchema, input)
  if (v.bytes > MEDIA.maxBytes) {
    throw new Refusal(`${v.name} is ${formatMegabytes(v.bytes)}; photos can be up to ${MEDIA.maxBytes / (1024 * 1024)} MB.`)
  }
  if ((await projectPhotos(db, v.projectId)).length >= TRIAL.maxPhotos) throw new Refusal(FULL)
  const path = newTrialPhotoPath(userId, v.name)
  const contentType = kindAccepts('photo', v.mime) ? canonicalMime(v.mime) : 'application/octet-stream'
  const { data, error } = await db.storage.from(MEDIA.bucket).createSignedUploadUrl(path)
  if (error || !data) throw new Refusal('The upload could not start. Reload the page and try again.')
  return { path, token: data.token, signedUrl: data.signedUrl, contentType }
}

export async function finalizeTrialPhoto(db: Db, userId: string, input: unknown): Promise<{ path: string; photos: string[] }> {
  const v = parseOrRefuse(trialPhotoFinalizeSchema, input)
  const thumbPath = trialPhotoId(v.path, userId) ? trialThumbPath(v.path) : null
  if (!thumbPath) throw new Refusal('That upload does not belong to this trial. Upload the photo again.')
  const name = v.path.split('/').pop()!
  const storage = db.storage.from(MEDIA.bucket)
  const current = await projectPhotos(db, v.projectId)
  if (current.includes(v.path)) return { path: v.path, photos: current }

  const { data: blob, error: downloadError } = await storage.download(v.path)
  if (downloadError || !blob) throw new Refusal(`We could not find the uploaded file ${name}. Upload it again.`)
  try {
    const result = await inspectUpload(Buffer.from(await blob.arrayBuffer()), 'photo', name)
    const stored = await storage.upload(v.path, result.bytes, { upsert: true, contentType: result.mime })
    if (stored.error) throw new Error(`could not store the upright image: ${stored.error.message}`)
    if (result.thumb) {
      const thumb = await storage.upload(thumbPath, result.thumb, { upsert: true, contentType: 'image/webp' })
      if (thumb.error) throw new Error(`could not store the thumbnail: ${thumb.error.message}`)
    }
    const { data, error } = await db.rpc('add_trial_photo', { p_project_id: v.projectId, p_path: v.path })
    if (error) {
      if (/trial_projects_photos_check|cardinality/i.test(error.message)) throw new Refusal(FULL)
      refuse(error)
    }
    if (!data) throw new Refusal(GONE)
    return { path: v.path, photos: data }
  } catch (error) {
    const removed = await storage.remove([v.path, thumbPath])
    if (removed.error) console.error('[trials] could not remove a refused upload', v.path, removed.error.message)
    throw error
  }
}

export async function removeTrialPhoto(db: Db, userId: string, input: unknown): Promise<{ photos: string[] }> {
  const v = parseOrRefuse(trialPhotoFinalizeSchema, input)
  const thumbPath = trialPhotoId(v.path, userId) ? trialThumbPath(v.path) : null
  if (!thumbPath) throw new Refusal('That photo is not part of this trial.')
  const { data, error } = await db.rpc('remove_trial_photo', { p_project_id: v.projectId, p_path: v.path })
  if (error) refuse(error)
  if (!data) throw new Refusal(GONE)
  const removed = await db.storage.from(MEDIA.bucket).remove([v.path, thumbPath])
  if (removed.error) console.error('[trials] could not remove a photo file', v.path, removed.error.message)
  return { photos: data }
}
