/** `Prefer: count=planned | estimated`: the planner's row estimate of the count query, as PostgREST takes it. */

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/**
 * The statement with only the parameters it uses, renumbered `$1…`: a statement that is part of a
 * larger one cannot be sent with the larger one's parameters (Postgres cannot type unused ones).
 * Quoted identifiers and string literals are skipped, so a `$1` inside them stays text.
 */
export function ownParameters(sql: string, params: unknown[]): { sql: string; params: unknown[] } {
  const renumbered = new Map<number, number>()
  const used: unknown[] = []
  const text = sql.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g, (match, n: string | undefined) => {
    if (n === undefined) return match
    const index = Number(n)
    let mapped = renumbered.get(index)
    if (mapped === undefined) {
      used.push(params[index - 1])
      mapped = used.length
      renumbered.set(index, mapped)
    }
    return `$${mapped}`
  })
  return { sql: text, params: used }
}

/**
 * `EXPLAIN (FORMAT JSON)` of the count query, run in the request's own transaction (same role and
 * claims, so row-level security shapes the plan as it does in PostgREST): the top node's "Plan Rows".
 */
export async function plannedRows(tx: Queryable, countSql: string, params: unknown[]): Promise<number | null> {
  const own = ownParameters(countSql, params)
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${own.sql}`, own.params)
  const raw = result.rows[0]?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined
  const rows = plan?.[0]?.Plan?.['Plan Rows']
  return typeof rows === 'number' ? rows : null
}
