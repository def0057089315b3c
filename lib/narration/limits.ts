import 'server-only'
import { retryMessage } from '@/lib/auth/address'
import { ActionError } from '@/lib/safe-action'
import { createAdminClient } from '@/lib/supabase/admin'

/*
 * Narration's rate limits, counted in the database like the auth limits (public.rate_limit_hit,
 * shared by every app instance): requests per person, and syntheses per team (a cache hit costs
 * nothing). A hosted voice costs money per character: these keep a runaway tab or script from
 * spending a month's quota. A limiter that cannot count lets the request through and logs it.
 */

export const NARRATION_LIMITS = {
  /** narrate requests (one scene, or a batch of "Narrate all") per person */
  requestsPerAccount: { max: 120, windowSeconds: 10 * 60 },
  /** clips actually spoken per team */
  synthesesPerTeam: { max: 400, windowSeconds: 60 * 60 },
} as const

async function take(bucket: string, limit: { max: number; windowSeconds: number }): Promise<void> {
  const { data, error } = await createAdminClient().rpc('rate_limit_hit', {
    p_bucket: bucket.slice(0, 300),
    p_max: limit.max,
    p_window_seconds: limit.windowSeconds,
    p_record: true,
  })
  if (error) {
    console.error('[narration] could not check the rate limit', bucket, error.message)
    return
  }
  const wait = typeof data === 'number' ? data : 0
  if (wait > 0) throw new ActionError(retryMessage(wait).replace('Too many attempts.', 'Too much narration at once.'))
}

export const takeNarrationRequest = (userId: string) => take(`narrationRequests:${userId}`, NARRATION_LIMITS.requestsPerAccount)
export const takeNarrationSynthesis = (teamId: string) => take(`narrationSyntheses:${teamId}`, NARRATION_LIMITS.synthesesPerTeam)
