import type { LocalResponse } from '../http.ts'
import { tableIn } from './body.ts'
import { key, type Catalogue } from './catalogue.ts'
import { RestError } from './errors.ts'
import { fuzzyGet } from './fuzzy.ts'
import type { RestRequest } from './handler.ts'
import { parseQuery } from './parser.ts'
import { buildRead, qualified } from './read.ts'
import { countsInSql, preferenceApplied, readPrefs } from './prefs.ts'
import { applyRangeHeader } from './range.ts'
import { countTotal, readRange, readStatus, withGucs } from './respond.ts'
import { handleWrite } from './write-route.ts'

/** PostgREST 13's tableNotFoundHint: the fuzzy-set best match among the schema's tables. */
function closest(cat: Catalogue, schema: string, name: string): string | null {
  const names = [...cat.tables.values()].filter((t) => t.schema === schema).map((t) => t.name)
  return fuzzyGet(names, name)[0]?.[1] ?? null
}

export { parseBody } from './body.ts'

/** GET/HEAD/POST/PUT/PATCH/DELETE on `/rest/v1/<table>`. */
export async function handleTable(r: RestRequest, name: string): Promise<LocalResponse> {
  const { found } = await r.cache.find((c) => c.tables.get(key(r.schema, name)))
  if (!found) {
    const cat = await r.cache.get()
    const near = closest(cat, r.schema, name)
    throw new RestError(404, 'PGRST205', `Could not find the table '${r.schema}.${name}' in the schema cache`, null, near ? `Perhaps you meant the table '${r.schema}.${near}'` : null)
  }
  const method = r.req.method
  const query = parseQuery(r.req.rawQuery)
  if (method !== 'GET' && method !== 'HEAD') return handleWrite(r, name, found, query)

  const prefs = readPrefs(r.prefer)
  if (method === 'GET') applyRangeHeader(query, r.req.headers['range'])
  const offset = query.scopes.get('')?.offset ?? 0
  const explain = prefs.count === 'planned' || prefs.count === 'estimated'
  const { sql, params, countSql } = await r.build(query.scopes, (ctx) => {
    const t = tableIn(ctx, r.schema, name)
    const countLimit = prefs.count === 'estimated' ? r.config.maxRows + 1 : undefined
    return buildRead(ctx, { from: qualified(t), src: { table: t, relation: t.name, columns: t.columns }, query, maxRows: r.config.maxRows, count: countsInSql(prefs.count), countLimit, singular: r.singular, stripNulls: r.stripNulls, format: r.media.format, body: method === 'GET' })
  })
  const row = await r.run(sql, params, true, explain ? countSql : undefined)
  const total = countTotal(prefs.count, row.total, row.planned ?? null, r.config.maxRows)
  const headers: Record<string, string> = { 'Content-Range': readRange(offset, row.page_total, total) }
  const status = readStatus(offset, row.page_total, total)
  headers['Content-Type'] = r.contentType
  if (r.profile) headers['Content-Profile'] = r.profile
  Object.assign(headers, preferenceApplied(prefs, 'read'))
  return withGucs({ status, headers, body: method === 'GET' ? row.body : undefined }, row)
}
