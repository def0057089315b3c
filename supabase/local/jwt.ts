import { SignJWT, jwtVerify, decodeProtectedHeader, errors as joseErrors } from 'jose'
import type { StandInConfig } from './config.ts'

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number }

export function secretBytes(config: StandInConfig): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret)
}

/** Signed by the first asymmetric key that may sign (its kid in the header), else HS256 with the secret. */
export async function signJwt(config: StandInConfig, claims: Claims): Promise<string> {
  const key = config.signingKeys.find((k) => k.privateKey)
  if (key) return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' }).sign(key.privateKey!)
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretBytes(config))
}

export type VerifyFailure = { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'claims'; message: string }
export type VerifyResult = { ok: true; claims: Claims } | VerifyFailure

/**
 * Tokens already verified, per configuration: a client sends the same token with every request,
 * and the HMAC check and JSON parsing of each is the largest fixed cost of a small request. A hit
 * still honours `exp` exactly as jose does (expired once `exp <= now`); failures are not kept.
 */
const verified = new WeakMap<StandInConfig, Map<string, Claims>>()
const VERIFIED_MAX = 2000

/** Verifies an HS256 token signed with the project secret; `exp` must be in the future when present. */
export async function verifyJwt(config: StandInConfig, token: string): Promise<VerifyResult> {
  let cache = verified.get(config)
  const hit = cache?.get(token)
  if (hit) {
    if (typeof hit.exp !== 'number' || hit.exp > Math.floor(Date.now() / 1000)) return { ok: true, claims: { ...hit } }
    cache!.delete(token)
  }
  const result = await verifyUncached(config, token)
  if (result.ok) {
    if (!cache) verified.set(config, (cache = new Map()))
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value!)
    cache.set(token, { ...result.claims })
  }
  return result
}

async function verifyUncached(config: StandInConfig, token: string): Promise<VerifyResult> {
  const parts = token.split('.')
  if (parts.length !== 3) {
    return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` }
  }
  let header: ReturnType<typeof decodeProtectedHeader>
  try {
    header = decodeProtectedHeader(token)
  } catch {
    return { ok: false, reason: 'malformed', message: 'JWT cryptographic operation failed' }
  }
  // HS256 with the project secret (the legacy keys), or the asymmetric key the header's kid names
  const key = header.alg === 'HS256' ? null : config.signingKeys.find((k) => k.kid === header.kid && k.alg === header.alg)
  if (header.alg !== 'HS256' && !key) return { ok: false, reason: 'signature', message: 'JWT cryptographic operation failed' }
  try {
    const { payload } = key
      ? await jwtVerify(token, key.publicKey, { algorithms: [key.alg] })
      : await jwtVerify(token, secretBytes(config), { algorithms: ['HS256'] })
    return { ok: true, claims: payload as Claims }
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
    if (err instanceof joseErrors.JWTClaimValidationFailed) return { ok: false, reason: 'claims', message: err.message }
    return { ok: false, reason: 'signature', message: 'JWT cryptographic operation failed' }
  }
}

export type RequestAuth =
  | { ok: true; role: string; claims: Claims; token: string | null }
  | VerifyFailure

/**
 * Who a request is, the way PostgREST and Storage decide it: `Authorization: Bearer` first, then
 * the `apikey` header; no credential at all is the anon role. New-format keys map to their roles.
 */
export async function resolveRequestAuth(
  config: StandInConfig,
  headers: Record<string, string | undefined>,
): Promise<RequestAuth> {
  const authz = headers['authorization']
  let token: string | null = null
  if (authz && /^bearer\s+/i.test(authz)) token = authz.replace(/^bearer\s+/i, '').trim()
  else if (headers['apikey']) token = headers['apikey']!.trim()
  if (!token) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null }
  if (token === config.publishableKey) return { ok: true, role: 'anon', claims: { role: 'anon' }, token }
  if (token === config.secretKey) return { ok: true, role: 'service_role', claims: { role: 'service_role' }, token }
  const v = await verifyJwt(config, token)
  if (!v.ok) return v
  const role = typeof v.claims.role === 'string' && v.claims.role ? v.claims.role : 'anon'
  return { ok: true, role, claims: v.claims, token }
}
