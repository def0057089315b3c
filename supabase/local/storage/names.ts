import type { LocalRequest } from '../http.ts'
import { ERRORS } from './errors.ts'

// The characters supabase/storage accepts in object keys and bucket names (its isValidKey /
// isValidBucketName); anything else is refused the same way here so apps find out locally.
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const VALID_BUCKET = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/

export function checkObjectName(name: string): string {
  if (!name || !VALID_KEY.test(name) || name.length > 1024) throw ERRORS.invalidKey(name)
  return name
}

export function checkBucketName(name: unknown): string {
  if (typeof name !== 'string' || !name || name.length > 100 || !VALID_BUCKET.test(name) || name.trim() !== name) {
    throw ERRORS.invalidBucketName()
  }
  return name
}

/** Path segments after the route prefix, percent-decoded (`a%20b` is the object `a b`). */
export function decodeSegments(rest: string): string[] {
  try {
    return rest.split('/').map((s) => decodeURIComponent(s))
  } catch {
    throw ERRORS.invalidKey(rest)
  }
}

/** `bucket/dir/file.png` → bucket and object name. */
export function splitBucketPath(rest: string): { bucket: string; name: string } {
  const [bucket, ...parts] = decodeSegments(rest)
  return { bucket, name: parts.join('/') }
}

/** Query parameters (form-encoded, `+` is a space). */
export function queryParams(req: LocalRequest): URLSearchParams {
  return new URLSearchParams(req.rawQuery)
}

/** The JSON body of a request, or {} when there is none. */
export function jsonBody(req: LocalRequest): Record<string, unknown> {
  if (req.body.length === 0) return {}
  try {
    const v: unknown = JSON.parse(req.body.toString('utf8'))
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    throw ERRORS.invalidParameter('Body is not valid JSON')
  }
}
