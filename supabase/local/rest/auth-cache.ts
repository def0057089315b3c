import type { StandInConfig } from '../config.ts'
import { resolveRequestAuth, type RequestAuth } from '../jwt.ts'

type Allowed = Extract<RequestAuth, { ok: true }>

/**
 * Verified credentials by header value, so a client reusing its token skips the HMAC check.
 * A hit still honours `exp`; failures are not cached. Least recently used entries go first.
 */
export class AuthCache {
  private readonly entries = new Map<string, { auth: Allowed; exp: number }>()

  constructor(
    private readonly config: StandInConfig,
    private readonly size = 1000,
  ) {}

  async resolve(headers: Record<string, string | undefined>): Promise<RequestAuth> {
    const k = `${headers['authorization'] ?? ''}\n${headers['apikey'] ?? ''}`
    const hit = this.entries.get(k)
    const now = Date.now() / 1000
    if (hit && hit.exp > now) {
      this.entries.delete(k)
      this.entries.set(k, hit)
      return hit.auth
    }
    const auth = await resolveRequestAuth(this.config, headers)
    if (auth.ok) {
      const exp = typeof auth.claims.exp === 'number' ? auth.claims.exp : Number.POSITIVE_INFINITY
      this.entries.delete(k)
      this.entries.set(k, { auth, exp })
      if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!)
    }
    return auth
  }
}
