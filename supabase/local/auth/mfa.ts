import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { callerClaims, clientIp, loadCaller, readJson, requireAdmin, str, type SignedInCaller } from './request.ts'
import { downgradeSessionsOfFactor, sessionAal, upgradeSessionToAal2 } from './sessions.ts'
import { factorsOf } from './users.ts'
import { webauthnChallenge, webauthnVerify, type WebAuthnFactor } from './mfa-webauthn.ts'

/*
 * TOTP factors, as GoTrue has them (internal/api/mfa.go; the CLI's defaults: TOTP enroll and verify
 * on, 10 factors at most, challenges valid 300 s, codes of 6 digits every 30 s with one step of
 * skew). Enrol (unverified, with the secret, an otpauth URI and its QR code as SVG), challenge,
 * verify (the session becomes aal2 with `totp` in its amr, a fresh token pair is answered, other
 * sessions below aal2 end), unenrol (a verified factor only from an aal2 session). WebAuthn factors
 * when `[auth.mfa.web_authn]` enables them (mfa-webauthn.ts); phone factors are not offered (no SMS
 * provider).
 */

const MAX_FACTORS = 10
const CHALLENGE_EXPIRY_S = 300
const UNVERIFIED_FACTOR_EXPIRY_S = 300

interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'unverified' | 'verified'
  secret: string | null
  web_authn_credential: WebAuthnFactor['web_authn_credential']
}

interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
  ip_address: string
  web_authn_session_data: Parameters<typeof webauthnVerify>[5]['web_authn_session_data']
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** requireAuthentication + requireNotAnonymous, then the caller with its session's aal. */
async function mfaCaller(ctx: AuthContext, req: LocalRequest, tx: Tx): Promise<SignedInCaller & { aal: string }> {
  const claims = await callerClaims(ctx.config, req)
  if (claims.is_anonymous === true) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions')
  const caller = await loadCaller(tx, claims)
  const aal = (caller.sessionId ? await sessionAal(tx, caller.sessionId) : null) ?? (typeof claims.aal === 'string' ? claims.aal : 'aal1')
  return { ...caller, aal }
}

/** loadFactor: the caller's own factor, or 404. */
async function ownFactor(tx: Tx, userId: string, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  const r = await tx.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId])
  if (!r.rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return r.rows[0]
}

function factorIdOf(req: LocalRequest): string {
  return decodeURIComponent(req.path.split('/')[2] ?? '')
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    throw new AuthError(500, 'unexpected_failure', 'site url is improperly formatted')
  }
}

/** POST /factors {factor_type: "totp", friendly_name?, issuer?} */
export async function enrollFactor(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const type = str(body.factor_type)
  if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  if (type === 'webauthn' && !ctx.config.auth.webauthn.mfaEnroll) {
    throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
  }
  if (type !== 'totp' && type !== 'webauthn') throw errors.validation('factor_type needs to be totp, phone, or webauthn')
  const friendlyName = str(body.friendly_name) ?? ''
  const issuer = str(body.issuer) || hostOf(ctx.config.auth.siteUrl)
  return owner(ctx, async (tx) => {
    const caller = await mfaCaller(ctx, req, tx)
    // validateFactors: expired unverified factors go first, then the name, the counts and the aal
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`, [
      caller.user.id,
      UNVERIFIED_FACTOR_EXPIRY_S,
    ])
    const existing = await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1', [caller.user.id])
    if (existing.rows.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`)
    }
    const verified = existing.rows.filter((f) => f.status === 'verified').length
    if (existing.rows.length >= MAX_FACTORS || verified >= MAX_FACTORS) {
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
    }
    if (verified > 0 && caller.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    if (type === 'webauthn') {
      const id = randomUUID()
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
        [id, caller.user.id, friendlyName],
      )
      return ok(req, { id, type: 'webauthn', friendly_name: friendlyName })
    }

    const secret = new Secret({ size: 20 })
    const totp = new TOTP({ issuer, label: caller.user.email ?? '', algorithm: 'SHA1', digits: 6, period: 30, secret })
    const uri = totp.toString()
    // GoTrue's SVG (goqrsvg) names its colours; auth-js turns the markup into an unencoded
    // `data:image/svg+xml;utf-8,` URI, where a '#' would end the image at the first hex colour
    const qrCode = (await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' }))
      .replaceAll('"#ffffff"', '"white"')
      .replaceAll('"#000000"', '"black"')
    const id = randomUUID()
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, caller.user.id, friendlyName, secret.base32],
    )
    return ok(req, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: secret.base32, uri } })
  })
}

