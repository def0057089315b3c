import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import type { Tx } from '../db.ts'
import { ERRORS } from './errors.ts'
import { jsonBody } from './names.ts'
import { inScope, type Caller, type StorageDeps } from './scope.ts'

/*
 * `POST /object/list-v2/{bucket}` (storage-js `listV2`), as Storage answers it (src/storage/object.ts
 * listObjectsV2, src/storage/database/pg.ts, migration 0050 list_objects_with_delimiter): keys in
 * byte order (COLLATE "C") under `prefix` — a plain string start, not a folder — at most `limit`
 * (≤ 1000) a page, `hasNext` and an opaque `nextCursor` when more follow. With `with_delimiter`, the
 * keys below the next "/" after the prefix collapse into one folder entry (`name` ends in "/", in
 * `folders`); files go in `objects`. `sortBy` `created_at`/`updated_at` orders by that column then
 * name, with the delimiter too (search_v2 with sort support, migrations 0039/0050: folders are
 * aggregated, their dates the earliest `created_at` under them, and sorted among the files).
 * Delimited entries carry `key`, the path segment at the prefix's level (search_v2's
 * `split_part(name, '/', levels)`); folders have theirs as the Storage image the CLI runs answers
 * (its prefixes-table search_v2). RLS SELECT applies, as for `list`.
 */

const MAX_KEYS = 1000
const ORDERS = new Set(['asc', 'desc'])
const COLUMNS = new Set(['name', 'updated_at', 'created_at'])

interface Row {
  key?: string
  id: string | null
  name: string
  metadata: unknown
  updated_at: Date | string | null
  created_at: Date | string | null
  last_accessed_at: Date | string | null
}

interface Cursor {
  startAfter: string
  sortOrder?: string
  sortColumn?: string
  sortColumnAfter?: string
}

// Storage's continuation token: base64 of "l:<after>\no:<order>\nc:<column>\na:<column value>"
const CURSOR_PARTS: Record<string, keyof Cursor> = { l: 'startAfter', o: 'sortOrder', c: 'sortColumn', a: 'sortColumnAfter' }

function encodeCursor(cursor: Cursor): string {
  let text = ''
  for (const [letter, key] of Object.entries(CURSOR_PARTS)) if (cursor[key]) text += `${letter}:${cursor[key]}\n`
  return Buffer.from(text.slice(0, -1)).toString('base64')
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortOrder: 'asc' }
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(part)
    if (!match || !(match[1] in CURSOR_PARTS)) throw ERRORS.invalidParameter('Invalid Parameter continuation token')
    cursor[CURSOR_PARTS[match[1]]] = match[2]
  }
  return cursor
}

function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

interface Options {
  prefix: string
  limit: number
  delimited: boolean
  order: 'asc' | 'desc'
  column: 'name' | 'updated_at' | 'created_at'
  cursor?: Cursor
}

function readOptions(req: LocalRequest): Options {
  const body = jsonBody(req)
  if (body.prefix !== undefined && typeof body.prefix !== 'string') throw ERRORS.invalidParameter('body/prefix must be string')
  if (body.limit !== undefined && (!Number.isInteger(body.limit) || (body.limit as number) < 1)) throw ERRORS.invalidParameter('body/limit must be >= 1')
  if (body.cursor !== undefined && typeof body.cursor !== 'string') throw ERRORS.invalidParameter('body/cursor must be string')
  if (body.with_delimiter !== undefined && typeof body.with_delimiter !== 'boolean') throw ERRORS.invalidParameter('body/with_delimiter must be boolean')
  const sortBy = body.sortBy as { column?: unknown; order?: unknown } | undefined
  if (sortBy !== undefined && (typeof sortBy !== 'object' || sortBy === null || !COLUMNS.has(String(sortBy.column)))) {
    throw ERRORS.invalidParameter('body/sortBy/column must be equal to one of the allowed values')
  }
  if (sortBy?.order !== undefined && !ORDERS.has(String(sortBy.order))) throw ERRORS.invalidParameter('body/sortBy/order must be equal to one of the allowed values')
  const cursor = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : undefined
  const order = (cursor?.sortOrder ?? sortBy?.order ?? 'asc') === 'desc' ? 'desc' : 'asc'
  const column = (cursor?.sortColumn ?? sortBy?.column ?? 'name') as Options['column']
  return {
    prefix: (body.prefix as string | undefined) ?? '',
    limit: Math.min((body.limit as number | undefined) ?? MAX_KEYS, MAX_KEYS),
    delimited: body.with_delimiter === true,
    order,
    column: COLUMNS.has(column) ? column : 'name',
    cursor,
  }
}

/** Flat: one query, `limit + 1` rows, ordered by the column (dates to the millisecond) then name. */
async function flatRows(tx: Tx, bucket: string, o: Options): Promise<Row[]> {
  const values: unknown[] = [bucket, o.limit + 1]
  const where = ['bucket_id = $1']
  if (o.prefix) where.push(`name like $${values.push(likePrefix(o.prefix))}`)
  const dated = o.column !== 'name'
  const op = o.order === 'asc' ? '>' : '<'
  if (o.cursor?.startAfter) {
    if (dated && o.cursor.sortColumnAfter) {
      values.push(o.cursor.sortColumnAfter, o.cursor.startAfter)
      where.push(`row(date_trunc('milliseconds', ${o.column}), name collate "C") ${op} row($${values.length - 1}::timestamptz, $${values.length})`)
    } else where.push(`name collate "C" ${op} $${values.push(o.cursor.startAfter)}`)
  }
  const r = await tx.query(
    `select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects
      where ${where.join(' and ')}
      order by ${dated ? `${o.column} ${o.order}, ` : ''}name collate "C" ${o.order} limit $2`,
    values,
  )
  return r.rows as Row[]
}

