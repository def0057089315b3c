import { withScope, type Db, type RequestScope } from '../db.ts'
import { keepText } from '../db-thread.ts'
import type { LocalResponse } from '../http.ts'
import type { PlanOption } from './media.ts'

/**
 * `Accept: application/vnd.pgrst.plan[+text|+json]; for="…"; options=analyze|verbose|…`
 * (postgrest-js `.explain()`), answered only with db-plan-enabled: the request's own statement
 * under `EXPLAIN (FORMAT …, …)`, in its transaction, so `analyze` on a mutation really runs it
 * (and `Prefer: tx=rollback` undoes it), as in PostgREST.
 */

const OPTION_SQL: Record<PlanOption, string> = {
  analyze: 'ANALYZE',
  verbose: 'VERBOSE',
  settings: 'SETTINGS',
  buffers: 'BUFFERS',
  wal: 'WAL',
}

export function explainSql(plan: { format: 'text' | 'json'; options: PlanOption[] }, sql: string): string {
  const opts = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => OPTION_SQL[o])]
  return `EXPLAIN (${opts.join(', ')}) ${sql}`
}

/** PostgREST joins the plan's rows with `BS.unlines` (one row for JSON, one per line for text). */
export function planBody(result: { rows: unknown[] }): string {
  return result.rows.map((r) => String(Object.values(r as Record<string, unknown>)[0])).join('\n') + '\n'
}

const JSON_OID = 114

class RolledBack extends Error {
  constructor(readonly body: string) {
    super('rollback')
  }
}

/**
 * The statement EXPLAINed under the request's scope, its plan text as Postgres wrote it (the JSON
 * form is not re-serialized); `Prefer: tx=rollback` rolls back what an `analyze` ran.
 */
export async function runPlan(db: Db, scope: RequestScope, plan: { format: 'text' | 'json'; options: PlanOption[] }, sql: string, params: unknown[], rollback: boolean): Promise<string> {
  // the platform's Postgres loads pg_stat_statements, so query ids are computed and EXPLAIN VERBOSE
  // shows "Query Identifier"; here they are switched on for that statement only (no cost elsewhere)
  const verbose = plan.options.includes('verbose')
  const planScope = verbose ? { ...scope, ownerSettings: { ...scope.ownerSettings, compute_query_id: 'on' } } : scope
  return withScope(db, planScope, async (tx) => {
    const body = planBody(await tx.query(explainSql(plan, sql), params, keepText([JSON_OID])))
    if (rollback) throw new RolledBack(body)
    return body
  }).catch((err) => (err instanceof RolledBack ? err.body : Promise.reject(err)))
}

/** Carries a finished plan out of the route: it answers 200 with the plan instead of rows. */
export class PlanAnswer extends Error {
  constructor(readonly res: LocalResponse) {
    super('plan')
  }
}
