import 'server-only'
import { retryMessage } from '@/lib/auth/address'
import { ActionError } from '@/lib/safe-action'
import { createAdminClient } from '@/lib/supabase/admin'

/*
 * A counted limit on something costly (narration, importing pages), kept in the database like the
 * auth limits (public.rate_limit_hit, shared by every app instance). A limiter that cannot count
 * lets the request through and logs it: the feature must not stop because the counter did.
 */

export interface Limit {
  max: number
  windowSeconds: number
}

/** Counts one use of `bucket`; past the limit, an ActionError that starts with `tooMany`. */
export async function takeLimit(bucket: string, limit: Limit, tooMany: string, uses = 1): Promise<void> {
  for (let i = 0; i < uses; i++) {
    const { data, error } = await createAdminClient().rpc('rate_limit_hit', {
      p_bucket: bucket.slice(0, 300),
      p_max: limit.max,
      p_window_seconds: limit.windowSeconds,
      p_record: true,
    })
    if (error) {
      console.error('[limit] could not check the rate limit', bucket, error.message)
      return
    }
    const wait = typeof data === 'number' ? data : 0
    if (wait > 0) throw new ActionError(retryMessage(wait).replace('Too many attempts.', tooMany))
  }
}
