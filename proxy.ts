import type { NextRequest } from 'next/server'
import { captchaConfig } from '@/lib/captcha/config'
import { publicEnv } from '@/lib/env'
import { contentSecurityPolicy, newNonce } from '@/lib/security/headers'
import { updateSession } from '@/lib/supabase/proxy'

export async function proxy(request: NextRequest) {
  // a fresh nonce per page request: Next reads it from the request's CSP and puts it on its scripts
  const csp = contentSecurityPolicy({
    nonce: newNonce(),
    supabaseUrl: publicEnv().NEXT_PUBLIC_SUPABASE_URL,
    development: process.env.NODE_ENV === 'development',
    https: request.nextUrl.protocol === 'https:',
    captcha: captchaConfig()?.provider ?? null,
  })
  const response = await updateSession(request, { 'content-security-policy': csp })
  response.headers.set('Content-Security-Policy', csp)
  return response
}

export const config = {
  // everything but static files and images, and the analytics and error-reporting relays (no page,
  // no session: docs/observability.md)
  matcher: ['/((?!_next/static|_next/image|favicon.ico|fonts/|ingest/|api/diagnostics|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|woff2?|m4a)$).*)'],
}
