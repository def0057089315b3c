import 'server-only'
import { createClient } from '@supabase/supabase-js'
import { clearFailures, checkAttempt, recordFailure } from '@/lib/auth/rate-limit'
import { publicEnv } from '@/lib/env'
import { ActionError } from '@/lib/safe-action'

/**
 * Proof of the current password before it changes: a password sign-in on a throwaway client (no
 * cookies, nothing persisted), whose session is ended at once. The auth server has no "check this
 * password" call; this is the same request the sign-in form makes, limited the same way.
 */
export async function verifyCurrentPassword(email: string, password: string): Promise<void> {
  const account = { name: 'passwordChecksPerAccount', subject: email } as const
  await checkAttempt(account)
  const env = publicEnv()
  const probe = createClient(env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  const { data, error } = await probe.auth.signInWithPassword({ email, password })
  if (error || !data.session) {
    if (!error || error.code === 'invalid_credentials') {
      await recordFailure(account)
      throw new ActionError('That is not your current password.', { currentPassword: 'Enter the password you sign in with now.' })
    }
    throw new ActionError(error.status === 429 ? 'Too many attempts. Try again in a few minutes.' : 'We could not check your current password. Please try again.')
  }
  await clearFailures(account)
  // only this probe's session ends; the person's own sessions are untouched
  const { error: signOutError } = await probe.auth.signOut({ scope: 'local' })
  if (signOutError) console.warn('[profile] could not end the password-check session', signOutError.message)
}