/** POST /factors/{id}/challenge */
export async function challengeFactor(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  return owner(ctx, async (tx) => {
    const caller = await mfaCaller(ctx, req, tx)
    const factor = await ownFactor(tx, caller.user.id, factorIdOf(req))
    if (factor.factor_type === 'webauthn') {
      const { createdAt, ...challenge } = await webauthnChallenge(ctx, req, tx, caller, factor, ipOrLoopback(clientIp(ctx.config, req)))
      return ok(req, { ...challenge, expires_at: Math.floor(createdAt.getTime() / 1000) + CHALLENGE_EXPIRY_S })
    }
    if (factor.factor_type !== 'totp') throw errors.validation('factor_type needs to be totp, phone, or webauthn')
    const id = randomUUID()
    const r = await tx.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning created_at`,
      [id, factor.id, ipOrLoopback(clientIp(ctx.config, req))],
    )
    await tx.query(`update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1`, [factor.id])
    const expiresAt = Math.floor(new Date(r.rows[0].created_at).getTime() / 1000) + CHALLENGE_EXPIRY_S
    return ok(req, { id, type: 'totp', expires_at: expiresAt })
  })
}

function ipOrLoopback(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '')
  return /^[0-9.]+$/.test(v4) || /^[0-9a-f:]+$/i.test(v4) ? v4 : '127.0.0.1'
}

/** POST /factors/{id}/verify {challenge_id, code} */
export async function verifyFactor(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const code = str(body.code)?.trim() ?? ''
  const challengeId = str(body.challenge_id) ?? ''
  const ip = ipOrLoopback(clientIp(ctx.config, req))
  return owner(ctx, async (tx) => {
    const caller = await mfaCaller(ctx, req, tx)
    const factor = await ownFactor(tx, caller.user.id, factorIdOf(req))
    if (!code && factor.factor_type !== 'webauthn') throw errors.validation('Code needs to be non-empty')
    if (factor.factor_type !== 'totp' && factor.factor_type !== 'webauthn') throw errors.validation('factor_type needs to be totp, phone, or webauthn')
    // validateChallenge
    const c = UUID.test(challengeId)
      ? await tx.query<ChallengeRow>(`select id, factor_id, created_at, verified_at, host(ip_address) as ip_address, web_authn_session_data from auth.mfa_challenges where id = $1 and factor_id = $2`, [challengeId, factor.id])
      : { rows: [] as ChallengeRow[] }
    const challenge = c.rows[0]
    if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    if (challenge.verified_at || challenge.ip_address !== ip) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
    if (Date.now() > new Date(challenge.created_at).getTime() + CHALLENGE_EXPIRY_S * 1000) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id])
      return { expired: challenge.id }
    }
    if (factor.factor_type === 'webauthn') return { session: await webauthnVerify(ctx, req, tx, caller, factor, challenge) }
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(factor.secret ?? '') })
    if (totp.validate({ token: code, window: 1 }) === null) return { invalid: true }
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id])
    if (factor.status !== 'verified') await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id])
    const session = await upgradeSessionToAal2(tx, ctx.config, caller.user, caller.sessionId, factor.id, 'totp')
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`, [caller.user.id])
    return { session }
  }).then((out) => {
    // the refusals that must still commit (an expired challenge is deleted) are thrown after it
    if ('expired' in out) {
      throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${out.expired} has expired, verify against another challenge or create a new challenge.`)
    }
    if ('invalid' in out) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
    return ok(req, out.session)
  })
}

/** DELETE /factors/{id} */
export async function unenrollFactor(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  return owner(ctx, async (tx) => {
    const caller = await mfaCaller(ctx, req, tx)
    const factor = await ownFactor(tx, caller.user.id, factorIdOf(req))
    if (factor.status === 'verified' && caller.aal !== 'aal2') throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id])
    await downgradeSessionsOfFactor(tx, factor.id)
    return ok(req, { id: factor.id })
  })
}

/** GET /admin/users/{id}/factors */
export async function adminListFactors(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const userId = decodeURIComponent(req.path.split('/')[3] ?? '')
  if (!UUID.test(userId)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  return owner(ctx, async (tx) => {
    const u = await tx.query('select 1 from auth.users where id = $1', [userId])
    if (!u.rows[0]) throw new AuthError(404, 'user_not_found', 'User not found')
    return ok(req, await factorsOf(tx, userId))
  })
}

/** DELETE /admin/users/{id}/factors/{factorId} */
export async function adminDeleteFactor(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const [, , , userId, , factorId] = req.path.split('/').map((part) => decodeURIComponent(part))
  if (!UUID.test(userId ?? '')) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  if (!UUID.test(factorId ?? '')) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  return owner(ctx, async (tx) => {
    const r = await tx.query<FactorRow>('delete from auth.mfa_factors where id = $1 and user_id = $2 returning *', [factorId, userId])
    if (!r.rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
    await downgradeSessionsOfFactor(tx, factorId!)
    const f = r.rows[0]
    return ok(req, { id: f.id, status: f.status, friendly_name: f.friendly_name ?? undefined, factor_type: f.factor_type })
  })
}
