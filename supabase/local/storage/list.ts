import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { ERRORS } from './errors.ts'
import { jsonBody } from './names.ts'
import { inScope, type Caller, type StorageDeps } from './scope.ts'

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * `POST /object/list/{bucket}`, as the platform's `storage.search()` answers it: the entries one
 * level below `prefix`, folders first (id and metadata null), then files in the requested order,
 * with limit/offset over the whole list. `search` narrows by name start; RLS SELECT applies.
 */
export async function listObjects(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  bucket: string,
): Promise<LocalResponse> {
  const body = jsonBody(req)
  const rawPrefix = typeof body.prefix === 'string' ? body.prefix : ''
  const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix
  const search = typeof body.search === 'string' ? body.search : ''
  const limit = body.limit === undefined ? 100 : Number(body.limit)
  const offset = body.offset === undefined ? 0 : Number(body.offset)
  if (!Number.isInteger(limit) || limit < 1) throw ERRORS.invalidParameter('body/limit must be >= 1')
  if (!Number.isInteger(offset) || offset < 0) throw ERRORS.invalidParameter('body/offset must be >= 0')
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name'
  if (!SORT_COLUMNS.has(column)) throw ERRORS.invalidParameter(`Invalid Parameter sortBy.column ${column}`)
  const order = String(sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc'
  const levels = prefix.split('/').length
  const pattern = `${likeEscape(prefix + search)}%`
  const rows = await inScope(deps, req, caller, 'storage.object.list', async (tx) => {
    const r = await tx.query(
      `with matched as (
         select * from storage.objects where bucket_id = $1 and name ilike $2
       ), entries as (
         select distinct path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
                0 as kind
           from matched where array_length(path_tokens, 1) <> $3
         union all
         select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, 1
           from matched where array_length(path_tokens, 1) = $3
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from entries
        order by kind, (case when kind = 0 then name end) ${order}, ${column} ${order}, name ${order}
        limit $4 offset $5`,
      [bucket, pattern, levels, limit, offset],
    )
    return r.rows
  })
  return json(200, rows)
}
