import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { AVATARS } from '@/lib/constants'
import { Refusal, type Db } from '@/lib/listings/refusal'

/** Avatars are shown at most 96 px wide (2× for sharp screens is 192); 256 leaves room. */
export const AVATAR_SIZE = 256

/**
 * (Takes a client and throws Refusal, like the listing logic, so the integration tests run it.)
 * The browser's upload is never what gets shown: its bytes are judged by content (not by name or
 * declared type), decoded and drawn again as a square WebP with no metadata (EXIF can carry the GPS
 * position where a photo was taken), under a new name; the upload itself is removed. Anything that
 * is not really a JPEG, PNG or WebP image is refused.
 */
export async function reencodeAvatar(supabase: Db, userId: string, uploadedPath: string): Promise<string> {
  const bucket = supabase.storage.from(AVATARS.bucket)
  const { data: blob, error } = await bucket.download(uploadedPath)
  if (error || !blob) throw new Refusal('We could not find the uploaded picture. Upload it again.')
  const original = Buffer.from(await blob.arrayBuffer())
  try {
    if (original.length > AVATARS.maxBytes) throw new Refusal(`Choose an image under ${AVATARS.maxBytes / 1024 / 1024} MB.`)
    const sniffed = await fileTypeFromBuffer(original)
    if (!sniffed || !(AVATARS.mimeTypes as readonly string[]).includes(sniffed.mime)) {
      throw new Refusal('That file is not a JPEG, PNG or WebP image, whatever its name says.')
    }
    let picture: Buffer
    try {
      picture = await sharp(original).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 85 }).toBuffer()
    } catch {
      throw new Refusal('That image could not be read; it may be damaged.')
    }
    const path = `${userId}/avatar-${Date.now()}.webp`
    const { error: uploadError } = await bucket.upload(path, picture, { contentType: 'image/webp', cacheControl: '3600' })
    if (uploadError) throw new Refusal('We could not save your picture. Please try again.')
    return path
  } finally {
    const { error: removeError } = await bucket.remove([uploadedPath])
    if (removeError) console.warn('[profile] could not remove the uploaded original', removeError.message)
  }
}
