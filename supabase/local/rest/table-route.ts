import type { LocalResponse } from '../http.ts'
import { key, type Catalogue, type Table } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { RestRequest } from './handler.ts'
import { parseQuery } from './parser.ts'
import { buildRead, qualified, ReloadCatalogue, type BuildContext } from './read.ts'
import { prefHeader, readRange, readStatus, withGucs } from './respond.ts'
import { buildDelete, buildInsert, buildUpdate } from './write.ts'

function closest(cat: Catalogue, schema: string, name: string): string | null {
  let best: string | null = null
  let bestScore = Infinity
  for (const t of cat.tables.values()) {
    if (t.schema !== schema) continue
    const d = distance(t.name, name)
    if (d < bestScore && d <= Math.max(2, name.length / 3)) {
      best = t.name
      bestScore = d
    }
  }
  return best
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]
}

function tableIn(ctx: BuildContext, schema: string, name: string): Table {
  const t = ctx.cat.tables.get(key(schema, name))
  if (!t) throw new ReloadCatalogue()
  return t
}

export function parseBody(raw: Buffer): unknown {
  const text = raw.toString('utf8')
  try {
    if (text.trim() === '') throw new Error('empty')
    return JSON.parse(text)
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** GET/HEAD/POST/PATCH/DELETE on `/rest/v1/<table>`. */
export async function handleTable(r: RestRequest, name: string): Promise<LocalResponse> {
  const { found } = await r.cache.find((c) => c.tables.get(key(r.schema, name)))
  if (!found) {
    const cat = await r.cache.get()
    const near = closest(cat, r.schema, name)
    throw new RestError(404, 'PGRST205', `Could not find the table '${r.schema}.${name}' in the schema cache`, null, near ? `Perhaps you meant the table '${r.schema}.${near}'` : null)
  }
  const method = r.req.method
  const query = parseQuery(r.req.rawQuery)
  const countPref = r.prefer['count']
  const count = countPref === 'exact' || countPref === 'planned' || countPref === 'estimated'
  const representation = r.prefer['return'] === 'representation'
  const baseHeaders: Record<string, string> = { 'Content-Type': r.contentType }
  if (r.profile) baseHeaders['Content-Profile'] = r.schema
  const offset = query.scopes.get('')?.offset ?? 0

  if (method === 'GET' || method === 'HEAD') {
    const { sql, params } = await r.build(query.scopes, (ctx) => {
      const t = tableIn(ctx, r.schema, name)
      return buildRead(ctx, { from: qualified(t), src: { table: t, relation: t.name, columns: t.columns }, query, maxRows: r.config.maxRows, count, singular: r.singular, stripNulls: r.stripNulls, format: r.media.format, body: method === 'GET' })
    })
    const row = await r.run(sql, params, true)
    const status = readStatus(offset, row.page_total, row.total)
    const headers = { ...baseHeaders, 'Content-Range': readRange(offset, row.page_total, row.total), ...prefHeader([count && `count=${countPref}`]) }
    return withGucs({ status, headers, body: method === 'GET' ? row.body : undefined }, row)
  }

  const applied = [count && `count=${countPref}`, r.prefer['return'] && `return=${r.prefer['return']}`]
  const ret = (status: number, row: { body: string | null }): LocalResponse => ({
    status,
    headers: { ...baseHeaders, ...prefHeader(applied) },
    body: representation ? row.body : undefined,
  })

  if (method === 'POST') {
    const body = parseBody(r.req.body)
    const rows = Array.isArray(body) ? body : [body]
    if (!rows.every(isObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
    const resolution = r.prefer['resolution'] as 'merge-duplicates' | 'ignore-duplicates' | undefined
    const missingDefault = r.prefer['missing'] === 'default'
    if (resolution) applied.push(`resolution=${resolution}`)
    if (missingDefault) applied.push('missing=default')
    const { sql, params } = await r.build(query.scopes, (ctx) => {
      const table = tableIn(ctx, r.schema, name)
      const res = resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? resolution : undefined
      return buildInsert(ctx, { table, query, representation, count, singular: r.singular, format: r.media.format, stripNulls: r.stripNulls, rows: rows as Record<string, unknown>[], missingDefault, resolution: res })
    })
    const row = await r.run(sql, params, false)
    const status = resolution === 'merge-duplicates' && row.inserted === 0 && row.page_total > 0 ? 200 : 201
    const res = ret(status, row)
    res.headers = { ...res.headers, 'Content-Range': `*/${count ? row.page_total : '*'}` }
    return withGucs(res, row)
  }

  if (method === 'PUT') return put(r, name, query, representation, count, baseHeaders)

  if (method === 'PATCH' || method === 'DELETE') {
    let patch: Record<string, unknown> = {}
    if (method === 'PATCH') {
      const body = parseBody(r.req.body)
      if (!isObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      patch = body
    }
    const { sql, params } = await r.build(query.scopes, (ctx) => {
      const table = tableIn(ctx, r.schema, name)
      const o = { table, query, representation, count, singular: r.singular, format: r.media.format, stripNulls: r.stripNulls }
      return method === 'PATCH' ? buildUpdate(ctx, { ...o, row: patch }) : buildDelete(ctx, o)
    })
    const row = await r.run(sql, params, false)
    const n = row.page_total
    const total = count ? n : '*'
    const range = method === 'PATCH' && n > 0 ? `0-${n - 1}/${total}` : `*/${total}`
    const res = ret(representation ? 200 : 204, row)
    res.headers = { ...res.headers, 'Content-Range': range }
    return withGucs(res, row)
  }
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}

/** PUT: a single-row upsert addressed by `pk=eq.v` filters that must match the body (PostgREST semantics). */
async function put(r: RestRequest, name: string, query: ReturnType<typeof parseQuery>, representation: boolean, count: boolean, headers: Record<string, string>): Promise<LocalResponse> {
  const body = parseBody(r.req.body)
  if (!isObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  const filters = query.scopes.get('')?.conditions ?? []
  const { sql, params } = await r.build(query.scopes, (ctx) => {
    const table = tableIn(ctx, r.schema, name)
    const pk = table.primaryKey
    const byColumn = new Map(filters.map((f) => [f.kind === 'filter' && f.op === 'eq' && !f.negate && f.field.json.length === 0 ? f.field.name : '', f]))
    const ok = pk.length > 0 && filters.length === pk.length && pk.every((c) => byColumn.has(c))
    if (!ok) throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators")
    for (const c of pk) {
      const f = byColumn.get(c)!
      if (f.kind !== 'filter' || String(body[c]) !== f.value) throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)')
    }
    // the filters only address the row; the upsert itself works from the body
    const upsertQuery = { ...query, scopes: new Map([...query.scopes].filter(([k]) => k !== '')), onConflict: pk }
    ctx.scopes = upsertQuery.scopes
    return buildInsert(ctx, { table, query: upsertQuery, representation, count, singular: r.singular, format: r.media.format, stripNulls: r.stripNulls, rows: [body], missingDefault: false, resolution: 'merge-duplicates' })
  })
  const row = await r.run(sql, params, false)
  return withGucs({ status: representation ? 200 : 204, headers, body: representation ? row.body : undefined }, row)
}
