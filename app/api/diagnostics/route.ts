import { clientClosed, readRequestBody } from '@/lib/http/request-body'
import { monitoringConfig } from '@/lib/monitoring/config'
import { forwardEnvelope, MAX_ENVELOPE_BYTES } from '@/lib/monitoring/tunnel'

// The browser's Sentry envelopes, passed on to the configured DSN (lib/monitoring/tunnel.ts); 404 when off.
export async function POST(request: Request) {
  const config = monitoringConfig()
  if (!config) return new Response(null, { status: 404 })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_ENVELOPE_BYTES) return new Response(null, { status: 413 })
  // a navigation that cuts the upload short is the person leaving, not an error to report
  const body = await readRequestBody(request)
  if (!body) return clientClosed()
  return forwardEnvelope(body, config)
}
