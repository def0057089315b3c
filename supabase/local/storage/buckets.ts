import type { Tx } from '../db.ts'
import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { ERRORS } from './errors.ts'
import { parseAllowedMimeTypes, parseFileSizeLimit } from './limits.ts'
import { checkBucketName, decodeSegments, jsonBody, queryParams } from './names.ts'
import { bypassingRls, inScope, type Caller, type StorageDeps } from './scope.ts'

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean
  type: string
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

// bigint comes back as a string from Postgres drivers; the API answers with a number
const BUCKET_COLUMNS = `id, name, owner, owner_id, public, type, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`

/** The bucket as storage's superuser sees it: object routes need its limits whatever the bucket policies. */
export async function findBucketIgnoringRls(tx: Tx, id: string): Promise<BucketRow> {
  const row = await bypassingRls(tx, async () => {
    const r = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
    return r.rows[0]
  })
  if (!row) throw ERRORS.noSuchBucket()
  return row
}

function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? b.owner_id ?? '',
    public: b.public,
    type: b.type,
    file_size_limit: b.file_size_limit,
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at,
    updated_at: b.updated_at,
  }
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])

async function listBuckets(deps: StorageDeps, req: LocalRequest, caller: Caller): Promise<LocalResponse> {
  const q = queryParams(req)
  const column = q.get('sortColumn') ?? 'name'
  if (!SORT_COLUMNS.has(column)) throw ERRORS.invalidParameter(`Invalid Parameter sortColumn`)
  const order = q.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  const limit = q.has('limit') ? Math.max(0, Number(q.get('limit')) || 0) : null
  const offset = Math.max(0, Number(q.get('offset')) || 0)
  const search = q.get('search') ?? ''
  const rows = await inScope(deps, req, caller, 'storage.bucket.list', async (tx) => {
    const r = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where ($1 = '' or name ilike '%' || $1 || '%')
        order by ${column} ${order} limit $2 offset $3`,
      [search, limit, offset],
    )
    return r.rows
  })
  return json(200, rows.map(bucketJson))
}

async function getBucket(deps: StorageDeps, req: LocalRequest, caller: Caller, id: string): Promise<LocalResponse> {
  const row = await inScope(deps, req, caller, 'storage.bucket.get', async (tx) => {
    const r = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
    return r.rows[0]
  })
  if (!row) throw ERRORS.noSuchBucket()
  // Storage's getBucket selects these eight columns (src/http/routes/bucket/getBucket.ts): no `type`
  const { type: _type, ...fields } = bucketJson(row)
  return json(200, fields)
}

async function createBucket(deps: StorageDeps, req: LocalRequest, caller: Caller): Promise<LocalResponse> {
  const body = jsonBody(req)
  const name = checkBucketName(body.name ?? body.id)
  const id = checkBucketName(body.id ?? name)
  const sizeLimit = parseFileSizeLimit(body.file_size_limit)
  const mimeTypes = parseAllowedMimeTypes(body.allowed_mime_types)
  const type = typeof body.type === 'string' ? body.type.toUpperCase() : 'STANDARD'
  if (type !== 'STANDARD') throw ERRORS.invalidParameter(`Bucket type ${type} is not supported by the local stand-in`)
  try {
    await inScope(deps, req, caller, 'storage.bucket.create', (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
         values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
        [id, name, caller.ownerUuid, caller.sub, body.public === true, sizeLimit, mimeTypes],
      ),
    )
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw ERRORS.bucketAlreadyExists()
    throw err
  }
  return json(200, { name: id })
}

async function updateBucket(deps: StorageDeps, req: LocalRequest, caller: Caller, id: string): Promise<LocalResponse> {
  const body = jsonBody(req)
  const sets: string[] = []
  const params: unknown[] = [id]
  const set = (column: string, value: unknown) => {
    params.push(value)
    sets.push(`${column} = $${params.length}`)
  }
  if (typeof body.public === 'boolean') set('public', body.public)
  if ('file_size_limit' in body) set('file_size_limit', parseFileSizeLimit(body.file_size_limit))
  if ('allowed_mime_types' in body) set('allowed_mime_types', parseAllowedMimeTypes(body.allowed_mime_types))
  const updated = await inScope(deps, req, caller, 'storage.bucket.update', async (tx) => {
    await findBucketIgnoringRls(tx, id)
    const r = await tx.query(`update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, params)
    return r.affectedRows ?? 0
  })
  if (updated === 0) throw ERRORS.noSuchBucket()
  return json(200, { message: 'Successfully updated' })
}

async function emptyBucket(deps: StorageDeps, req: LocalRequest, caller: Caller, id: string): Promise<LocalResponse> {
  const removed = await inScope(deps, req, caller, 'storage.bucket.empty', async (tx) => {
    await findBucketIgnoringRls(tx, id)
    const r = await tx.query<{ name: string; version: string | null }>(
      `delete from storage.objects where bucket_id = $1 returning name, version`,
      [id],
    )
    return r.rows
  })
  for (const o of removed) await deps.blobs.delete(id, o.name, o.version ?? '')
  // Storage's answer (it queues the work); here it is done before answering
  return json(200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' })
}

async function deleteBucket(deps: StorageDeps, req: LocalRequest, caller: Caller, id: string): Promise<LocalResponse> {
  const deleted = await inScope(deps, req, caller, 'storage.bucket.delete', async (tx) => {
    await findBucketIgnoringRls(tx, id)
    const count = await bypassingRls(tx, async () => {
      const r = await tx.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1`, [id])
      return r.rows[0].n
    })
    if (count > 0) throw ERRORS.bucketNotEmpty()
    const r = await tx.query(`delete from storage.buckets where id = $1`, [id])
    return r.affectedRows ?? 0
  })
  if (deleted === 0) throw ERRORS.noSuchBucket()
  await deps.blobs.deleteBucket(id)
  return json(200, { message: 'Successfully deleted' })
}

/** `/bucket…` routes; `rest` is the path after `/bucket`. */
export async function handleBucketRoute(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  rest: string,
): Promise<LocalResponse> {
  const parts = decodeSegments(rest).filter(Boolean)
  const m = req.method
  if (parts.length === 0 && (m === 'GET' || m === 'HEAD')) return listBuckets(deps, req, caller)
  if (parts.length === 0 && m === 'POST') return createBucket(deps, req, caller)
  if (parts.length === 1 && (m === 'GET' || m === 'HEAD')) return getBucket(deps, req, caller, parts[0])
  if (parts.length === 1 && m === 'PUT') return updateBucket(deps, req, caller, parts[0])
  if (parts.length === 1 && m === 'DELETE') return deleteBucket(deps, req, caller, parts[0])
  if (parts.length === 2 && parts[1] === 'empty' && m === 'POST') return emptyBucket(deps, req, caller, parts[0])
  throw ERRORS.routeNotFound(m, `/bucket${rest}`)
}

