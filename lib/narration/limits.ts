import 'server-only'
import { takeLimit } from '@/lib/security/limit'

/*
 * Narration's rate limits, counted in the database like the auth limits (public.rate_limit_hit,
 * shared by every app instance): requests per person, and syntheses per team (a cache hit costs
 * nothing). A hosted voice costs money per character: these keep a runaway tab or script from
 * spending a month's quota (counted by lib/security/limit.ts).
 */

export const NARRATION_LIMITS = {
  /** narrate requests (one scene, or a batch of "Narrate all") per person */
  requestsPerAccount: { max: 120, windowSeconds: 10 * 60 },
  /** clips actually spoken per team */
  synthesesPerTeam: { max: 400, windowSeconds: 60 * 60 },
} as const

const TOO_MUCH = 'Too much narration at once.'

export const takeNarrationRequest = (userId: string) => takeLimit(`narrationRequests:${userId}`, NARRATION_LIMITS.requestsPerAccount, TOO_MUCH)
export const takeNarrationSynthesis = (teamId: string) => takeLimit(`narrationSyntheses:${teamId}`, NARRATION_LIMITS.synthesesPerTeam, TOO_MUCH)
