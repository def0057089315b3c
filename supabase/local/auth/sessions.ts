import { randomUUID } from 'node:crypto'
import type { StandInConfig } from '../config.ts'
import type { Tx } from '../db.ts'
import { signJwt } from '../jwt.ts'
import { errors, type AuthError } from './errors.ts'
import { randomToken } from './secrets.ts'
import { isBanned, updateUser, userJson, type UserRow } from './users.ts'

/** GoTrue's `AuthenticationMethod` names, as they appear in the `amr` claim. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous'
  | 'token_refresh'
  | 'totp'
  | 'webauthn'
  | 'passkey'

interface SessionRow {
  id: string
  user_id: string
  created_at: Date
  aal: string | null
  tag: string | null
}

interface RefreshTokenRow {
  id: number
  token: string
  user_id: string
  revoked: boolean
  created_at: Date
  updated_at: Date
  parent: string | null
  session_id: string | null
}

// GoTrue keeps the amr claims in auth.mfa_amr_claims; the bootstrap has no such table, so the
// session's sign-in method rides in sessions.tag ("amr:password"), and each second factor verified
// later is appended with its time ("amr:password|totp@1767225600").
const AMR_PREFIX = 'amr:'

function amrOf(session: SessionRow): { method: string; timestamp: number }[] {
  const [first, ...later] = (session.tag?.startsWith(AMR_PREFIX) ? session.tag.slice(AMR_PREFIX.length) : 'password').split('|')
  const entries = [{ method: first || 'password', timestamp: Math.floor(new Date(session.created_at).getTime() / 1000) }]
  for (const entry of later) {
    const [method, at] = entry.split('@')
    if (method && Number.isFinite(Number(at))) entries.push({ method, timestamp: Number(at) })
  }
  // newest first, as GoTrue sorts its amr claims (within one second, the one added last first)
  return entries.reverse().sort((a, b) => b.timestamp - a.timestamp)
}

/** Exactly the claims of GoTrue's `AccessTokenClaims` (SUPABASE-WIRE 2.4). */
export async function accessTokenFor(config: StandInConfig, user: UserRow, session: SessionRow) {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + config.auth.jwtExpiry
  const token = await signJwt(config, {
    iss: `${config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session.aal ?? 'aal1',
    amr: amrOf(session),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
  return { token, exp }
}

async function sessionResponse(tx: Tx, config: StandInConfig, user: UserRow, session: SessionRow, refresh: string) {
  const { token, exp } = await accessTokenFor(config, user, session)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.auth.jwtExpiry,
    expires_at: exp,
    refresh_token: refresh,
    user: await userJson(tx, user),
  }
}

export type SessionJson = Awaited<ReturnType<typeof sessionResponse>>

async function insertRefreshToken(tx: Tx, userId: string, sessionId: string, parent: string | null) {
  const token = randomToken()
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  )
  return token
}

/** A new session for a sign-in: session row, first refresh token, last_sign_in_at. */
export async function startSession(
  tx: Tx,
  config: StandInConfig,
  user: UserRow,
  method: AuthMethod,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<SessionJson> {
  const s = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, tag)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet, $5) returning *`,
    [randomUUID(), user.id, meta.userAgent ?? null, safeIp(meta.ip), AMR_PREFIX + method],
  )
  const refresh = await insertRefreshToken(tx, user.id, s.rows[0].id, null)
  const signedIn = await updateUser(tx, user.id, { last_sign_in_at: new Date() })
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [user.id])
  return sessionResponse(tx, config, signedIn, s.rows[0], refresh)
}

function safeIp(ip: string | undefined): string | null {
  if (!ip) return null
  const v4 = ip.replace(/^::ffff:/, '')
  return /^[0-9.]+$/.test(v4) || /^[0-9a-f:]+$/i.test(v4) ? v4 : null
}

/**
 * Rotation with reuse detection (GoTrue `RefreshTokenGrant`): a revoked token used again within
 * the reuse interval gets the session's current token back (two tabs refreshing at once); later,
 * it is treated as stolen and every token of the session is revoked.
 */
export async function refreshSession(tx: Tx, config: StandInConfig, token: string): Promise<SessionJson | AuthError> {
  const r = await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [token])
  const rt = r.rows[0]
  if (!rt) throw errors.refreshNotFound()
  const s = rt.session_id
    ? await tx.query<SessionRow>('select * from auth.sessions where id = $1', [rt.session_id])
    : { rows: [] as SessionRow[] }
  const session = s.rows[0]
  if (!session) throw errors.refreshSessionGone()
  const u = await tx.query<UserRow>('select * from auth.users where id = $1', [session.user_id])
  const user = u.rows[0]
  if (!user) throw errors.refreshSessionGone()
  if (isBanned(user)) throw errors.refreshUserBanned()

  if (rt.revoked) {
    const active = await tx.query<RefreshTokenRow>(
      `select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [session.id],
    )
    const revokedAt = new Date(rt.updated_at).getTime()
    const withinReuse = Date.now() - revokedAt < config.auth.refreshTokenReuseInterval * 1000
    if (withinReuse && active.rows[0]) {
      return sessionResponse(tx, config, user, session, active.rows[0].token)
    }
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [
      session.id,
    ])
    // returned, not thrown: the revocation must commit
    return errors.refreshAlreadyUsed()
  }

  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [rt.id])
  const next = await insertRefreshToken(tx, user.id, session.id, rt.token)
  await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [session.id])
  return sessionResponse(tx, config, user, session, next)
}

/**
 * A second factor verified in this session (GoTrue's updateMFASessionAndClaims): the session is
 * aal2 with the factor and the method in its amr, gets a fresh refresh token (the older ones are
 * revoked), and the user's other sessions below aal2 end (InvalidateSessionsWithAALLessThan).
 */
export async function upgradeSessionToAal2(tx: Tx, config: StandInConfig, user: UserRow, sessionId: string, factorId: string, method: AuthMethod): Promise<SessionJson> {
  const now = Math.floor(Date.now() / 1000)
  const s = await tx.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now(),
            tag = coalesce(tag, '${AMR_PREFIX}password') || $3
      where id = $1 and user_id = $4 returning *`,
    [sessionId, factorId, `|${method}@${now}`, user.id],
  )
  const session = s.rows[0]
  if (!session) throw errors.refreshSessionGone()
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [sessionId])
  const refresh = await insertRefreshToken(tx, user.id, sessionId, null)
  await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') <> 'aal2'`, [user.id, sessionId])
  return sessionResponse(tx, config, user, session, refresh)
}

/** A factor removed: the sessions it raised are aal1 again (GoTrue's DowngradeSessionsToAAL1). */
export async function downgradeSessionsOfFactor(tx: Tx, factorId: string): Promise<void> {
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factorId])
}

export async function sessionAal(tx: Tx, sessionId: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null
  const r = await tx.query<{ aal: string | null }>('select aal from auth.sessions where id = $1', [sessionId])
  return r.rows[0] ? (r.rows[0].aal ?? 'aal1') : null
}

export async function sessionExists(tx: Tx, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false
  const r = await tx.query('select 1 from auth.sessions where id = $1', [id])
  return r.rows.length > 0
}

/** Sign-out scopes: global (every session), local (this one), others (all but this one). */
export async function endSessions(tx: Tx, userId: string, sessionId: string, scope: string): Promise<void> {
  if (!sessionId && scope !== 'global') return
  if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [sessionId])
  else if (scope === 'others')
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
  else await tx.query('delete from auth.sessions where user_id = $1', [userId])
}
