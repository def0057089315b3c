import type { StandInConfig } from '../config.ts'
import type { Db } from '../db.ts'
import { withStatement } from '../db-oneshot.ts'
import { parsePrefer, type LocalRequest, type LocalResponse } from '../http.ts'
import type { Scoped } from './ast.ts'
import { AuthCache } from './auth-cache.ts'
import { SchemaCache, type Catalogue } from './catalogue.ts'
import { RestError, jwtError, toRestError, unacceptableSchema } from './errors.ts'
import { GEOMETRY_MISSING } from './formats.ts'
import { contentTypeOf, negotiate, type Negotiated } from './media.ts'
import { PlanAnswer, runPlan } from './plan.ts'
import { ReloadCatalogue, type BuildContext } from './read.ts'
import { plannedRows } from './count.ts'
import { singularError, type ResultRow } from './respond.ts'
import { Params } from './sql.ts'
import { handleRpc } from './rpc-route.ts'
import { RestSettings } from './settings.ts'
import { handleTable } from './table-route.ts'

/** Everything a route needs about one request once auth and profile are settled. */
export interface RestRequest {
  req: LocalRequest
  config: StandInConfig
  cache: SchemaCache
  role: string
  claims: Record<string, unknown>
  schema: string
  /**
   * the schema to name in `Content-Profile`: set when the request named a profile or more than one
   * schema is exposed (PostgREST's "negotiated by profile")
   */
  profile: string | undefined
  prefer: Record<string, string>
  singular: boolean
  /** `Accept: …;nulls=stripped` (postgrest-js stripNulls()) */
  stripNulls: boolean
  /** the negotiated output (format, media type, EXPLAIN) */
  media: Negotiated
  /** `Content-Type` of a successful answer */
  contentType: string
  path: string
  /** builds the statement, reloading the catalogue once if a name was missing */
  build(scopes: Map<string, Scoped>, fn: (ctx: BuildContext) => string): Promise<{ sql: string; params: unknown[]; countSql?: string }>
  /**
   * runs the statement in the request's transaction (role, claims, headers); with `explain`, then
   * EXPLAINs that count query in the same transaction (`row.planned`)
   */
  run(sql: string, params: unknown[], readOnly: boolean, explain?: string): Promise<ResultRow>
}

class Rollback extends Error {
  constructor(readonly row: ResultRow) {
    super('rollback')
  }
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
  }
}

/** The schema cache and the in-database settings, shared with the service that listens for NOTIFY pgrst. */
export interface RestState {
  cache?: SchemaCache
  settings?: RestSettings
}

export function createRestHandler(config: StandInConfig, db: Db, state: RestState = {}) {
  const cache = state.cache ?? new SchemaCache(db, config.exposedSchemas)
  const settings = state.settings ?? new RestSettings(db, config)
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
        throw unacceptableSchema(schema, config.exposedSchemas)
      }
      const negotiated = profile !== undefined || config.exposedSchemas.length !== 1
      const flags = await settings.get()
      const media = negotiate(req.headers['accept'], flags.plan)
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
        profile: negotiated ? schema : undefined,
        prefer,
        singular: media.format === 'object',
        stripNulls: media.stripNulls,
        media,
        contentType: contentTypeOf(media.media),
        path: req.path,
        async build(scopes, fn) {
          for (const final of [false, true]) {
            const cat: Catalogue = final ? await cache.reload() : await cache.get()
            const ctx: BuildContext = { cat, final, params: new Params(), scopes, used: new Set(), next: 1, aggregates: flags.aggregates }
            try {
              const sql = fn(ctx)
              return { sql, params: ctx.params.values, countSql: ctx.countSql }
            } catch (err) {
              if (!(err instanceof ReloadCatalogue) || final) throw err
            }
          }
          throw new Error('unreachable')
        },
        async run(sql, params, readOnly, explain) {
          // read-only through set_config in the same statement as the role: one round trip less than SET TRANSACTION
          const settings: Record<string, string> | undefined = readOnly ? { transaction_read_only: 'on' } : undefined
          const scope = { role, claims, method: req.method, path: req.path, headers: req.headers, settings }
          try {
            if (media.plan) {
              const text = await runPlan(db, scope, media.plan, sql, params, prefer['tx'] === 'rollback')
              const headers: Record<string, string> = { 'Content-Type': this.contentType }
              if (this.profile) headers['Content-Profile'] = this.schema
              throw new PlanAnswer({ status: 200, headers, body: text })
            }
            // a read, or a write nothing below can roll back, commits in the statement's own round
            // trip; a planned count is EXPLAINed in the same transaction
            const holds = this.singular || prefer['tx'] === 'rollback' || prefer['handling'] === 'strict' || this.media.format === 'geojson'
            const commitFirst = explain === undefined && (readOnly || !holds)
            return await withStatement<ResultRow, ResultRow>(db, scope, sql, params, commitFirst, async (result, tx) => {
              const row = result.rows[0]
              if (row.body === GEOMETRY_MISSING) throw new RestError(400, '22023', 'geometry column is missing')
              if (explain !== undefined && tx) row.planned = await plannedRows(tx, explain, params)
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
      if (err instanceof PlanAnswer) return err.res
      // a table, column or function changed under the cached catalogue (e.g. DDL from db:psql)
      const code = (err as { code?: unknown }).code
      const fromDatabase = !(err instanceof RestError)
      if (fromDatabase && (code === '42703' || code === '42P01' || code === '42883' || code === '42804')) cache.invalidate()
      return toRestError(err, role).toResponse()
    }
  }
}

