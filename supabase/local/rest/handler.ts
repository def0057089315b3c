import type { StandInConfig } from '../config.ts'
import type { Db } from '../db.ts'
import { withStatement } from '../db-oneshot.ts'
import { parsePrefer, type LocalRequest, type LocalResponse } from '../http.ts'
import type { Scoped } from './ast.ts'
import { AuthCache } from './auth-cache.ts'
import { SchemaCache, type Catalogue } from './catalogue.ts'
import { RestError, jwtError, toRestError } from './errors.ts'
import { ReloadCatalogue, type BuildContext } from './read.ts'
import { singularError, type ResultRow } from './respond.ts'
import { Params } from './sql.ts'
import { handleRpc } from './rpc-route.ts'
import { handleTable } from './table-route.ts'

/** Everything a route needs about one request once auth and profile are settled. */
export interface RestRequest {
  req: LocalRequest
  config: StandInConfig
  cache: SchemaCache
  role: string
  claims: Record<string, unknown>
  schema: string
  /** the request named a profile, so the answer says which */
  profile: string | undefined
  prefer: Record<string, string>
  singular: boolean
  /** `Accept: …;nulls=stripped` (postgrest-js stripNulls()) */
  stripNulls: boolean
  /** `Accept: text/csv` on a read */
  csv: boolean
  path: string
  /** builds the statement, reloading the catalogue once if a name was missing */
  build(scopes: Map<string, Scoped>, fn: (ctx: BuildContext) => string): Promise<{ sql: string; params: unknown[] }>
  /** runs the statement in the request's transaction (role, claims, headers) */
  run(sql: string, params: unknown[], readOnly: boolean): Promise<ResultRow>
}

class Rollback extends Error {
  constructor(readonly row: ResultRow) {
    super('rollback')
  }
}

function acceptable(accept: string | undefined): boolean {
  if (!accept) return true
  return accept.split(',').some((part) => {
    const t = part.split(';')[0].trim().toLowerCase()
    return t === '*/*' || t === 'application/*' || t === 'text/csv' || t === 'application/json' || t === 'application/vnd.pgrst.object+json' || t === 'application/vnd.pgrst.object' || t === 'application/vnd.pgrst.array+json'
  })
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
  }
}

export function createRestHandler(config: StandInConfig, db: Db, cache = new SchemaCache(db, config.exposedSchemas)) {
  const auths = new AuthCache(config)

  return async function handle(req: LocalRequest): Promise<LocalResponse> {
    let role = 'anon'
    try {
      const auth = await auths.resolve(req.headers)
      if (!auth.ok) throw jwtError(auth.reason, auth.message)
      role = auth.role
      const write = !(req.method === 'GET' || req.method === 'HEAD')
      const profile = write ? req.headers['content-profile'] : req.headers['accept-profile']
      const schema = profile ?? config.exposedSchemas[0]
      if (!config.exposedSchemas.includes(schema)) {
        throw new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${config.exposedSchemas.join(', ')}`)
      }
      if (!acceptable(req.headers['accept'])) {
        throw new RestError(406, 'PGRST107', `None of these media types are available: ${req.headers['accept']}`)
      }
      const segments = req.path.split('/').filter(Boolean).map(decodeSegment)
      const prefer = parsePrefer(req.headers['prefer'])
      const claims = auth.claims
      const r: RestRequest = {
        req,
        config,
        cache,
        role,
        claims,
        schema,
        profile,
        prefer,
        singular: (req.headers['accept'] ?? '').includes('application/vnd.pgrst.object'),
        stripNulls: /nulls=stripped/.test(req.headers['accept'] ?? ''),
        csv: /^\s*text\/csv/.test(req.headers['accept'] ?? ''),
        path: req.path,
        async build(scopes, fn) {
          for (const final of [false, true]) {
            const cat: Catalogue = final ? await cache.reload() : await cache.get()
            const ctx: BuildContext = { cat, final, params: new Params(), scopes, used: new Set(), next: 1 }
            try {
              return { sql: fn(ctx), params: ctx.params.values }
            } catch (err) {
              if (!(err instanceof ReloadCatalogue) || final) throw err
            }
          }
          throw new Error('unreachable')
        },
        async run(sql, params, readOnly) {
          // read-only through set_config in the same statement as the role: one round trip less than SET TRANSACTION
          const settings: Record<string, string> | undefined = readOnly ? { transaction_read_only: 'on' } : undefined
          const scope = { role, claims, method: req.method, path: req.path, headers: req.headers, settings }
          try {
            // a read, or a write nothing below can roll back, commits in the statement's own round trip
            const commitFirst = readOnly || !(this.singular || prefer['tx'] === 'rollback' || prefer['handling'] === 'strict')
            return await withStatement<ResultRow, ResultRow>(db, scope, sql, params, commitFirst, (result) => {
              const row = result.rows[0]
              if (this.singular && row.page_total !== 1) throw singularError(row.page_total)
              const maxAffected = Number(prefer['max-affected'])
              if (!readOnly && prefer['handling'] === 'strict' && Number.isInteger(maxAffected) && row.page_total > maxAffected) {
                throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${row.page_total} rows`)
              }
              if (prefer['tx'] === 'rollback') throw new Rollback(row)
              return row
            })
          } catch (err) {
            if (err instanceof Rollback) return err.row
            throw err
          }
        },
      }
      if (segments[0] === 'rpc' && segments.length === 2) return await handleRpc(r, segments[1])
      if (segments.length === 1) return await handleTable(r, segments[0])
      if (segments.length === 0) {
        throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL', null, 'The OpenAPI document is not served by the local stand-in')
      }
      throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
    } catch (err) {
      // a table, column or function changed under the cached catalogue (e.g. DDL from db:psql)
      const code = (err as { code?: unknown }).code
      const fromDatabase = !(err instanceof RestError)
      if (fromDatabase && (code === '42703' || code === '42P01' || code === '42883' || code === '42804')) cache.invalidate()
      return toRestError(err, role).toResponse()
    }
  }
}

