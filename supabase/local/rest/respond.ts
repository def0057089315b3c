import type { LocalResponse } from '../http.ts'
import { RestError } from './errors.ts'
import type { CountPref } from './prefs.ts'

/** What the one statement of a request returns. */
export interface ResultRow {
  total: number | null
  page_total: number
  body: string | null
  resp_headers: string | null
  resp_status: string | null
  inserted?: number
  /** EXPLAIN's row estimate of the count query (Prefer: count=planned | estimated) */
  planned?: number | null
}

export function singularError(n: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`)
}

/** `Content-Range` for a read (RangeQuery.contentRangeH): `0-4/5`, `0-4/*`, `*\/0`, `*\/*`. */
export function readRange(offset: number, n: number, total: number | null): string {
  return n > 0 && total !== 0 ? `${offset}-${offset + n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`
}

/**
 * PostgREST's rangeStatus: no total → 200; an offset past the total → 416 PGRST103 (the
 * Content-Range still sent); fewer rows than the total → 206 Partial Content; else 200.
 */
export function readStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200
  if (offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null, {
      'Content-Range': readRange(offset, 0, total),
    })
  }
  return n < total ? 206 : 200
}

/**
 * The total a counted read reports: exact counts in SQL; planned is EXPLAIN's row estimate;
 * estimated counts up to db-max-rows (+1) and takes the larger of that and the estimate past it.
 */
export function countTotal(count: CountPref | undefined, counted: number | null, planned: number | null, maxRows: number): number | null {
  if (count === 'exact') return counted
  if (count === 'planned') return planned
  if (count === 'estimated') return counted !== null && counted > maxRows ? Math.max(counted, planned ?? 0) : counted
  return null
}

/** Applies `response.status` / `response.headers` set by SQL during the request. */
export function withGucs(res: LocalResponse, row: ResultRow): LocalResponse {
  const headers = { ...(res.headers ?? {}) } as Record<string, string>
  let status = res.status
  if (row.resp_status && /^\d{3}$/.test(row.resp_status)) status = Number(row.resp_status)
  if (row.resp_headers) {
    try {
      const list = JSON.parse(row.resp_headers) as Record<string, string>[]
      for (const h of list) Object.assign(headers, h)
    } catch {
      throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value')
    }
  }
  return { ...res, status, headers }
}
