import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Readable, Transform } from 'node:stream'
import { classifyAddress, isAddressLiteral, isBlockedHostName } from './addresses'

/*
 * A fetch for URLs that someone else chose or could have influenced (issue 24: the render worker's
 * media; issue 29: importing from a link). Each hop:
 *   1. http or https only, no user:password@, the origin on the caller's list when it gives one;
 *   2. the host name looked up once (every address DNS gives), and every address must be public
 *      (lib/security/addresses.ts) unless the origin is one the configuration trusts (the dev
 *      Supabase on 127.0.0.1);
 *   3. the connection goes to the address that was checked (the lookup is pinned, so a second DNS
 *      answer cannot swap in 127.0.0.1), with the host name kept for TLS and the Host header;
 *   4. redirects are followed by hand, each one through 1–3 again, at most `maxRedirects`;
 *   5. the answer's headers must come within `timeoutMs`, the body within `maxBytes`.
 * It answers a standard Response (its body a stream), or throws UnsafeFetchError before connecting.
 */

/** Why a fetch was refused, for callers that tell a person (issue 29's import says it in words). */
export type UnsafeFetchReason = 'invalid-url' | 'scheme' | 'credentials' | 'origin' | 'blocked' | 'dns' | 'redirects' | 'downgrade' | 'timeout' | 'too-large'

export class UnsafeFetchError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly reason: UnsafeFetchReason = 'blocked',
  ) {
    super(message)
    this.name = 'UnsafeFetchError'
  }
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD'
  headers?: Record<string, string>
  /** when given, only these origins (`https://host:port`) may be requested, at every hop */
  origins?: readonly string[]
  /** origins the configuration names and trusts even on a private address (the dev Supabase) */
  trustedOrigins?: readonly string[]
  maxRedirects?: number
  /** refuse a redirect from an https address to an http one (issue 29: a page given as https stays https) */
  refuseDowngrade?: boolean
  /** the body is cut with an error past this many bytes */
  maxBytes?: number
  /** until the response headers arrive, per hop */
  timeoutMs?: number
  signal?: AbortSignal
  /** tests: a resolver instead of the system's */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const NULL_BODY = new Set([101, 204, 205, 304])

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true })

/** Where a URL may be fetched from: the address to connect to, or an UnsafeFetchError. */
export async function checkUrl(raw: string | URL, options: Pick<SafeFetchOptions, 'origins' | 'trustedOrigins' | 'resolve'> = {}): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UnsafeFetchError('not a URL', String(raw), 'invalid-url')
  }
  const shown = `${url.origin}${url.pathname}`
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeFetchError(`the scheme ${url.protocol} is not fetched`, shown, 'scheme')
  if (url.username || url.password) throw new UnsafeFetchError('a URL with credentials is not fetched', shown, 'credentials')
  if (options.origins && !options.origins.includes(url.origin)) throw new UnsafeFetchError(`${url.origin} is not an allowed origin`, shown, 'origin')
  const trusted = options.trustedOrigins?.includes(url.origin) ?? false
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (!trusted && isBlockedHostName(host)) throw new UnsafeFetchError(`${host} is not fetched`, shown)
  const found = isAddressLiteral(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await (options.resolve ?? systemResolve)(host).catch(() => {
        throw new UnsafeFetchError(`${host} could not be resolved`, shown, 'dns')
      })
  if (!found.length) throw new UnsafeFetchError(`${host} could not be resolved`, shown, 'dns')
  // every address must pass: the system would pick any of them
  const verdicts = found.map((a) => classifyAddress(a.address))
  if (!trusted) {
    const bad = verdicts.find((v) => !v.ok)
    if (bad && !bad.ok) throw new UnsafeFetchError(`${host} is ${bad.reason} (${bad.address})`, shown)
  }
  const first = found[0]
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}

function request(target: { url: URL; address: string; family: 4 | 6 }, options: SafeFetchOptions): Promise<http.IncomingMessage> {
  const { url, address, family } = target
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }])
    else callback(null, address, family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: { ...options.headers, host: url.host },
        lookup: pinned,
        servername: isAddressLiteral(url.hostname) ? undefined : url.hostname,
        signal: options.signal,
        agent: false,
      },
      resolve,
    )
    const timer = setTimeout(() => req.destroy(new UnsafeFetchError(`no answer within ${options.timeoutMs ?? 30_000} ms`, url.origin, 'timeout')), options.timeoutMs ?? 30_000)
    req.once('response', () => clearTimeout(timer))
    req.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.once('close', () => clearTimeout(timer))
    req.end()
  })
}

/** Limits a body to `max` bytes (an error past it). */
function capped(body: Readable, max: number, url: string): Readable {
  let seen = 0
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > max) done(new UnsafeFetchError(`the answer is larger than ${max} bytes`, url, 'too-large'))
      else done(null, chunk)
    },
  })
  body.once('error', (error) => cap.destroy(error))
  return body.pipe(cap)
}

/** fetch() for URLs someone else chose: see the comment at the top. */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<Response> {
  const maxRedirects = options.maxRedirects ?? 3
  let next: string | URL = input
  for (let hop = 0; ; hop++) {
    const target = await checkUrl(next, options)
    const res = await request(target, options)
    const status = res.statusCode ?? 502
    const location = res.headers.location
    if (REDIRECTS.has(status) && location) {
      res.resume()
      if (hop >= maxRedirects) throw new UnsafeFetchError(`more than ${maxRedirects} redirects`, target.url.origin, 'redirects')
      try {
        next = new URL(location, target.url)
      } catch {
        throw new UnsafeFetchError('a redirect to something that is not a URL', target.url.origin, 'invalid-url')
      }
      if (options.refuseDowngrade && target.url.protocol === 'https:' && next.protocol === 'http:') {
        throw new UnsafeFetchError('an https page redirected to http', target.url.origin, 'downgrade')
      }
      continue
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v))
      else if (value !== undefined) headers.set(name, value)
    }
    const declared = Number(res.headers['content-length'])
    const max = options.maxBytes ?? 50 * 1024 * 1024
    if (Number.isFinite(declared) && declared > max) {
      res.destroy()
      throw new UnsafeFetchError(`the answer is larger than ${max} bytes`, target.url.origin, 'too-large')
    }
    const empty = NULL_BODY.has(status) || options.method === 'HEAD'
    if (empty) res.resume()
    const body = empty ? null : (Readable.toWeb(capped(res, max, target.url.origin)) as ReadableStream<Uint8Array>)
    const response = new Response(body, { status: status < 200 || status > 599 ? 502 : status, statusText: res.statusMessage, headers })
    Object.defineProperty(response, 'url', { value: target.url.href })
    return response
  }
}
