import sharp from 'sharp'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { findBucketIgnoringRls } from './buckets.ts'
import { ERRORS, StorageFailure } from './errors.ts'
import { queryParams } from './names.ts'
import { contentDisposition, findObject, type ObjectRow } from './object-rows.ts'
import { asSuperuser, inScope, type Caller, type StorageDeps } from './scope.ts'
import { verifyObjectToken } from './tokens.ts'

/*
 * Image transformations as Storage has them (`/render/image/...`, signed URLs with `transform`):
 * Storage hands the work to imgproxy; here sharp does it, with imgproxy's meaning of each option
 * (src/storage/renderer/image.ts in supabase/storage):
 *   resize cover → imgproxy `fill` (crop to the box, centred), contain → `fit` (inside the box),
 *   fill → `force` (stretched); width or height alone keeps the aspect ratio; never enlarged;
 *   sizes clamped to 1–2500 (Storage's default limits); quality 20–100 (imgproxy's default 80);
 *   format `origin` keeps the source's type, `webp`/`avif` convert, and with no format the answer
 *   is WebP when the request's Accept allows it (the platform's imgproxy detects WebP), else the
 *   source's type.
 */

export interface TransformOptions {
  width?: number
  height?: number
  resize?: 'cover' | 'contain' | 'fill'
  format?: 'origin' | 'avif' | 'webp'
  quality?: number
}

const SIZE = { min: 1, max: 2500 }
const RESIZE = new Set(['cover', 'contain', 'fill'])
const FORMAT = new Set(['origin', 'avif', 'webp'])
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff', 'image/heic', 'image/heif'])

function integer(where: string, name: string, raw: unknown, min: number, max?: number): number {
  const n = typeof raw === 'number' ? raw : Number(raw)
  if (!Number.isInteger(n)) throw ERRORS.invalidParameter(`${where}/${name} must be integer`)
  if (n < min) throw ERRORS.invalidParameter(`${where}/${name} must be >= ${min}`)
  if (max !== undefined && n > max) throw ERRORS.invalidParameter(`${where}/${name} must be <= ${max}`)
  return n
}

/** The options of a query string or a `transform` body, checked as Storage's schema checks them. */
export function parseTransform(source: Record<string, unknown>, where: 'querystring' | 'body/transform'): TransformOptions {
  const out: TransformOptions = {}
  if (source.width !== undefined && source.width !== '') out.width = integer(where, 'width', source.width, 0)
  if (source.height !== undefined && source.height !== '') out.height = integer(where, 'height', source.height, 0)
  if (source.quality !== undefined && source.quality !== '') out.quality = integer(where, 'quality', source.quality, 20, 100)
  if (source.resize !== undefined) {
    if (!RESIZE.has(String(source.resize))) throw ERRORS.invalidParameter(`${where}/resize must be equal to one of the allowed values`)
    out.resize = source.resize as TransformOptions['resize']
  }
  if (source.format !== undefined) {
    if (!FORMAT.has(String(source.format))) throw ERRORS.invalidParameter(`${where}/format must be equal to one of the allowed values`)
    out.format = source.format as TransformOptions['format']
  }
  return out
}

/** What a signed transform token carries (`transformations`), in Storage's `name:value,…` form. */
export function transformationsString(o: TransformOptions): string {
  const parts: string[] = []
  if (o.height) parts.push(`height:${o.height}`)
  if (o.width) parts.push(`width:${o.width}`)
  if ((o.width || o.height) && o.resize) parts.push(`resize:${o.resize}`)
  if (o.quality) parts.push(`quality:${o.quality}`)
  if (o.format) parts.push(`format:${o.format}`)
  return parts.join(',')
}

export function transformFromString(s: string): TransformOptions {
  const source: Record<string, string> = {}
  for (const part of s.split(',')) {
    const [name, value] = part.split(':')
    if (name && value) source[name] = value
  }
  return parseTransform(source, 'querystring')
}

/** imgproxy's options for this request, as Storage sends them back in `X-Transformations`. */
export function imgproxyOptions(o: TransformOptions): string {
  const parts: string[] = []
  if (o.height) parts.push(`height:${clamp(o.height)}`)
  if (o.width) parts.push(`width:${clamp(o.width)}`)
  if (o.width || o.height) parts.push(`resizing_type:${{ cover: 'fill', contain: 'fit', fill: 'force' }[o.resize ?? 'cover']}`)
  if (o.quality) parts.push(`quality:${o.quality}`)
  if (o.format && o.format !== 'origin') parts.push(`format:${o.format}`)
  return parts.join(',')
}

