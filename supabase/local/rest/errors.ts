import type { LocalResponse } from '../http.ts'

/** An error in PostgREST's body shape, with its HTTP status and any extra headers. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  toResponse(): LocalResponse {
    return {
      status: this.status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Proxy-Status': `PostgREST; error=${this.code}`,
        ...this.headers,
      },
      body: { code: this.code, details: this.details, hint: this.hint, message: this.message },
    }
  }
}

/** PGRST100: the query string does not parse. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details)
}

interface PgError {
  code?: string
  message?: string
  detail?: string
  hint?: string
}

/** PostgREST's SQLSTATE → HTTP status table (Error.hs); `authed` is "role is not the anon role". */
export function pgStatus(code: string, message: string, authed: boolean): number {
  if (code === '42501') return authed ? 403 : 401
  if (code === '23505' || code === '23503') return 409
  if (code === '42P01' || code === '42883') return 404
  if (code === '42P17') return 500
  if (code === '25006') return 405
  if (code === '21000') return /requires a WHERE clause$/.test(message) ? 400 : 500
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400
  if (code === '53400') return 500
  if (code === 'P0001') return 400
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const two = code.slice(0, 2)
  if (two === '25') return 500
  if (['0L', '0P', '28'].includes(two)) return 403
  if (['08', '53'].includes(two)) return 503
  if (['40', '54', '55', '57', '58', 'F0', 'HV', 'XX', 'P0', '38', '39', '3B', '2D', '09'].includes(two)) return 500
  return 400
}

/** `raise sqlstate 'PGRST' using message = '{"code":..,"message":..}', detail = '{"status":..,"headers":{..}}'` */
function customPgrstError(e: PgError): RestError | null {
  try {
    const body = JSON.parse(e.message ?? '') as { code?: string; message?: string; details?: unknown; hint?: string }
    const meta = JSON.parse(e.detail ?? '') as { status?: number; headers?: Record<string, string> }
    if (typeof meta.status !== 'number') return null
    return new RestError(
      meta.status,
      body.code ?? 'PGRST',
      body.message ?? '',
      body.details ?? null,
      body.hint ?? null,
      meta.headers ?? {},
    )
  } catch {
    return null
  }
}

/** Turns a Postgres error (or a RestError) into PostgREST's response for the request's role. */
export function toRestError(err: unknown, role: string): RestError {
  if (err instanceof RestError) return err
  const e = err as PgError
  if (typeof e?.code !== 'string') {
    return new RestError(500, 'PGRST000', (err as Error)?.message ?? 'internal error')
  }
  if (e.code === 'PGRST') {
    const custom = customPgrstError(e)
    if (custom) return custom
  }
  const message = e.message ?? ''
  const status = pgStatus(e.code, message, role !== 'anon')
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}
  return new RestError(status, e.code, message, e.detail ?? null, e.hint ?? null, headers)
}

/** PGRST301/303: the token could not be used. */
export function jwtError(reason: string, message: string): RestError {
  const code = reason === 'malformed' || reason === 'signature' ? 'PGRST301' : 'PGRST303'
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  })
}

/**
 * PGRST106: `Accept-Profile` / `Content-Profile` named a schema that is not in db-schemas. The
 * wording is PostgREST 13/14's (the CLI runs v14); v12 said "The schema must be one of the
 * following: …" with no hint.
 */
export function unacceptableSchema(schema: string, exposed: string[]): RestError {
  return new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`)
}
