import { asOwner, type Tx } from '../db.ts'
import type { LocalRequest, LocalResponse, StandInContext } from '../http.ts'
import { json } from '../http.ts'
import { versionHeaders } from './errors.ts'
import { RateLimiter } from './rate-limit.ts'

/** What every auth handler gets: the stand-in plus the auth server's own in-memory state. */
export interface AuthContext extends StandInContext {
  signInLimiter: RateLimiter
}

export function createAuthContext(ctx: StandInContext): AuthContext {
  const { max, windowMs } = ctx.config.auth.signInRateLimit
  return { ...ctx, signInLimiter: new RateLimiter(max, windowMs) }
}

export type Handler = (ctx: AuthContext, req: LocalRequest) => Promise<LocalResponse>

/** Auth works on its own tables as their owner, never under RLS (GoTrue connects as supabase_auth_admin). */
export function owner<T>(ctx: AuthContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return asOwner(ctx.db, fn)
}

export function ok(req: LocalRequest, body: unknown, status = 200, headers: Record<string, string> = {}): LocalResponse {
  return json(status, body, { ...versionHeaders(req), ...headers })
}
