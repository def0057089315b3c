import type { StandInConfig } from '../config.ts'
import type { Tx } from '../db.ts'
import type { LocalRequest } from '../http.ts'
import { resolveRequestAuth, verifyJwt, type Claims } from '../jwt.ts'
import { errors } from './errors.ts'
import { sessionExists } from './sessions.ts'
import { findUserById, isBanned, type UserRow } from './users.ts'

export type Body = Record<string, unknown>

export function readJson(req: LocalRequest): Body {
  if (!req.body.length) return {}
  try {
    const v = JSON.parse(req.body.toString('utf8'))
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {}
  } catch {
    throw errors.validation('Could not parse request body as JSON')
  }
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined
}

export function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}

/**
 * The caller's address, for the per-address limits: the socket's, unless configuration says a proxy
 * in front of the stand-in sets X-Forwarded-For (`trustProxy`); then the right-most entry, the one
 * that proxy appended (what a client wrote further left is its own invention).
 */
export function clientIp(config: StandInConfig, req: LocalRequest): string {
  if (!config.auth.trustProxy) return req.ip
  const entries = (req.headers['x-forwarded-for'] ?? '').split(',').map((e) => e.trim()).filter(Boolean)
  return entries[entries.length - 1] || req.ip
}

function bearer(req: LocalRequest): string | null {
  const authz = req.headers['authorization']
  if (!authz || !/^bearer\s+/i.test(authz)) return null
  return authz.replace(/^bearer\s+/i, '').trim() || null
}

export interface SignedInCaller {
  user: UserRow
  claims: Claims
  sessionId: string
}

/** Verifies the Bearer token (signature, expiry, sub); the user and session checks need a transaction. */
export async function callerClaims(config: StandInConfig, req: LocalRequest): Promise<Claims> {
  const token = bearer(req)
  if (!token) throw errors.noAuthorization()
  const v = await verifyJwt(config, token)
  if (!v.ok) throw errors.badJwt(v.reason === 'expired' ? 'token has invalid claims: token is expired' : v.message)
  if (typeof v.claims.sub !== 'string' || !v.claims.sub) throw errors.badJwt('invalid claim: missing sub claim')
  return v.claims
}

/**
 * GoTrue's requireAuthentication for /user, /logout and /reauthenticate: the user must exist, its
 * session must not be gone, and it must not be banned (a token issued before the ban is refused).
 */
export async function loadCaller(tx: Tx, claims: Claims): Promise<SignedInCaller> {
  const user = await findUserById(tx, String(claims.sub))
  if (!user) throw errors.userNotFoundFromJwt()
  // a token minted without session_id (by app code or tests) is accepted, as GoTrue does
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
  if (sessionId && !(await sessionExists(tx, sessionId))) throw errors.sessionNotFound()
  if (isBanned(user)) throw errors.bannedCaller()
  return { user, claims, sessionId }
}

/** The admin API wants a service_role (or supabase_admin) token, or the secret key. */
export async function requireAdmin(config: StandInConfig, req: LocalRequest): Promise<void> {
  if (!bearer(req)) throw errors.noAuthorization()
  const who = await resolveRequestAuth(config, { authorization: req.headers['authorization'] })
  if (!who.ok) throw errors.badJwt(who.message)
  if (who.role !== 'service_role' && who.role !== 'supabase_admin') throw errors.notAdmin()
}

function originOf(u: string): string | null {
  try {
    return new URL(u).origin
  } catch {
    return null
  }
}

/**
 * GoTrue's redirect allow-list: the site URL's origin, the additional redirect URLs (a trailing
 * `*` / `**` matches anything after it) and, for local development, any localhost origin.
 */
export function allowedRedirect(config: StandInConfig, wanted: string | undefined | null): string {
  const site = config.auth.siteUrl
  if (!wanted) return site
  let url: URL
  try {
    url = new URL(wanted)
  } catch {
    return site
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return site
  if (url.origin === originOf(site)) return wanted
  if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1')) return wanted
  for (const entry of config.auth.additionalRedirectUrls) {
    if (entry.endsWith('*') && wanted.startsWith(entry.replace(/\*+$/, ''))) return wanted
    if (wanted === entry) return wanted
    // a bare origin entry ("https://app.example.com") allows any path on it
    if (originOf(entry) === url.origin && new URL(entry).pathname === '/') return wanted
  }
  return site
}

export function redirectParam(req: LocalRequest, body?: Body): string {
  return req.url.searchParams.get('redirect_to') ?? str(body?.redirect_to) ?? ''
}
