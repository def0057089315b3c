import type { LocalResponse } from '../http.ts'
import { key, type Fn } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { RestRequest } from './handler.ts'
import { parseQuery } from './parser.ts'
import { ReloadCatalogue } from './read.ts'
import { countsInSql, preferenceApplied, readPrefs } from './prefs.ts'
import { readRange, readStatus, withGucs } from './respond.ts'
import { ambiguousFunction, functionNotFound, pickFunction } from './rpc-pick.ts'
import { buildRpc, callSql } from './rpc.ts'
import { parseBody } from './table-route.ts'

/** POST/GET/HEAD `/rest/v1/rpc/<fn>`. */
export async function handleRpc(r: RestRequest, name: string): Promise<LocalResponse> {
  const method = r.req.method
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for calling functions')
  }
  const k = key(r.schema, name)
  const { found: overloads, catalogue: cat } = await r.cache.find((c) => c.functions.get(k))
  const readMethod = method !== 'POST'
  let args: Record<string, unknown> = {}
  let wholeBody: unknown = {}
  const argNames = new Set((overloads ?? []).flatMap((f) => f.args.map((a) => a.name)).filter(Boolean))
  const query = parseQuery(r.req.rawQuery, readMethod ? { argNames } : {})
  if (readMethod) wholeBody = args = Object.fromEntries(query.args)
  else {
    const parsed = r.req.body.length === 0 ? {} : parseBody(r.req.body)
    // a single unnamed parameter gets the body as sent
    wholeBody = r.req.body.length === 0 ? '{}' : r.req.body.toString('utf8')
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Record<string, unknown>
  }
  const keys = Object.keys(args)
  const jsonPost = !readMethod
  const pick = pickFunction(overloads ?? [], keys, jsonPost)
  if (pick && 'ambiguous' in pick) throw ambiguousFunction(pick.ambiguous)
  if (!pick) {
    const names = [...cat.functions.values()].flat().filter((f) => f.schema === r.schema).map((f) => f.name)
    throw functionNotFound(r.schema, name, keys, jsonPost, names, overloads ?? [])
  }
  const fn: Fn = pick.fn

  const prefs = readPrefs(r.prefer)
  // PostgREST counts a function's rows for exact and estimated alike; planned gives no total (`*`)
  const count = countsInSql(prefs.count) && fn.returnsSet
  const { sql, params } = await r.build(query.scopes, (ctx) => {
    const current = ctx.cat.functions.get(k)?.find((f) => f.args.length === fn.args.length && f.args.every((a, i) => a.type === fn.args[i].type))
    if (!current) throw new ReloadCatalogue()
    const call = callSql(ctx, current, args, wholeBody)
    return buildRpc(ctx, { fn: current, call, query, maxRows: r.config.maxRows, count, singular: r.singular, format: r.media.format, stripNulls: r.stripNulls, body: method !== 'HEAD' })
  })
  // GET/HEAD, and functions declared STABLE or IMMUTABLE, run read-only as in PostgREST
  const readOnly = readMethod || fn.volatility !== 'v'
  const row = await r.run(sql, params, readOnly)
  const offset = query.scopes.get('')?.offset ?? 0
  // a scalar function's result is one row: counted (exact or estimated), PostgREST says so (`0-0/1`,
  // count 1 in postgrest-js, not NaN); uncounted, or planned, the total is unknown (`0-0/*`)
  const scalarRange = countsInSql(prefs.count) && fn.shape !== 'void' ? '0-0/1' : '0-0/*'
  const headers: Record<string, string> = { 'Content-Range': fn.returnsSet ? readRange(offset, row.page_total, row.total) : scalarRange }
  Object.assign(headers, preferenceApplied(prefs, 'call'))
  if (fn.shape === 'void') return withGucs({ status: 204, headers }, row)
  const status = fn.returnsSet ? readStatus(offset, row.page_total, row.total) : 200
  headers['Content-Type'] = r.contentType
  if (r.profile) headers['Content-Profile'] = r.profile
  return withGucs({ status, headers, body: method === 'HEAD' ? undefined : (row.body ?? 'null') }, row)
}
