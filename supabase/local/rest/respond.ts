import type { LocalResponse } from '../http.ts'
import { RestError } from './errors.ts'

/** What the one statement of a request returns. */
export interface ResultRow {
  total: number | null
  page_total: number
  body: string | null
  resp_headers: string | null
  resp_status: string | null
  inserted?: number
}

export function singularError(n: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`)
}

export function contentType(singular: boolean): string {
  return singular ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8'
}

/** `Content-Range` for a read: `0-4/5`, `0-4/*`, `*\/0`. */
export function readRange(offset: number, n: number, total: number | null): string {
  return n > 0 ? `${offset}-${offset + n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`
}

export function readStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200
  if (offset > 0 && offset >= total && n === 0 && total > 0) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`)
  }
  return n < total ? 206 : 200
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

export function prefHeader(applied: (string | false | undefined)[]): Record<string, string> {
  const list = applied.filter((x): x is string => !!x)
  return list.length ? { 'Preference-Applied': list.join(', ') } : {}
}
