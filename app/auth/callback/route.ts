import type { NextRequest } from 'next/server'
import type { EmailOtpType } from '@supabase/supabase-js'
import { safeNextPath } from '@/lib/auth/next-path'
import { redirectToPath } from '@/lib/auth/redirect-response'
import { createClient } from '@/lib/supabase/server'

const OTP_TYPES: EmailOtpType[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']

/**
 * Where email links land. A PKCE `code` is exchanged with the verifier cookie this browser holds;
 * a `token_hash` (links built from the email template) is verified directly. Then on to `next`.
 */
export async function GET(request: NextRequest) {
  const { searchParams } = request.nextUrl
  const next = safeNextPath(searchParams.get('next'))
  const supabase = await createClient()

  const code = searchParams.get('code')
  const tokenHash = searchParams.get('token_hash')
  const type = searchParams.get('type') as EmailOtpType | null

  let ok = false
  if (code) {
    const { error } = await supabase.auth.exchangeCodeForSession(code)
    ok = !error
    if (error) console.warn('[auth] code exchange failed', error.code, error.message)
  } else if (tokenHash && type && OTP_TYPES.includes(type)) {
    const { error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash })
    ok = !error
    if (error) console.warn('[auth] token verification failed', error.code, error.message)
  }

  if (ok) return redirectToPath(next)
  // a broken or expired link: reset links go back to asking for a new one
  const retry = next.startsWith('/auth/reset-password') ? '/auth/forgot-password' : '/auth/login'
  return redirectToPath(`${retry}?notice=link-expired`)
}
