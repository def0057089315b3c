import { z } from 'zod'
import { parseDsn, type MonitoringConfig } from './config'

/*
 * The browser's Sentry envelopes arrive at this site (MONITORING_TUNNEL_PATH: same origin, so ad
 * blockers and the CSP let them through) and are passed on to the configured DSN's host, never to
 * an address the request names: an envelope for another DSN is refused. Nothing of the browser's
 * request but its body goes on (no cookies, no client address).
 */

/** Error and trace envelopes are a few KB to a few hundred; a megabyte is plenty. */
export const MAX_ENVELOPE_BYTES = 1_000_000
const UPSTREAM_TIMEOUT_MS = 5_000

const headerSchema = z.object({ dsn: z.string().max(500) }).loose()

/** The envelope's first line (its header), parsed; null when it is not an envelope header with a DSN. */
export function envelopeHeader(body: Uint8Array): z.infer<typeof headerSchema> | null {
  const end = body.indexOf(0x0a)
  const line = new TextDecoder().decode(end === -1 ? body : body.subarray(0, end))
  try {
    const parsed = headerSchema.safeParse(JSON.parse(line))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export async function forwardEnvelope(body: Uint8Array, config: MonitoringConfig | null, doFetch: typeof fetch = fetch): Promise<Response> {
  if (!config) return new Response(null, { status: 404 })
  if (body.byteLength === 0 || body.byteLength > MAX_ENVELOPE_BYTES) return new Response('Envelope too large or empty', { status: 413 })
  const header = envelopeHeader(body)
  const dsn = header ? parseDsn(header.dsn) : null
  if (!dsn || dsn.host !== config.dsn.host || dsn.projectId !== config.dsn.projectId || dsn.publicKey !== config.dsn.publicKey) {
    return new Response('Unknown DSN', { status: 400 })
  }
  try {
    const upstream = await doFetch(config.dsn.envelopeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: body as BodyInit,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    })
    // the SDK reads the status and rate-limit headers to back off; pass those on, nothing else
    const headers = new Headers({ 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
    for (const name of ['retry-after', 'x-sentry-rate-limits']) {
      const value = upstream.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers })
  } catch (error) {
    console.warn('[monitoring] the envelope could not be passed on:', error instanceof Error ? error.message : error)
    return new Response(null, { status: 502 })
  }
}
