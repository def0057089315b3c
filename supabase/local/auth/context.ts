import { asOwner, type Tx } from '../db.ts'
import type { LocalRequest, LocalResponse, StandInContext } from '../http.ts'
import { json } from '../http.ts'
import { versionHeaders } from './errors.ts'
import { RateLimiter } from './rate-limit.ts'

const FIVE_MINUTES = 5 * 60_000
const HOUR = 60 * 60_000

/**
 * GoTrue's per-address limiters (internal/api/apilimiter), by what they guard. The OTP-rate ones
 * are separate buckets with the same rate, as GoTrue has them: recovery requests do not use up the
 * allowance for sign-ups.
 */
export interface AuthLimiters {
  signUps: RateLimiter
  verify: RateLimiter
  anonymous: RateLimiter
  refresh: RateLimiter
  otp: RateLimiter
  magicLink: RateLimiter
  recover: RateLimiter
  resend: RateLimiter
  user: RateLimiter
}

/** What every auth handler gets: the stand-in plus the auth server's own in-memory state. */
export interface AuthContext extends StandInContext {
  signInLimiter: RateLimiter
  limiters: AuthLimiters
}

export function createAuthContext(ctx: StandInContext): AuthContext {
  const { max, windowMs } = ctx.config.auth.signInRateLimit
  const limits = ctx.config.auth.rateLimits
  return {
    ...ctx,
    signInLimiter: new RateLimiter(max, windowMs),
    limiters: {
      signUps: new RateLimiter(limits.signInSignUps, FIVE_MINUTES),
      verify: new RateLimiter(limits.tokenVerifications, FIVE_MINUTES),
      anonymous: new RateLimiter(limits.anonymousUsers, HOUR),
      refresh: new RateLimiter(limits.tokenRefresh, FIVE_MINUTES),
      otp: new RateLimiter(limits.otp, FIVE_MINUTES),
      magicLink: new RateLimiter(limits.otp, FIVE_MINUTES),
      recover: new RateLimiter(limits.otp, FIVE_MINUTES),
      resend: new RateLimiter(limits.otp, FIVE_MINUTES),
      user: new RateLimiter(limits.otp, FIVE_MINUTES),
    },
  }
}

export type Handler = (ctx: AuthContext, req: LocalRequest) => Promise<LocalResponse>

/** Auth works on its own tables as their owner, never under RLS (GoTrue connects as supabase_auth_admin). */
export function owner<T>(ctx: AuthContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return asOwner(ctx.db, fn)
}

export function ok(req: LocalRequest, body: unknown, status = 200, headers: Record<string, string> = {}): LocalResponse {
  return json(status, body, { ...versionHeaders(req), ...headers })
}
