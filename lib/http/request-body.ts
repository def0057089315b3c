/**
 * A request body read by a relay (/ingest, /api/diagnostics). The browser sends those while the
 * person moves on: a navigation cuts the upload short, and reading the body then fails. That is the
 * client leaving, not an error of ours: it is answered 499 (nginx's "client closed request", which
 * nobody reads) and never reported. Anything else still throws.
 */

export const CLIENT_CLOSED = 499

const ABORT_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_ABORTED', 'ABORT_ERR'])

/** True for the errors a body read fails with when the client went away mid-upload. */
export function isClientAbort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, message } = e as { name?: string; code?: string; message?: string }
    if (name === 'AbortError' || name === 'ResponseAborted') return true
    if (code && ABORT_CODES.has(code)) return true
    if (typeof message === 'string' && /^(aborted|terminated|the operation was aborted)$/i.test(message.trim())) return true
  }
  return false
}

/** The body's bytes, or null when the client left while sending it. */
export async function readRequestBody(request: Request): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await request.arrayBuffer())
  } catch (error) {
    if (isClientAbort(error)) return null
    throw error
  }
}

export const clientClosed = () => new Response(null, { status: CLIENT_CLOSED })
