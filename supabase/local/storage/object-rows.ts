import { createHash } from 'node:crypto'
import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import type { StorageDeps } from './scope.ts'
import { ERRORS } from './errors.ts'
import { queryParams } from './names.ts'

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: Record<string, unknown> | null
  user_metadata: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

export const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`

/** Reads one object row under whatever role the transaction runs as (RLS SELECT decides). */
export async function findObject(tx: Tx, bucket: string, name: string): Promise<ObjectRow> {
  const r = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  )
  if (!r.rows[0]) throw ERRORS.noSuchKey()
  return r.rows[0]
}

/** The `metadata` JSON exactly as the platform writes it after an upload. */
export function objectMetadata(bytes: Buffer, contentType: string, cacheControl: string) {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype: contentType,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  }
}

export interface ObjectWrite {
  id: string
  bucket: string
  name: string
  owner: string | null
  ownerId: string | null
  version: string
  metadata: Record<string, unknown>
  userMetadata: Record<string, unknown> | null
}

/**
 * The row write an upload makes under the caller's role. No RETURNING: a plain upload needs only
 * an INSERT policy on the platform, and RETURNING would also demand SELECT.
 */
export async function writeObjectRow(tx: Tx, w: ObjectWrite, upsert: boolean): Promise<void> {
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)
     ${
       upsert
         ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
              version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
              updated_at = now(), last_accessed_at = now()`
         : ''
     }`,
    [
      w.id,
      w.bucket,
      w.name,
      w.owner,
      w.ownerId,
      w.version,
      JSON.stringify(w.metadata),
      w.userMetadata === null ? null : JSON.stringify(w.userMetadata),
    ],
  )
}

/** `/object/info/…` body (storage-js camelises it). */
export function infoJson(o: ObjectRow) {
  const md = o.metadata ?? {}
  return {
    id: o.id,
    name: o.name,
    version: o.version,
    bucket_id: o.bucket_id,
    size: md.size ?? null,
    content_type: md.mimetype ?? null,
    cache_control: md.cacheControl ?? null,
    etag: md.eTag ?? null,
    metadata: o.user_metadata ?? {},
    last_modified: o.updated_at,
    created_at: o.created_at,
  }
}

/** A deleted row as `remove()` returns it. */
export function rowJson(o: ObjectRow) {
  return { ...o, path_tokens: o.name.split('/') }
}

export function contentDisposition(download: string | null): Record<string, string> {
  if (download === null) return {}
  if (download === '') return { 'Content-Disposition': 'attachment;' }
  const encoded = encodeURIComponent(download)
  return { 'Content-Disposition': `attachment; filename=${encoded}; filename*=UTF-8''${encoded};` }
}

function parseRange(header: string | undefined, size: number): [number, number] | null {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) throw ERRORS.invalidRange()
  let start: number
  let end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start > end || start >= size) throw ERRORS.invalidRange()
  return [start, end]
}

/** The bytes of an object with the platform's headers; HEAD gets the headers only. */
export async function serveObject(deps: StorageDeps, req: LocalRequest, o: ObjectRow): Promise<LocalResponse> {
  const bytes = await deps.blobs.get(o.bucket_id, o.name, o.version ?? '')
  if (!bytes) throw ERRORS.noSuchKey()
  const md = o.metadata ?? {}
  const headers: Record<string, string> = {
    'Content-Type': String(md.mimetype ?? 'application/octet-stream'),
    'Cache-Control': String(md.cacheControl ?? 'no-cache'),
    ETag: String(md.eTag ?? ''),
    'Last-Modified': String(md.lastModified ?? new Date(o.updated_at).toUTCString()),
    'Accept-Ranges': 'bytes',
    ...contentDisposition(queryParams(req).get('download')),
  }
  // browsers revalidate cached downloads; the platform answers a matching ETag with 304
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === headers.ETag)) {
    return { status: 304, headers }
  }
  const range = parseRange(req.headers['range'], bytes.length)
  const status = range ? 206 : 200
  const body = range ? bytes.subarray(range[0], range[1] + 1) : bytes
  if (range) headers['Content-Range'] = `bytes ${range[0]}-${range[1]}/${bytes.length}`
  if (req.method === 'HEAD') return { status, headers: { ...headers, 'Content-Length': String(body.length) } }
  return { status, headers, body }
}
