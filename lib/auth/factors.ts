import { z } from 'zod'

/** What the pages show of an authenticator GoTrue lists with the user (never its secret). */
const factorSchema = z.object({
  id: z.string().uuid(),
  status: z.string(),
  factor_type: z.string(),
  friendly_name: z.string().optional().nullable(),
  created_at: z.string(),
})

export interface VerifiedFactor {
  id: string
  friendlyName: string
  createdAt: string
}

/** The verified TOTP factors among a user's `factors` (parsed: it is the auth server's answer). */
export function verifiedFactorsOf(raw: unknown): VerifiedFactor[] {
  const factors = z.array(factorSchema).catch([]).parse(raw ?? [])
  return factors
    .filter((factor) => factor.status === 'verified' && factor.factor_type === 'totp')
    .map((factor) => ({ id: factor.id, friendlyName: factor.friendly_name || 'Authenticator app', createdAt: factor.created_at }))
}

/** A friendly name not yet used by this person's authenticators (GoTrue wants them unique). */
export function nextAuthenticatorName(factors: VerifiedFactor[]): string {
  const taken = new Set(factors.map((factor) => factor.friendlyName))
  if (!taken.has('Authenticator app')) return 'Authenticator app'
  for (let n = 2; ; n += 1) if (!taken.has(`Authenticator app ${n}`)) return `Authenticator app ${n}`
}
