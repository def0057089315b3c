import type { NextRequest } from 'next/server'
import { z } from 'zod'
import { clientAddress } from '@/lib/auth/client-address'
import { takeAttempt } from '@/lib/auth/rate-limit'
import { ActionError } from '@/lib/safe-action'
import { safeNextPath } from '@/lib/auth/next-path'
import { redirectToPath } from '@/lib/auth/redirect-response'
import { createClient } from '@/lib/supabase/server'

const OTP_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const

// what a link may carry; anything else (too long, control characters) counts as a broken link
const callbackQuery = z.object({
  code: z.string().regex(/^[A-Za-z0-9._~-]{1,512}$/).optional().catch(undefined),
  token_hash: z.string().regex(/^[A-Za-z0-9._~-]{1,512}$/).optional().catch(undefined),
  type: z.enum(OTP_TYPES).optional().catch(undefined),
})

/**
 * Where email links land. A PKCE `code` is exchanged with the verifier cookie this browser holds;
 * a `token_hash` (links built from the email template) is verified directly. Then on to `next`.
 */
export async function GET(request: NextRequest) {
  const { searchParams } = request.nextUrl
  const next = safeNextPath(searchParams.get('next'))
  const { code, token_hash: tokenHash, type } = callbackQuery.parse({
    code: searchParams.get('code') ?? undefined,
    token_hash: searchParams.get('token_hash') ?? undefined,
    type: searchParams.get('type') ?? undefined,
  })
  if (code || tokenHash) {
    // guessing codes or token hashes is limited per address, like the auth server's verify limit
    try {
      await takeAttempt({ name: 'verifyPerAddress', subject: await clientAddress() })
    } catch (error) {
      if (error instanceof ActionError) return redirectToPath('/auth/login?notice=too-many-attempts')
      throw error
    }
  }
  const supabase = await createClient()

  let ok = false
  if (code) {
    const { error } = await supabase.auth.exchangeCodeForSession(code)
    ok = !error
    if (error) console.warn('[auth] code exchange failed', error.code, error.message)
  } else if (tokenHash && type) {
    const { error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash })
    ok = !error
    if (error) console.warn('[auth] token verification failed', error.code, error.message)
  }

  if (ok) return redirectToPath(next)
  // a broken or expired link: reset links go back to asking for a new one
  const retry = next.startsWith('/auth/reset-password') ? '/auth/forgot-password' : '/auth/login'
  return redirectToPath(`${retry}?notice=link-expired`)
}
