import 'server-only'
import { serverEnv } from '@/lib/env'
import { createAdminClient } from '@/lib/supabase/admin'
import { ActionError } from '@/lib/safe-action'
import { addressKey, retryMessage } from './address'

/** Limits whose refusal needs more than "try again in N minutes". */
const REFUSALS: Partial<Record<LimitName, (waitSeconds: number) => string>> = {
  trialStartsPerAddress: (wait) =>
    `Too many trials were started from your network in the last hour. ${retryMessage(wait).replace('Too many attempts. ', '')} Or sign up to make videos now.`,
}

/**
 * Limits on the auth actions, counted in the database (public.rate_limit_hit) so every app
 * instance shares them. Per address: every attempt; per account: failures only, so a person who
 * knows their password is not locked out by someone else's guesses for long. docs/security.md.
 */
export const AUTH_LIMITS = {
  signInPerAddress: { max: 30, windowSeconds: 5 * 60 },
  signInFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signUpPerAddress: { max: 10, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 3, windowSeconds: 60 * 60 },
  verifyPerAddress: { max: 30, windowSeconds: 5 * 60 },
  passwordChecksPerAccount: { max: 10, windowSeconds: 15 * 60 },
  // anonymous trial sessions (the try flow): a visitor needs one; a household or office a few
  trialStartsPerAddress: { max: 5, windowSeconds: 60 * 60 },
} as const

export type LimitName = keyof typeof AUTH_LIMITS

export interface LimitKey {
  name: LimitName
  /** an address (from clientAddress) or an account's email; null skips this limit */
  subject: string | null
}

function bucketOf({ name, subject }: LimitKey): string | null {
  if (!subject) return null
  return `${name}:${name.endsWith('Address') ? addressKey(subject) : subject.toLowerCase()}`.slice(0, 300)
}

async function hit(key: LimitKey, record: boolean): Promise<number> {
  const bucket = bucketOf(key)
  if (!bucket) return 0
  const { max: base, windowSeconds } = AUTH_LIMITS[key.name]
  const max = key.name.endsWith('Address') ? base * serverEnv().AUTH_ADDRESS_LIMIT_SCALE : base
  const { data, error } = await createAdminClient().rpc('rate_limit_hit', {
    p_bucket: bucket,
    p_max: max,
    p_window_seconds: windowSeconds,
    p_record: record,
  })
  // a limiter that cannot count must not lock everybody out: log it and let the auth server's own
  // limits stand in
  if (error) {
    console.error('[rate-limit] could not check', key.name, error.message)
    return 0
  }
  return typeof data === 'number' ? data : 0
}

/** Counts an attempt against each key; throws the "try again in N minutes" message when one is over. */
export async function takeAttempt(...keys: LimitKey[]): Promise<void> {
  for (const key of keys) {
    const wait = await hit(key, true)
    if (wait > 0) throw new ActionError(REFUSALS[key.name]?.(wait) ?? retryMessage(wait))
  }
}

/** Checks keys without counting (for failure-only limits, checked before the attempt). */
export async function checkAttempt(...keys: LimitKey[]): Promise<void> {
  for (const key of keys) {
    const wait = await hit(key, false)
    if (wait > 0) throw new ActionError(retryMessage(wait))
  }
}

/** Counts a failure (after the attempt failed). */
export async function recordFailure(key: LimitKey): Promise<void> {
  await hit(key, true)
}

/** Clears a failure count (after a success). */
export async function clearFailures(key: LimitKey): Promise<void> {
  const bucket = bucketOf(key)
  if (!bucket) return
  const { error } = await createAdminClient().rpc('rate_limit_clear', { p_bucket: bucket })
  if (error) console.error('[rate-limit] could not clear', key.name, error.message)
}
