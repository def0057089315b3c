import type { LocalRequest } from '../http.ts'
import { ERRORS, StorageFailure } from './errors.ts'

/** What an upload request carries, whichever of storage-js's two encodings it used. */
export interface UploadBody {
  bytes: Buffer
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

const DEFAULT_CACHE = 'no-cache'

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text)
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // fall through to the platform's error
  }
  throw new StorageFailure('InvalidRequest', 400, `Invalid ${what}`)
}

/** `cacheControl=3600` in a form becomes the header value the platform stores: `max-age=3600`. */
function cacheFromField(value: string | null): string {
  if (!value) return DEFAULT_CACHE
  return /^\d+$/.test(value) ? `max-age=${value}` : value
}

/**
 * Multipart: storage-js puts `cacheControl`, optional `metadata` (JSON) and the file part (field
 * name "") in a form; the server takes the first file part whatever its name, as the platform does.
 * Node's own fetch implementation parses the form, so no hand-rolled boundary scanning is needed.
 */
async function fromMultipart(req: LocalRequest, contentType: string): Promise<UploadBody> {
  let form: FormData
  try {
    form = await new Response(req.body as unknown as BodyInit, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new StorageFailure('InvalidRequest', 400, 'the request is not a valid multipart form')
  }
  let file: File | null = null
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      file = value
      break
    }
  }
  if (!file) throw ERRORS.noContent()
  const fields = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : null
  }
  const metadata = fields('metadata')
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    contentType: fields('contentType') || file.type || 'application/octet-stream',
    cacheControl: cacheFromField(fields('cacheControl')),
    userMetadata: metadata ? parseJsonObject(metadata, 'metadata') : null,
  }
}

/** Raw body: type and cache from headers, user metadata as base64 JSON in `x-metadata`. */
function fromRaw(req: LocalRequest, contentType: string | undefined): UploadBody {
  const encoded = req.headers['x-metadata']
  return {
    bytes: req.body,
    contentType: contentType || 'application/octet-stream',
    cacheControl: req.headers['cache-control'] || DEFAULT_CACHE,
    userMetadata: encoded ? parseJsonObject(Buffer.from(encoded, 'base64').toString('utf8'), 'x-metadata') : null,
  }
}

export async function readUploadBody(req: LocalRequest): Promise<UploadBody> {
  const contentType = req.headers['content-type']
  if (contentType && /^multipart\/form-data/i.test(contentType)) return fromMultipart(req, contentType)
  return fromRaw(req, contentType)
}
