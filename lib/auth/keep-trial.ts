import 'server-only'
import type { User } from '@supabase/supabase-js'
import { siteUrl } from '@/lib/env'
import type { Db } from '@/lib/listings/refusal'
import { ActionError } from '@/lib/safe-action'
import { importableTrialId } from '@/lib/trials/offer'
import { convertAnonymousUser } from './convert'
import { describeAuthError } from './messages'

export interface KeptSignUp {
  next: string
  needsConfirmation: boolean
  keptTrial: true
  /** the password is chosen again after the link (the trial session was too old to set it now) */
  passwordLater: boolean
}

/**
 * The sign-up form sent by a trial visitor (anonymous session): their account is converted rather
 * than a new one made. The confirmation link comes back (through /auth/callback, from SITE_URL) to
 * the offer to bring the trial they signed up from (else their newest) into a new team, or to `nextPath` when there is none; via
 * the password page first when the password has to wait for the link's fresh session.
 */
export async function signUpKeepingTrial(
  db: Db,
  user: User,
  input: { fullName?: string; email: string; password: string; nextPath: string },
): Promise<KeptSignUp> {
  // the trial they signed up from (the page in `nextPath`), else their newest that can be kept
  const trialId = await importableTrialId(db, user.id, input.nextPath)
  const after = trialId ? `/dashboard/create?import=${trialId}` : input.nextPath
  const throughPassword = `/auth/reset-password?next=${encodeURIComponent(after)}`
  const callback = (to: string) => `${siteUrl()}/auth/callback?next=${encodeURIComponent(to)}`
  try {
    const { converted, passwordLater } = await convertAnonymousUser(db, {
      email: input.email,
      password: input.password,
      fullName: input.fullName,
      redirectTo: (later) => callback(later ? throughPassword : after),
    })
    return { next: passwordLater ? throughPassword : after, needsConfirmation: !converted, keptTrial: true, passwordLater }
  } catch (error) {
    if (!(error as { code?: string }).code) console.error('[auth] converting a trial account failed', error)
    const failure = describeAuthError(error as { code?: string; status?: number; message: string })
    throw new ActionError(failure.message, failure.field ? { [failure.field]: failure.message } : undefined)
  }
}