function clamp(n: number): number {
  return Math.min(SIZE.max, Math.max(SIZE.min, n))
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const

/** Renders the object's bytes with the options; the answer's type follows the rules above. */
export async function renderImage(bytes: Buffer, o: TransformOptions, accept: string | undefined) {
  // the bytes decide, as imgproxy's sniffing does (an upload's content type may be anything)
  const unsupported = () => new StorageFailure('InvalidRequest', 400, 'The source image is invalid or unsupported for rendering')
  const format = await sharp(bytes).metadata().then((m) => m.format, () => undefined)
  if (!format || !RASTER.has(`image/${format === 'heif' ? 'heif' : format}`)) throw unsupported()
  let image = sharp(bytes, { failOn: 'error' }).rotate()
  if (o.width || o.height) {
    image = image.resize({
      width: o.width ? clamp(o.width) : undefined,
      height: o.height ? clamp(o.height) : undefined,
      fit: FIT[o.resize ?? 'cover'],
      withoutEnlargement: true,
    })
  }
  const quality = o.quality ?? 80
  const target =
    o.format === 'webp' || o.format === 'avif'
      ? o.format
      : o.format !== 'origin' && /image\/webp/.test(accept ?? '')
        ? 'webp'
        : format
  try {
    switch (target) {
      case 'webp':
        return { body: await image.webp({ quality }).toBuffer(), type: 'image/webp' }
      case 'avif':
        return { body: await image.avif({ quality }).toBuffer(), type: 'image/avif' }
      case 'png':
        return { body: await image.png().toBuffer(), type: 'image/png' }
      case 'gif':
        return { body: await image.gif().toBuffer(), type: 'image/gif' }
      default:
        return { body: await image.jpeg({ quality, mozjpeg: true }).toBuffer(), type: 'image/jpeg' }
    }
  } catch {
    throw unsupported()
  }
}

async function answer(deps: StorageDeps, req: LocalRequest, row: ObjectRow, o: TransformOptions): Promise<LocalResponse> {
  const bytes = await deps.blobs.get(row.bucket_id, row.name, row.version ?? '')
  if (!bytes) throw ERRORS.noSuchKey()
  const md = row.metadata ?? {}
  const rendered = await renderImage(bytes, o, req.headers['accept'])
  const headers: Record<string, string> = {
    'Content-Type': rendered.type,
    'Content-Length': String(rendered.body.length),
    'Cache-Control': String(md.cacheControl ?? 'no-cache'),
    'Last-Modified': String(md.lastModified ?? new Date(row.updated_at).toUTCString()),
    Vary: 'Accept',
    'X-Transformations': imgproxyOptions(o),
    ...contentDisposition(queryParams(req).get('download')),
  }
  if (req.method === 'HEAD') return { status: 200, headers }
  return { status: 200, headers, body: rendered.body }
}

function queryOptions(req: LocalRequest): TransformOptions {
  return parseTransform(Object.fromEntries(queryParams(req)), 'querystring')
}

/** `GET /render/image/public/{bucket}/{path}`: public buckets only, as object/public. */
export async function renderPublic(deps: StorageDeps, req: LocalRequest, bucket: string, name: string) {
  const o = queryOptions(req)
  const row = await asSuperuser(deps, 'storage.render.public', async (tx) => {
    const b = await findBucketIgnoringRls(tx, bucket)
    if (!b.public) throw ERRORS.noSuchBucket()
    return findObject(tx, bucket, name)
  })
  return answer(deps, req, row, o)
}

/** `GET /render/image/authenticated/{bucket}/{path}`: the caller's SELECT policies decide. */
export async function renderAuthenticated(deps: StorageDeps, req: LocalRequest, caller: Caller, bucket: string, name: string) {
  const o = queryOptions(req)
  const row = await inScope(deps, req, caller, 'storage.render.authenticated', (tx) => findObject(tx, bucket, name))
  return answer(deps, req, row, o)
}

/** `GET /render/image/sign/{bucket}/{path}?token=`: the options come from the token, not the query. */
export async function renderSigned(deps: StorageDeps, req: LocalRequest, bucket: string, name: string) {
  const claims = await verifyObjectToken(deps.ctx.config, queryParams(req).get('token'), 'download', bucket, name)
  const o = transformFromString(typeof claims.transformations === 'string' ? claims.transformations : '')
  const row = await asSuperuser(deps, 'storage.render.signed', (tx) => findObject(tx, bucket, name))
  return answer(deps, req, row, o)
}
