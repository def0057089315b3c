import { MEDIA } from '@/lib/constants'
import { cleanLine } from './normalise'
import type { ImportedPhoto } from './types'

/* Photo addresses: resolved, http(s) only, one per photo (the largest size), page order, at most 40. */

const SIZE_PARAMS = /^(w|h|width|height|size|resize|fit|crop|quality|q|auto|dpr|format|fm|s|sz|im)$/i

/** The address with obvious size/format query parameters removed: two sizes of one photo share it. */
export function photoKey(url: string): string {
  const u = new URL(url)
  for (const key of [...u.searchParams.keys()]) if (SIZE_PARAMS.test(key)) u.searchParams.delete(key)
  u.hash = ''
  return u.href
}

/** Resolves against the page, keeps http(s) only. */
export function absoluteUrl(raw: unknown, base: string): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null
  try {
    const url = new URL(raw.trim(), base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export interface PhotoCandidate {
  url: unknown
  caption?: unknown
  /** the size the page says it is, to keep the largest of two sizes of one photo */
  width?: number | null
}

/** Page order, absolute http(s), de-duplicated (the larger of two sizes wins, in the first one's place), at most 40. */
export function cleanPhotos(candidates: PhotoCandidate[], base: string): ImportedPhoto[] {
  const byKey = new Map<string, { photo: ImportedPhoto; width: number }>()
  for (const c of candidates) {
    const url = absoluteUrl(c.url, base)
    if (!url) continue
    const key = photoKey(url)
    const width = c.width ?? 0
    const caption = cleanLine(c.caption, MEDIA.captionMax)
    const seen = byKey.get(key)
    if (!seen) {
      if (byKey.size >= MEDIA.maxPhotosPerListing) continue
      byKey.set(key, { photo: { url, caption }, width })
    } else {
      if (width > seen.width) Object.assign(seen, { width, photo: { url, caption: seen.photo.caption ?? caption } })
      else if (!seen.photo.caption && caption) seen.photo.caption = caption
    }
  }
  return [...byKey.values()].map((v) => v.photo)
}

/** The largest candidate of a srcset ("a.jpg 480w, b.jpg 1200w" or "1x, 2x"); commas inside URLs are kept. */
export function largestFromSrcset(srcset: string | undefined): { url: string; width: number | null } | null {
  if (!srcset) return null
  let best: { url: string; score: number; width: number | null } | null = null
  for (const part of srcset.split(/,\s+(?=\S)/)) {
    const [url, descriptor = '1x'] = part.trim().split(/\s+/)
    if (!url) continue
    const m = /^(\d+(?:\.\d+)?)([wx])$/i.exec(descriptor)
    const score = m ? Number(m[1]) * (m[2].toLowerCase() === 'w' ? 1 : 1000) : 1000
    const width = m && m[2].toLowerCase() === 'w' ? Number(m[1]) : null
    if (!best || score > best.score) best = { url: url.replace(/,$/, ''), score, width }
  }
  return best ? { url: best.url, width: best.width } : null
}
