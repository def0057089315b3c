import { isIP } from 'node:net'
import { listingImportAllowedHosts, siteUrl } from '@/lib/env'
import { safeFetch, UnsafeFetchError, type UnsafeFetchReason } from '@/lib/security/safe-fetch'
import { FETCH_MESSAGES as M, ImportFetchError, type ImportFetchReason } from './fetch-error'

export { ImportFetchError, type ImportFetchReason } from './fetch-error'

/*
 * Fetches a page (or a photo) that a person pasted the address of, through lib/security/safe-fetch.ts
 * (the SSRF-safe fetch issue 24 built for this): http(s) only, no credentials, every address the host
 * resolves to public (lib/security/addresses.ts), the connection pinned to the checked address,
 * redirects by hand with every hop checked again. This file adds what the import needs on top
 * (docs/listing-import.md, "Safety"):
 * - at most MAX_REDIRECTS redirects, and an https page may not redirect to http;
 * - one time limit for everything (the caller's signal included), the body read into a Buffer
 *   within maxBytes (refused early on a Content-Length above it);
 * - the importer's User-Agent; no cookies, credentials or referrer;
 * - LISTING_IMPORT_ALLOWED_HOSTS (lib/env.ts) as safeFetch's trusted origins, the only thing that
 *   lets a private address through;
 * - every refusal as an ImportFetchError whose message a person can read.
 */

export const MAX_REDIRECTS = 5

export type LookupAddress = string | { address: string; family?: number }

export interface FetchPublicOptions {
  maxBytes: number
  timeoutMs: number
  /** the Accept header, e.g. 'text/html,application/xhtml+xml' or 'image/*' */
  accept: string
  signal?: AbortSignal
  /** tests only: resolves a host name instead of the system resolver */
  lookup?: (host: string) => Promise<LookupAddress[]>
}

export interface FetchedResource {
  /** the final address, after redirects */
  url: string
  status: number
  contentType: string | null
  body: Buffer
}

/** The User-Agent every import request carries. */
export function importerUserAgent(): string {
  let site: string | null = null
  try {
    site = siteUrl()
  } catch {
    site = null // a hosted deployment without SITE_URL fails elsewhere; the importer still names itself
  }
  return site ? `ListingStudioImporter/1.0 (+${site})` : 'ListingStudioImporter/1.0'
}

/** Parses and checks an address's form (scheme, credentials) with messages for a person; throws ImportFetchError. */
export function parseImportUrl(raw: string | URL, base?: string | URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new ImportFetchError('invalid-url', M.invalidUrl)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportFetchError('scheme', M.scheme, { detail: url.protocol })
  if (url.username || url.password) throw new ImportFetchError('credentials', M.credentials)
  if (!url.hostname) throw new ImportFetchError('invalid-url', M.invalidUrl)
  url.hash = ''
  return url
}

/**
 * LISTING_IMPORT_ALLOWED_HOSTS as origins: `host:port` → http:// and https:// with that port,
 * `host` → both schemes on their default ports. An exact match, nothing wider.
 */
export function importAllowedOrigins(hosts: readonly string[] = listingImportAllowedHosts()): string[] {
  return hosts.flatMap((entry) => ['http:', 'https:'].map((scheme) => new URL(`${scheme}//${entry}`).origin))
}

const FROM_SAFE_FETCH: Record<UnsafeFetchReason, [ImportFetchReason, string]> = {
  // the first address was checked here, so these come from a redirect
  'invalid-url': ['redirect', M.redirectBad],
  scheme: ['redirect', M.redirectBad],
  credentials: ['redirect', M.redirectBad],
  downgrade: ['redirect', M.downgrade],
  origin: ['not-public', M.notPublic],
  blocked: ['not-public', M.notPublic],
  dns: ['dns', M.dns],
  redirects: ['too-many-redirects', M.tooManyRedirects],
  timeout: ['timeout', M.timeout],
  'too-large': ['too-large', ''],
}

function findCause<T>(error: unknown, type: new (...args: never[]) => T): T | null {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof type) return e
  return null
}

function failure(error: unknown, options: FetchPublicOptions, timeout: AbortSignal): ImportFetchError {
  const own = findCause(error, ImportFetchError)
  if (own) return own
  const unsafe = findCause(error, UnsafeFetchError)
  if (unsafe) {
    const [reason, message] = FROM_SAFE_FETCH[unsafe.reason]
    return new ImportFetchError(reason, reason === 'too-large' ? M.tooLarge(options.maxBytes) : message, { detail: unsafe.message, cause: error })
  }
  if (options.signal?.aborted && !timeout.aborted) return new ImportFetchError('aborted', M.aborted, { cause: error })
  if (timeout.aborted) return new ImportFetchError('timeout', M.timeout, { cause: error })
  return new ImportFetchError('network', M.network, { cause: error })
}

/** Settles with `work`, or rejects when the signal aborts first (a DNS lookup cannot be cancelled). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, discard: (value: T) => void): Promise<T> {
  if (signal.aborted) {
    work.then(discard, () => {})
    return Promise.reject(signal.reason)
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      work.then(discard, () => {})
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        if (signal.aborted) discard(value)
        else resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new ImportFetchError('too-large', M.tooLarge(maxBytes), { detail: `more than ${maxBytes} bytes` })
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total)
}

/** GETs a public http(s) resource within the limits; throws ImportFetchError for every refusal or failure. */
export async function fetchPublic(raw: string, options: FetchPublicOptions): Promise<FetchedResource> {
  const url = parseImportUrl(raw)
  const trustedOrigins = importAllowedOrigins() // a malformed setting is a configuration error, not a refusal
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const lookup = options.lookup
  const resolve = lookup
    ? async (host: string) =>
        (await lookup(host)).map((a) => {
          const address = typeof a === 'string' ? a : a.address
          return { address, family: typeof a !== 'string' && a.family ? a.family : isIP(address) || 4 }
        })
    : undefined
  try {
    const response = await untilAborted(
      safeFetch(url, {
        headers: { 'user-agent': importerUserAgent(), accept: options.accept, 'accept-language': 'en;q=1, *;q=0.5' },
        trustedOrigins,
        maxRedirects: MAX_REDIRECTS,
        refuseDowngrade: true,
        maxBytes: options.maxBytes,
        timeoutMs: options.timeoutMs,
        signal,
        resolve,
      }),
      signal,
      (late) => void late.body?.cancel().catch(() => {}),
    )
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => {})
      throw new ImportFetchError('status', M.status(response.status), { status: response.status })
    }
    const body = await readLimited(response.body, options.maxBytes)
    return { url: response.url || url.href, status: response.status, contentType: response.headers.get('content-type'), body }
  } catch (error) {
    throw failure(error, options, timeout)
  }
}
