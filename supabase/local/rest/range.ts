import type { ParsedQuery } from './ast.ts'
import { RestError } from './errors.ts'

function invalidRange(details: string): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', details)
}

/**
 * A GET's `Range: <first>-[<last>]` header (PostgREST's RangeQuery, items without a unit prefix),
 * intersected with `offset`/`limit` into the top level's paging. Other forms are ignored, as there.
 */
export function applyRangeHeader(query: ParsedQuery, header: string | undefined): void {
  const m = header ? /^(\d+)-(\d*)$/.exec(header.trim()) : null
  if (!m) return
  const top = query.scopes.get('')
  if (!top || top.limit === 0) return // `limit=0` bypasses the range checks
  const lower = Number(m[1])
  const upper = m[2] === '' ? Infinity : Number(m[2])
  if (lower > upper) throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.')
  const from = Math.max(lower, top.offset ?? 0)
  const to = Math.min(upper, top.limit === undefined ? Infinity : (top.offset ?? 0) + top.limit - 1)
  if (from > to) throw invalidRange('Limit should be greater than or equal to zero.')
  top.offset = from
  top.limit = to === Infinity ? undefined : to - from + 1
}
