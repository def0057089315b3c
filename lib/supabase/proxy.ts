import { createServerClient } from '@supabase/ssr'
import { NextResponse, type NextRequest } from 'next/server'
import { loginPath } from '@/lib/auth/next-path'
import type { Database } from '@/lib/database.types'
import { publicEnv } from '@/lib/env'
import { serverRealtimeOptions } from './realtime-transport'

/** Paths a visitor without a session is sent to sign in from (the page checks again). */
const PROTECTED_PREFIXES = ['/dashboard']

/**
 * Refreshes the session cookie on every request and returns the response that carries it.
 * Visitors without a session on a protected path are redirected to sign in with `next`.
 * Admin pages are not redirected: a non-admin, signed in or not, gets not-found from the page.
 */
export async function updateSession(request: NextRequest, extraRequestHeaders: Record<string, string> = {}) {
  // the page renders with the request's headers plus ours (the CSP nonce); rebuilt after a cookie
  // refresh so the page also sees the refreshed session
  const forward = () => {
    const headers = new Headers(request.headers)
    for (const [name, value] of Object.entries(extraRequestHeaders)) headers.set(name, value)
    return NextResponse.next({ request: { headers } })
  }
  let response = forward()
  const env = publicEnv()

  const supabase = createServerClient<Database>(env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY, {
    cookies: {
      getAll() {
        return request.cookies.getAll()
      },
      setAll(cookiesToSet) {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value)
        response = forward()
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options)
      },
    },
    realtime: serverRealtimeOptions,
  })

  // Nothing may run between creating the client and getClaims(): it is what refreshes the tokens.
  const { data } = await supabase.auth.getClaims()
  const claims = data?.claims
  const signedIn = Boolean(claims) && claims?.is_anonymous !== true

  const { pathname, search } = request.nextUrl
  if (!signedIn && PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    // same-host absolute URL: Next turns it into a relative Location, so 127.0.0.1 stays 127.0.0.1
    const redirect = NextResponse.redirect(new URL(loginPath(`${pathname}${search}`), request.url))
    // keep any refreshed/cleared cookies on the redirect too
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie)
    return redirect
  }

  return response
}
