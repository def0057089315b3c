import { z } from 'zod'
import type { AnalyticsConfig } from './config'
import { clientClosed, readRequestBody } from '@/lib/http/request-body'
import { stripIngestBody } from './ingest-privacy'

/*
 * The reverse proxy in front of PostHog (app/ingest/[...path]/route.ts, docs/observability.md):
 * posthog-js talks to /ingest/* on this site and the request goes on to POSTHOG_HOST (or, for the
 * remote configuration, PostHog Cloud's assets host). The upstream comes from the configuration
 * only, never from the request; only PostHog's ingestion, flags and config paths are passed; of the
 * browser's request only the body, the query and the content type go on (no cookies, no address),
 * and every address in the body loses its query string and fragment (lib/analytics/ingest-privacy.ts).
 */

/** posthog-js sends events up to ~1 MB (replay batches included); anything bigger is refused. */
export const MAX_INGEST_BYTES = 2_000_000
const UPSTREAM_TIMEOUT_MS = 10_000

// e/ (events), i/v0/e/ (events, newer), s/ (replay), batch/ and capture/ (the capture API),
// array/{key}/config (the remote configuration, JSON). Not flags/ or decide/: the browser never asks
// for flags (the server evaluates them and bootstraps posthog-js, lib/analytics/browser.ts)
const segment = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)
const pathSchema = z.array(segment).min(1).max(4)
const INGEST_ROOTS = new Set(['e', 'i', 's', 'batch', 'capture'])

export type IngestTarget = { url: string } | { status: 404 }

/** Where a request for /ingest/{path}?{query} goes, or 404 for anything that is not PostHog's to answer. */
export function ingestTarget(config: AnalyticsConfig, path: unknown, search: string, trailingSlash: boolean): IngestTarget {
  const parsed = pathSchema.safeParse(path)
  if (!parsed.success) return { status: 404 }
  const segments = parsed.data
  const query = search.startsWith('?') ? search : search ? `?${search}` : ''
  if (segments[0] === 'array') {
    // only this project's configuration, as JSON (no scripts are ever loaded through here)
    if (segments.length !== 3 || segments[1] !== config.key || segments[2] !== 'config') return { status: 404 }
    return { url: `${config.assetsHost}/array/${config.key}/config${query}` }
  }
  if (!INGEST_ROOTS.has(segments[0])) return { status: 404 }
  return { url: `${config.host}/${segments.join('/')}${trailingSlash ? '/' : ''}${query}` }
}

export async function forwardIngest(request: Request, target: { url: string }, doFetch: typeof fetch = fetch): Promise<Response> {
  const method = request.method.toUpperCase()
  if (method !== 'GET' && method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'GET, POST' } })
  let body: ArrayBuffer | undefined
  if (method === 'POST') {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_INGEST_BYTES) return new Response(null, { status: 413 })
    // a navigation that cuts the upload short is the person leaving, not an error to report
    const raw = await readRequestBody(request)
    if (!raw) return clientClosed()
    if (raw.byteLength > MAX_INGEST_BYTES) return new Response(null, { status: 413 })
    // a body that cannot be read cannot be checked: it is not passed on
    const stripped = await stripIngestBody(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer)
    if (!stripped) return new Response(null, { status: 400 })
    body = stripped
  }
  const headers = new Headers()
  for (const name of ['content-type', 'content-encoding']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  try {
    const upstream = await doFetch(target.url, { method, headers, body, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS), cache: 'no-store', redirect: 'manual' })
    const answer = new Headers({ 'content-type': upstream.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' })
    return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers: answer })
  } catch (error) {
    console.warn('[analytics] PostHog could not be reached through /ingest:', error instanceof Error ? error.message : error)
    return new Response(null, { status: 502 })
  }
}
