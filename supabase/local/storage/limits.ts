import { ERRORS } from './errors.ts'

/** The platform's default per-object cap (`FILE_SIZE_LIMIT`, 50 MB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

/** A bucket's `file_size_limit` as storage-js may send it: a number of bytes or "20MB"/"30KB"/"3B". */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value)
  if (typeof value === 'string') {
    const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim())
    if (m) {
      const unit = (m[2] ?? 'b').toLowerCase()
      const factor = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 }[unit] ?? 1
      return Math.floor(Number(m[1]) * factor)
    }
  }
  throw ERRORS.invalidFileSizeLimit()
}

const MIME = /^[a-z0-9!#$&^_.+-]+\/([a-z0-9!#$&^_.+-]+|\*)$/i

export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value)) throw ERRORS.invalidParameter('allowed_mime_types must be an array')
  for (const v of value) {
    if (typeof v !== 'string' || !MIME.test(v.trim())) throw ERRORS.invalidMimeType(String(v))
  }
  return value.map((v: string) => v.trim().toLowerCase())
}

/** `image/png; charset=x` → `image/png`. */
export function bareMime(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase()
}

/** Wildcards such as `image/*` match every subtype, as the platform's validateMimeType does. */
export function mimeAllowed(contentType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const [type, subtype] = bareMime(contentType).split('/')
  return allowed.some((a) => {
    const [t, s] = a.toLowerCase().split('/')
    return t === type && (s === '*' || s === subtype)
  })
}

export function effectiveSizeLimit(bucketLimit: number | null, globalLimit: number): number {
  return bucketLimit === null ? globalLimit : Math.min(bucketLimit, globalLimit)
}
