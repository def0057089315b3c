import type { LocalResponse } from '../http.ts'
import type { ParsedQuery } from './ast.ts'
import { isObject, parseBody, tableIn } from './body.ts'
import type { Table } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { RestRequest } from './handler.ts'
import { countsInSql, preferenceApplied, readPrefs, type PlanKind, type Prefs } from './prefs.ts'
import { withGucs, type ResultRow } from './respond.ts'
import { buildDelete, buildInsert, buildUpdate } from './write.ts'

/**
 * A mutation's answer as PostgREST's Response.hs builds it: the body, Content-Type and
 * Content-Profile only with `return=representation`; Preference-Applied for what applied.
 */
function answer(r: RestRequest, prefs: Prefs, kind: PlanKind, status: number, row: ResultRow, extra: Record<string, string>, resolutionApplies = false): LocalResponse {
  const headers: Record<string, string> = { ...extra }
  const representation = prefs.return === 'representation'
  if (representation) {
    headers['Content-Type'] = r.contentType
    if (r.profile) headers['Content-Profile'] = r.profile
  }
  Object.assign(headers, preferenceApplied(prefs, kind, resolutionApplies))
  return withGucs({ status, headers, body: representation ? row.body : undefined }, row)
}

function bodyRows(r: RestRequest): Record<string, unknown>[] {
  const body = parseBody(r.req.body)
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  return rows
}

/** POST/PUT/PATCH/DELETE on a table. */
export async function handleWrite(r: RestRequest, name: string, table: Table, query: ParsedQuery): Promise<LocalResponse> {
  const method = r.req.method
  const prefs = readPrefs(r.prefer)
  const representation = prefs.return === 'representation'
  const count = countsInSql(prefs.count)
  const base = { query, representation, count, singular: r.singular, format: r.media.format, stripNulls: r.stripNulls }

  if (method === 'POST') {
    const rows = bodyRows(r)
    // PostgREST drops the resolution when there is nothing to detect a conflict on
    const resolutionApplies = prefs.resolution !== undefined && (table.primaryKey.length > 0 || query.onConflict !== undefined)
    const resolution = resolutionApplies ? prefs.resolution : undefined
    const { sql, params } = await r.build(query.scopes, (ctx) =>
      buildInsert(ctx, { ...base, table: tableIn(ctx, r.schema, name), rows, missingDefault: prefs.missing === 'default', resolution }),
    )
    const row = await r.run(sql, params, false)
    // merge-duplicates: 201 once a row was inserted, 200 when every row merged (or none came)
    const status = resolution === 'merge-duplicates' && (row.inserted ?? row.page_total) <= 0 ? 200 : 201
    return answer(r, prefs, 'create', status, row, { 'Content-Range': `*/${count ? row.page_total : '*'}` }, resolutionApplies)
  }

  if (method === 'PUT') {
    const top = query.scopes.get('')
    if (top?.limit !== undefined || top?.offset !== undefined) {
      throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT')
    }
    const rows = bodyRows(r)
    const filters = top?.conditions ?? []
    const { sql, params } = await r.build(query.scopes, (ctx) => {
      const t = tableIn(ctx, r.schema, name)
      const pk = t.primaryKey
      const byColumn = new Map(filters.map((f) => [f.kind === 'filter' && f.op === 'eq' && !f.negate && !f.modifier && f.field.json.length === 0 ? f.field.name : '', f]))
      const ok = pk.length > 0 && filters.length === pk.length && pk.every((c) => byColumn.has(c))
      if (!ok) throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators")
      for (const c of pk) {
        const f = byColumn.get(c)!
        if (f.kind !== 'filter' || rows.length !== 1 || String(rows[0][c]) !== f.value) {
          throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)')
        }
      }
      // the filters only address the row; the upsert itself works from the body
      const upsertQuery = { ...query, scopes: new Map([...query.scopes].filter(([k]) => k !== '')), onConflict: pk }
      ctx.scopes = upsertQuery.scopes
      return buildInsert(ctx, { ...base, table: t, query: upsertQuery, rows, missingDefault: false, resolution: 'merge-duplicates' })
    })
    const row = await r.run(sql, params, false)
    const status = representation ? ((row.inserted ?? 0) > 0 ? 201 : 200) : 204
    return answer(r, prefs, 'upsert', status, row, {})
  }

  if (method === 'PATCH' || method === 'DELETE') {
    let patch: Record<string, unknown> = {}
    if (method === 'PATCH') {
      const body = parseBody(r.req.body)
      if (!isObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      patch = body
    }
    const { sql, params } = await r.build(query.scopes, (ctx) => {
      const o = { ...base, table: tableIn(ctx, r.schema, name) }
      return method === 'PATCH' ? buildUpdate(ctx, { ...o, row: patch, missingDefault: prefs.missing === 'default' }) : buildDelete(ctx, o)
    })
    const row = await r.run(sql, params, false)
    const n = row.page_total
    const total = count ? n : '*'
    // Content-Range: updates `0-(n-1)/total` (`*/0` when none), deletes `*/total`
    const range = method === 'PATCH' && n > 0 ? `0-${n - 1}/${total}` : `*/${total}`
    return answer(r, prefs, method === 'PATCH' ? 'update' : 'delete', representation ? 200 : 204, row, { 'Content-Range': range })
  }
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}