/**
 * Delimited: walk the keys in name order from the cursor; a key with a "/" after the prefix stands
 * for its folder, which is emitted once and skipped past (the next seek starts after the folder's
 * last possible key), as Storage's skip-scan does.
 */
async function delimitedRows(tx: Tx, bucket: string, o: Options): Promise<Row[]> {
  const out: Row[] = []
  const asc = o.order === 'asc'
  let seek = o.cursor?.startAfter ?? ''
  let inclusive = false
  // a page that ended on a folder resumes past all of its keys, not inside it
  if (asc && seek.endsWith('/')) {
    seek = `${seek.slice(0, -1)}0`
    inclusive = true
  }
  const levels = o.prefix ? o.prefix.split('/').length : 1
  const keyOf = (name: string) => name.split('/')[levels - 1] ?? ''
  while (out.length < o.limit + 1) {
    const values: unknown[] = [bucket, likePrefix(o.prefix)]
    let where = 'bucket_id = $1 and name like $2'
    if (seek) where += ` and name collate "C" ${asc ? '>' : '<'}${inclusive ? '=' : ''} $${values.push(seek)}`
    const r = await tx.query(
      `select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects
        where ${where} order by name collate "C" ${o.order} limit 1`,
      values,
    )
    const row = r.rows[0] as Row | undefined
    if (!row) break
    const rest = row.name.slice(o.prefix.length)
    const slash = rest.indexOf('/')
    if (slash < 0) {
      out.push({ key: keyOf(row.name), ...row })
      seek = row.name
      inclusive = false
      continue
    }
    const folder = row.name.slice(0, o.prefix.length + slash + 1)
    const first = await tx.query<{ at: Date | null }>(
      `select min(created_at) as at from storage.objects where bucket_id = $1 and name like $2`,
      [bucket, likePrefix(folder)],
    )
    const at = first.rows[0]?.at ?? null
    out.push({ key: keyOf(folder), id: null, name: folder, metadata: null, updated_at: at, created_at: at, last_accessed_at: null })
    // past every key in the folder: ascending, from "folder0" on ('0' is '/' + 1, so every "folder/…"
    // sorts before it); descending, below "folder/", which sorts before all of its keys
    seek = asc ? `${folder.slice(0, -1)}0` : folder
    inclusive = asc
  }
  return out
}

/**
 * Delimited, ordered by a date (storage.search_by_timestamp): folders aggregated from the keys below
 * them (name without the trailing "/", dates the earliest created_at), files at this level, one
 * order by the date to the millisecond then name, resumed from the cursor's (date, name).
 */
async function delimitedByDate(tx: Tx, bucket: string, o: Options): Promise<Row[]> {
  const col = o.column === 'updated_at' ? 'updated_at' : 'created_at'
  const op = o.order === 'asc' ? '>' : '<'
  const levels = o.prefix ? o.prefix.split('/').length : 1
  const r = await tx.query(
    `with raw as (
       select name, id, updated_at, created_at, last_accessed_at, metadata,
              case when position('/' in substring(name from length($1) + 1)) > 0
                   then left(name, length($1) + position('/' in substring(name from length($1) + 1))) end as common_prefix
         from storage.objects where bucket_id = $2 and name collate "C" like $3
     ), combined as (
       select rtrim(common_prefix, '/') as name, null::uuid as id, min(created_at) as updated_at, min(created_at) as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata
         from raw where common_prefix is not null group by common_prefix
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata from raw where common_prefix is null
     )
     select split_part(name, '/', $4) as key, name, id, updated_at, created_at, last_accessed_at, metadata from combined
      where ($5 = '' or row(date_trunc('milliseconds', ${col}), name collate "C") ${op} row(coalesce(nullif($6, '')::timestamptz, 'epoch'::timestamptz), $5))
      order by coalesce(date_trunc('milliseconds', ${col}), 'epoch'::timestamptz) ${o.order}, name collate "C" ${o.order}
      limit $7`,
    [o.prefix, bucket, likePrefix(o.prefix), levels, o.cursor?.startAfter ?? '', o.cursor?.sortColumnAfter ?? '', o.limit + 1],
  )
  return r.rows as Row[]
}

function rowsFor(tx: Tx, bucket: string, o: Options): Promise<Row[]> {
  if (!o.delimited) return flatRows(tx, bucket, o)
  return o.column === 'name' ? delimitedRows(tx, bucket, o) : delimitedByDate(tx, bucket, o)
}

export async function listObjectsV2(deps: StorageDeps, req: LocalRequest, caller: Caller, bucket: string): Promise<LocalResponse> {
  const o = readOptions(req)
  const rows = await inScope(deps, req, caller, 'storage.object.list_v2', (tx) => rowsFor(tx, bucket, o))
  const hasNext = rows.length > o.limit
  const page = hasNext ? rows.slice(0, o.limit) : rows
  const folders = page.filter((row) => row.id === null).map((row) => ({ ...row, name: row.name.endsWith('/') ? row.name : `${row.name}/` }))
  const objects = page.filter((row) => row.id !== null)
  let nextCursor: string | undefined
  if (hasNext) {
    const last = page[page.length - 1]
    const dated = o.column !== 'name' && last[o.column]
    nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: o.order,
      sortColumn: o.column === 'name' ? undefined : o.column,
      sortColumnAfter: dated ? new Date(last[o.column] as string).toISOString() : undefined,
    })
  }
  return json(200, { hasNext, ...(nextCursor ? { nextCursor, nextCursorKey: page[page.length - 1].name } : {}), folders, objects })
}
