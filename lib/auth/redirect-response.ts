import { NextResponse } from 'next/server'

/**
 * A redirect with a relative Location. Next reports the host it listens on (`localhost`) rather
 * than the one the browser used (`127.0.0.1`, a proxy's name), and session cookies belong to the
 * latter: an absolute URL built from `request.nextUrl` would drop the visitor's session.
 */
export function redirectToPath(path: string, status: 303 | 307 = 307): NextResponse {
  return new NextResponse(null, { status, headers: { location: path } })
}
