import { fileTypeFromBuffer } from 'file-type'
import { VOICES } from '@/lib/constants'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { canonicalMime, safeFileName } from '@/lib/media/kinds'
import { finalizeSampleSchema, prepareSampleSchema, sampleTooLarge, voiceRefSchema } from './schema'

/*
 * A voice's sample, uploaded like the media library's files so the browser shows real progress:
 * 1. prepareSample checks the size and that the voice exists, and answers a signed upload URL at
 *    samples/{voice id}/{uuid}/{file name} in the public voices bucket (the storage policies let only
 *    site administrators write there).
 * 2. the browser PUTs the bytes;
 * 3. finalizeSample reads them back and judges them by content (file-type): audio of an accepted
 *    kind, at most VOICES.sampleMaxBytes, stored with its real content type; then
 *    admin_set_voice_sample (audited) points the voice at it and the file it replaces is removed.
 *    Any refusal deletes the upload, so a public URL never serves something unchecked for long.
 * Everything runs as the signed-in administrator.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const SAMPLE_WORDS = 'an MP3, WAV, M4A, AAC or Ogg audio file'

export function sampleFolder(voiceId: string): string {
  return `samples/${voiceId}`
}

/** Whether `path` is an upload made by prepareSample for this voice. */
export function isSamplePathOf(path: string, voiceId: string): boolean {
  return new RegExp(`^samples/${voiceId}/${UUID}/[\\w.-]{1,100}$`).test(path)
}

export function sampleAccepts(mime: string): boolean {
  return (VOICES.sampleMimeTypes as readonly string[]).includes(canonicalMime(mime))
}

async function mustFindVoice(db: Db, voiceId: string): Promise<{ id: string; name: string }> {
  const { data, error } = await db.from('voices').select('id, name').eq('id', voiceId).maybeSingle()
  if (error) refuse(error)
  if (!data) throw new Refusal('That voice no longer exists. Reload the page.')
  return data
}

export async function prepareSample(db: Db, input: unknown) {
  const v = parseOrRefuse(prepareSampleSchema, input)
  await mustFindVoice(db, v.voiceId)
  const path = `${sampleFolder(v.voiceId)}/${crypto.randomUUID()}/${safeFileName(v.name)}`
  // the browser's label decides only the upload's header; finalizeSample judges the bytes
  const contentType = sampleAccepts(v.mime) ? canonicalMime(v.mime) : 'application/octet-stream'
  const { data, error } = await db.storage.from(VOICES.bucket).createSignedUploadUrl(path)
  if (error || !data) throw new Refusal('Only administrators can upload voice samples.')
  return { path, token: data.token, signedUrl: data.signedUrl, contentType, bucket: VOICES.bucket }
}

/** Judges stored bytes as a sample: the canonical audio type, or a refusal in words. */
export async function inspectSample(bytes: Buffer, name: string): Promise<string> {
  if (bytes.length > VOICES.sampleMaxBytes) throw new Refusal(sampleTooLarge(name, bytes.length))
  if (bytes.length === 0) throw new Refusal(`${name} is empty.`)
  const sniffed = await fileTypeFromBuffer(bytes)
  if (!sniffed || !sampleAccepts(sniffed.mime)) {
    const actually = sniffed ? ` (it is a ${sniffed.ext.toUpperCase()} file)` : ''
    throw new Refusal(`${name} is not ${SAMPLE_WORDS}${actually}.`)
  }
  return canonicalMime(sniffed.mime)
}

async function removeQuietly(db: Db, paths: string[]) {
  if (!paths.length) return
  const { error } = await db.storage.from(VOICES.bucket).remove(paths)
  if (error) console.error('[voices] could not remove', paths.join(', '), error.message)
}

/** → the voice's new sample path; the replaced file (if any) is removed. */
export async function finalizeSample(db: Db, input: unknown): Promise<{ path: string }> {
  const v = parseOrRefuse(finalizeSampleSchema, input)
  if (!isSamplePathOf(v.path, v.voiceId)) throw new Refusal('That upload does not belong to this voice. Upload the file again.')
  const name = v.name || v.path.split('/').pop()!
  const bucket = db.storage.from(VOICES.bucket)
  const { data: blob, error: downloadError } = await bucket.download(v.path)
  if (downloadError || !blob) throw new Refusal(`We could not find the uploaded file ${name}. Upload it again.`)
  let replaced: string | null
  try {
    const mime = await inspectSample(Buffer.from(await blob.arrayBuffer()), name)
    if (canonicalMime(blob.type || '') !== mime) {
      // served from a public URL: it must carry its real type
      const { error } = await bucket.upload(v.path, Buffer.from(await blob.arrayBuffer()), { upsert: true, contentType: mime })
      if (error) throw new Error(`could not store the sample with its type: ${error.message}`)
    }
    const { data, error } = await db.rpc('admin_set_voice_sample', { p_voice_id: v.voiceId, p_sample_path: v.path })
    if (error) refuse(error, 'Only administrators can change voice samples.')
    replaced = data
  } catch (error) {
    await removeQuietly(db, [v.path])
    throw error
  }
  if (replaced && replaced !== v.path) await removeQuietly(db, [replaced])
  return { path: v.path }
}

/** The voice keeps no sample; its file is removed. */
export async function removeSample(db: Db, input: unknown): Promise<void> {
  const v = parseOrRefuse(voiceRefSchema, input)
  // the generated types cannot say that a function argument may be null; this one may
  const { data, error } = await db.rpc('admin_set_voice_sample', { p_voice_id: v.id, p_sample_path: null as unknown as string })
  if (error) refuse(error, 'Only administrators can change voice samples.')
  if (data) await removeQuietly(db, [data])
}
