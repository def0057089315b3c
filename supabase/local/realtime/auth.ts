import type { StandInConfig } from '../config.ts'
import { verifyJwt, type Claims } from '../jwt.ts'

export interface Subscriber {
  role: string
  claims: Claims
  token: string
  /** seconds since the epoch, when the token carries one */
  exp: number | null
}

export type TokenCheck = ({ ok: true } & Subscriber) | { ok: false; reason: string }

/**
 * Who a realtime token speaks for, as the realtime server decides it: new-format keys map to their
 * roles, anything else must be a project-signed JWT carrying `role` and `exp`.
 */
export async function checkRealtimeToken(config: StandInConfig, token: string): Promise<TokenCheck> {
  if (token === config.publishableKey) return { ok: true, role: 'anon', claims: { role: 'anon' }, token, exp: null }
  if (token === config.secretKey) return { ok: true, role: 'service_role', claims: { role: 'service_role' }, token, exp: null }
  const v = await verifyJwt(config, token)
  if (!v.ok) {
    if (v.reason === 'expired') return { ok: false, reason: `InvalidJWTToken: Token has expired ${expiredAgo(token)} seconds ago` }
    return { ok: false, reason: `InvalidJWTToken: ${v.message}` }
  }
  const { role, exp } = v.claims
  if (typeof role !== 'string' || !role || typeof exp !== 'number') {
    return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' }
  }
  return { ok: true, role, claims: v.claims, token, exp }
}

function expiredAgo(token: string): number {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp?: number }
    return typeof body.exp === 'number' ? Math.max(0, Math.floor(Date.now() / 1000 - body.exp)) : 0
  } catch {
    return 0
  }
}
