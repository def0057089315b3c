import type { SupabaseClient } from '@supabase/supabase-js'

/*
 * Signing up from a trial: the visitor's anonymous account becomes their real one (same user id),
 * so everything the trial made stays theirs. GoTrue takes the address and the password together on
 * an anonymous user; the address is confirmed by the link mailed to it (confirmations on), which
 * makes the account permanent. With auto-confirm the account is permanent at once.
 */

export interface KeepTrialSignUp {
  email: string
  password: string
  fullName?: string
  /** the confirmation link's `redirect_to`; `passwordLater`: the link must go through the password page */
  redirectTo: (passwordLater: boolean) => string
}

export interface Conversion {
  /** permanent already (auto-confirm): no mail to wait for */
  converted: boolean
  /** the auth server wanted a fresh session for the password: it is chosen after the link instead */
  passwordLater: boolean
}

type AuthError = { code?: string; status?: number; message: string }

export async function convertAnonymousUser(supabase: SupabaseClient, input: KeepTrialSignUp): Promise<Conversion> {
  const data = input.fullName ? { full_name: input.fullName } : undefined
  const attempt = (password: string | undefined, passwordLater: boolean) =>
    supabase.auth.updateUser(
      { email: input.email, ...(password ? { password } : {}), ...(data ? { data } : {}) },
      { emailRedirectTo: input.redirectTo(passwordLater) },
    )

  let passwordLater = false
  let result = await attempt(input.password, false)
  // sent again with the same password (a second try, a new address): the password is already theirs
  if (result.error?.code === 'same_password') result = await attempt(undefined, false)
  // secure password change and a trial session older than a day: GoTrue wants a reauthentication
  // code, which an account without an address cannot receive; the link's fresh session can set it
  if (result.error?.code === 'reauthentication_needed') {
    passwordLater = true
    result = await attempt(undefined, true)
  }
  if (result.error) throw result.error as AuthError
  const user = result.data.user
  const converted = Boolean(user && !user.is_anonymous && user.email?.toLowerCase() === input.email)
  // the session's token still says anonymous until it is refreshed
  if (converted) await supabase.auth.refreshSession()
  return { converted, passwordLater }
}
