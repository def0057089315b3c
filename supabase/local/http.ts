import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from './db.ts'
import type { StandInConfig } from './config.ts'
import type { Mailbox } from './mailbox.ts'

/** One HTTP call as a service sees it: the path is relative to the service's prefix. */
export interface LocalRequest {
  method: string
  url: URL
  /** e.g. `/todos` for `/rest/v1/todos` (percent-decoding left to the service) */
  path: string
  /** the raw query string without `?` (PostgREST must parse it itself: `+` is a space) */
  rawQuery: string
  /** lower-cased names */
  headers: Record<string, string>
  body: Buffer
  ip: string
}

export interface LocalResponse {
  status: number
  headers?: Record<string, string | string[]>
  /** objects and arrays are sent as JSON; strings and bytes as they are; null/undefined: no body */
  body?: unknown
}

export interface StandInContext {
  config: StandInConfig
  db: Db
  mailbox: Mailbox
  log: (...args: unknown[]) => void
}

export interface Service {
  /** e.g. `/rest/v1` */
  prefix: string
  handle(req: LocalRequest): Promise<LocalResponse>
  /** for services that take WebSocket upgrades or need the raw server */
  attach?(server: import('node:http').Server): void
  close?(): Promise<void>
}

export const CORS_ALLOW_HEADERS =
  'authorization, apikey, content-type, x-client-info, prefer, accept-profile, content-profile, range, x-upsert, x-supabase-api-version, x-retry-count, cache-control, x-metadata, traceparent, tracestate, baggage, content-encoding, accept'
export const CORS_EXPOSE_HEADERS =
  'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version, Content-Profile, Location, Content-Location, Preference-Applied, Content-Length, ETag, Last-Modified, Content-Disposition, x-sb-error-code'

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
    'Access-Control-Allow-Headers': (req.headers['access-control-request-headers'] as string) || CORS_ALLOW_HEADERS,
    'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  }
}

export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > limitBytes) {
        reject(Object.assign(new Error('payload too large'), { code: 'EPAYLOAD' }))
        req.destroy()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export function toLocalRequest(req: IncomingMessage, prefix: string, body: Buffer): LocalRequest {
  const url = new URL(req.url ?? '/', 'http://local')
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
  }
  const q = (req.url ?? '').indexOf('?')
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    path: url.pathname.slice(prefix.length) || '/',
    rawQuery: q >= 0 ? (req.url ?? '').slice(q + 1) : '',
    headers,
    body,
    ip: req.socket.remoteAddress ?? '127.0.0.1',
  }
}

export function sendResponse(res: ServerResponse, method: string, r: LocalResponse, extra: Record<string, string>) {
  const headers: Record<string, string | string[]> = { ...extra, ...(r.headers ?? {}) }
  // strings go out as they are (Node encodes them while writing): a large result is not copied into a Buffer first
  let payload: Buffer | Uint8Array | string | null = null
  if (r.body !== undefined && r.body !== null) {
    if (r.body instanceof Uint8Array || typeof r.body === 'string') payload = r.body
    else {
      payload = JSON.stringify(r.body)
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json; charset=utf-8'
      }
    }
  }
  if (payload !== null) headers['Content-Length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length)
  res.writeHead(r.status, headers)
  if (method === 'HEAD' || payload === null) res.end()
  else if (typeof payload === 'string') res.end(payload, 'utf8')
  else res.end(payload)
}

export function json(status: number, body: unknown, headers?: Record<string, string>): LocalResponse {
  return { status, body, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } }
}

/** Splits `Prefer` into its parts: `return=representation, count=exact` → { return, count }. */
export function parsePrefer(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(',')) {
    const [k, ...v] = part.trim().split('=')
    if (k) out[k.trim().toLowerCase()] = v.join('=').trim()
  }
  return out
}
