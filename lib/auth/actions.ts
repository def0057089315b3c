'use server'

import { ActionError, action } from '@/lib/safe-action'
import { createClient } from '@/lib/supabase/server'
import { describeAuthError } from './messages'
import { safeNextPath, secondFactorPath } from './next-path'
import { verifiedFactorsOf } from './factors'
import { siteUrl } from '@/lib/env'
import type { Db } from '@/lib/listings/refusal'
import { clientAddress } from './client-address'
import { signUpKeepingTrial } from './keep-trial'
import { checkAttempt, clearFailures, recordFailure, takeAttempt } from './rate-limit'
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from './schema'

function fail(error: { code?: string; status?: number; message: string }): never {
  const failure = describeAuthError(error)
  throw new ActionError(failure.message, failure.field ? { [failure.field]: failure.message } : undefined)
}

/** Email + password sign-in; answers where to go next (a same-origin path). */
export const signIn = action(signInSchema, async ({ email, password, next, captchaToken }) => {
  const account = { name: 'signInFailuresPerAccount', subject: email } as const
  await takeAttempt({ name: 'signInPerAddress', subject: await clientAddress() })
  await checkAttempt(account)
  const supabase = await createClient()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password, options: { captchaToken } })
  if (error) {
    if (error.code === 'invalid_credentials') await recordFailure(account)
    fail(error)
  }
  await clearFailures(account)
  // someone with an authenticator confirms this sign-in (a password alone: aal1) with a code first;
  // the factors come with the auth server's answer, not from the cookie
  const nextPath = safeNextPath(next)
  if (verifiedFactorsOf(data.user?.factors).length > 0) return { next: secondFactorPath(nextPath) }
  return { next: nextPath }
})

/**
 * Creates the account (or converts a trial visitor's, lib/auth/keep-trial.ts). With auto-confirm the
 * person is signed in at once; otherwise they must follow the emailed link, which comes back through
 * /auth/callback.
 */
export const signUp = action(signUpSchema, async ({ fullName, email, password, next, captchaToken }) => {
  await takeAttempt({ name: 'signUpPerAddress', subject: await clientAddress() })
  const supabase = await createClient()
  const origin = siteUrl()
  const nextPath = safeNextPath(next)
  // a trial visitor's own account becomes the real one (same user id): the trial stays theirs
  const { data: current } = await supabase.auth.getUser()
  if (current.user?.is_anonymous) {
    return signUpKeepingTrial(supabase as unknown as Db, current.user, { fullName, email, password, nextPath })
  }
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: {
      data: fullName ? { full_name: fullName } : {},
      emailRedirectTo: `${origin}/auth/callback?next=${encodeURIComponent(nextPath)}`,
      captchaToken,
    },
  })
  if (error) fail(error)
  // GoTrue hides taken addresses when confirmations are on: an obfuscated user with no identities
  if (data.user && data.user.identities?.length === 0) fail({ code: 'user_already_exists', message: '' })
  return { next: nextPath, needsConfirmation: !data.session }
})

/** Sends the reset link. Says the same whether or not the address has an account. */
export const requestPasswordReset = action(forgotPasswordSchema, async ({ email, captchaToken }) => {
  await takeAttempt({ name: 'resetPerAddress', subject: await clientAddress() }, { name: 'resetPerAccount', subject: email })
  const supabase = await createClient()
  const origin = siteUrl()
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${origin}/auth/callback?next=${encodeURIComponent('/auth/reset-password')}`,
    captchaToken,
  })
  // rate limits and a refused CAPTCHA are worth telling; anything else would reveal whether the account exists
  if (error && (error.status === 429 || error.code?.startsWith('over_') || error.code === 'captcha_failed')) fail(error)
  if (error) console.warn('[auth] password reset request failed', error.code, error.message)
  return { sent: true as const }
})

/** Sets a new password for the session the reset link (or a trial's confirmation link) opened. */
export const updatePassword = action(resetPasswordSchema, async ({ password, next }) => {
  const supabase = await createClient()
  const { data: userData } = await supabase.auth.getUser()
  if (!userData.user) throw new ActionError('Your reset link has expired. Request a new one.')
  const { error } = await supabase.auth.updateUser({ password })
  if (error) fail(error)
  return { next: safeNextPath(next) }
})
