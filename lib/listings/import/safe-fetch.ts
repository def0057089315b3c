import dns from 'node:dns'
import net from 'node:net'
import type { LookupFunction } from 'node:net'
import { Agent, fetch } from 'undici'
import { listingImportAllowedHosts, siteUrl } from '@/lib/env'
import { checkAddress } from './public-address'
import { FETCH_MESSAGES as M, ImportFetchError } from './fetch-error'

export { ImportFetchError, type ImportFetchReason } from './fetch-error'

/*
 * Fetches a page (or a photo) that a person pasted the address of, without letting that address
 * reach anything but the public internet (docs/listing-import.md, "Safety"):
 * - http(s) only, no user:password in the address;
 * - every address the host name resolves to must be public, and the connection goes to the
 *   address that was checked: the check runs inside the socket's own DNS lookup (undici Agent
 *   connect.lookup), so there is no second resolution an attacker's DNS could answer differently;
 * - an IP written in the address (any form the URL parser normalises: 2130706433, 0x7f.1, [::1])
 *   is checked before anything is sent;
 * - redirects are followed by hand, at most MAX_REDIRECTS, each hop checked the same way; an https
 *   page may not redirect to plain http (a downgrade is refused);
 * - total time (timeoutMs, with the caller's signal) and bytes (counted as they stream, refused
 *   early on a Content-Length) are limited; no cookies or credentials are ever sent.
 * LISTING_IMPORT_ALLOWED_HOSTS (lib/env.ts) is the only thing that lets a private address through.
 */

export const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

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

/** Parses and checks an address's form (scheme, credentials); throws ImportFetchError. */
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

/** Where a redirect goes: resolved against the current address; another scheme or an https → http downgrade is refused. */
export function redirectTarget(current: URL, location: string): URL {
  let next: URL
  try {
    next = parseImportUrl(location, current)
  } catch (error) {
    throw new ImportFetchError('redirect', M.redirectBad, { cause: error })
  }
  if (current.protocol === 'https:' && next.protocol === 'http:') throw new ImportFetchError('redirect', M.downgrade, { detail: next.href })
  return next
}

/** Exact match of the URL's host (and port, when not the scheme's default) against the allow-list. */
export function isAllowedHost(url: URL, allowed: readonly string[] = listingImportAllowedHosts()): boolean {
  return allowed.some((entry) => {
    try {
      return new URL(`${url.protocol}//${entry}`).host === url.host
    } catch {
      return false
    }
  })
}

function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

function refuseAddress(address: string): never {
  const verdict = checkAddress(address)
  throw new ImportFetchError('not-public', M.notPublic, { detail: `${address} (${verdict.public ? 'public' : verdict.range})` })
}

function systemLookup(host: string): Promise<LookupAddress[]> {
  return dns.promises.lookup(host, { all: true, verbatim: true })
}

/** A socket lookup that resolves, refuses the whole name if any address is not public, and returns only checked addresses. */
function checkedLookup(hostAllowed: boolean, resolve: (host: string) => Promise<LookupAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .catch((error: unknown) => {
        throw new ImportFetchError('dns', M.dns, { detail: hostname, cause: error })
      })
      .then((found) => {
        const addresses = found.map((a) => {
          const address = typeof a === 'string' ? a : a.address
          const family = net.isIP(address)
          if (!family) throw new ImportFetchError('dns', M.dns, { detail: `${hostname} → ${address}` })
          return { address, family }
        })
        if (!addresses.length) throw new ImportFetchError('dns', M.dns, { detail: hostname })
        if (!hostAllowed) for (const { address } of addresses) if (!checkAddress(address).public) refuseAddress(address)
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses
        if (!wanted.length) throw new ImportFetchError('dns', M.dns, { detail: `${hostname}: no IPv${options.family} address` })
        if (options.all) callback(null, wanted)
        else callback(null, wanted[0].address, wanted[0].family)
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, '', 0))
  }
}

function findImportError(error: unknown): ImportFetchError | null {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ImportFetchError) return e
  }
  return null
}

function failure(error: unknown, timeout: AbortSignal, caller: AbortSignal | undefined): ImportFetchError {
  const own = findImportError(error)
  if (own) return own
  if (timeout.aborted) return new ImportFetchError('timeout', M.timeout, { cause: error })
  if (caller?.aborted) return new ImportFetchError('aborted', M.aborted, { cause: error })
  return new ImportFetchError('network', M.network, { cause: error })
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
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const allowed = listingImportAllowedHosts()
  const headers = { 'user-agent': importerUserAgent(), accept: options.accept, 'accept-language': 'en;q=1, *;q=0.5' }
  const resolve = options.lookup ?? systemLookup
  let url = parseImportUrl(raw)

  for (let hop = 0; ; hop++) {
    if (signal.aborted) throw failure(signal.reason, timeout, options.signal)
    const hostAllowed = isAllowedHost(url, allowed)
    const host = bareHostname(url)
    if (net.isIP(host) && !hostAllowed && !checkAddress(host).public) refuseAddress(host)
    const dispatcher = new Agent({ connect: { lookup: checkedLookup(hostAllowed, resolve) }, connections: 1, pipelining: 0 })
    try {
      let response: Awaited<ReturnType<typeof fetch>>
      try {
        response = await fetch(url, { dispatcher, redirect: 'manual', signal, headers, credentials: 'omit', referrerPolicy: 'no-referrer' })
      } catch (error) {
        throw failure(error, timeout, options.signal)
      }
      if (REDIRECT_STATUSES.has(response.status) && response.headers.get('location')) {
        await response.body?.cancel().catch(() => {})
        if (hop >= MAX_REDIRECTS) throw new ImportFetchError('too-many-redirects', M.tooManyRedirects)
        url = redirectTarget(url, response.headers.get('location')!)
        continue
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => {})
        throw new ImportFetchError('status', M.status(response.status), { status: response.status })
      }
      const length = Number(response.headers.get('content-length'))
      if (Number.isFinite(length) && length > options.maxBytes) {
        await response.body?.cancel().catch(() => {})
        throw new ImportFetchError('too-large', M.tooLarge(options.maxBytes), { detail: `Content-Length ${length}` })
      }
      let body: Buffer
      try {
        body = await readLimited(response.body as ReadableStream<Uint8Array> | null, options.maxBytes)
      } catch (error) {
        throw failure(error, timeout, options.signal)
      }
      return { url: url.href, status: response.status, contentType: response.headers.get('content-type'), body }
    } finally {
      dispatcher.destroy().catch(() => {})
    }
  }
}
