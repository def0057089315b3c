import { MEDIA } from '@/lib/constants'
import type { Db } from '@/lib/listings/refusal'

/**
 * Signed URLs for private media, one request for the whole page. A path the caller may not read
 * simply gets no URL (the page shows a placeholder) instead of failing the page.
 */
export async function signedUrls(db: Db, paths: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(paths.filter((p): p is string => Boolean(p)))]
  const urls = new Map<string, string>()
  if (!wanted.length) return urls
  const { data, error } = await db.storage.from(MEDIA.bucket).createSignedUrls(wanted, MEDIA.signedUrlSeconds)
  if (error) {
    console.error('[media] could not sign URLs', error.message)
    return urls
  }
  for (const entry of data) {
    if (entry.path && entry.signedUrl && !entry.error) urls.set(entry.path, entry.signedUrl)
  }
  return urls
}
