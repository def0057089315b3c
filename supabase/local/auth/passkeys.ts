import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { callerClaims, loadCaller, obj, readJson, requireAdmin, str, type SignedInCaller } from './request.ts'
import { sessionAal, startSession } from './sessions.ts'
import { findUserById, isBanned, isEmailConfirmed } from './users.ts'
import {
  base64url,
  passkeyJson,
  passkeysOf,
  relyingParty,
  toCredential,
  webauthnErrors,
  webauthnUserId,
  webauthnUserName,
  webauthnLib,
  WEBAUTHN_CHALLENGE_EXPIRY_S,
  type PasskeyRow,
} from './webauthn-rp.ts'

/*
 * Passkeys as GoTrue serves them (internal/api/passkey_*.go, `[auth.passkey] enabled`): registration
 * options/verify for a signed-in user (discoverable credentials, attestation "none"), discoverable
 * sign-in options/verify (the user found by the user handle, a session with `passkey` in its amr),
 * list/rename/delete, and the admin's list/delete. Challenges live in auth.webauthn_challenges and are
 * consumed once, as GoTrue's ConsumeWebAuthnChallengeByID.
 */

const MAX_PASSKEYS = 10
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function requireEnabled(ctx: AuthContext): void {
  if (!ctx.config.auth.webauthn.passkeys) throw new AuthError(404, 'passkey_disabled', 'Passkeys are disabled')
}

async function caller(ctx: AuthContext, req: LocalRequest, tx: Tx): Promise<SignedInCaller> {
  return loadCaller(tx, await callerClaims(ctx.config, req))
}

/** requirePasskeyManagementAAL: with a verified factor, only an aal2 session manages passkeys */
async function requireManagementAal(tx: Tx, c: SignedInCaller): Promise<void> {
  const f = await tx.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [c.user.id])
  if (!f.rows[0]) return
  const aal = c.sessionId ? await sessionAal(tx, c.sessionId) : null
  if (aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled')
}

interface ChallengeRow {
  id: string
  user_id: string | null
  session_data: { challenge: string }
  expires_at: Date
}

function challengeParams(req: LocalRequest): { challengeId: string; credential: Record<string, unknown> } {
  const body = readJson(req)
  const challengeId = str(body.challenge_id) ?? ''
  const credential = obj(body.credential)
  if (!challengeId) throw errors.validation('challenge_id is required')
  if (!credential) throw errors.validation('credential is required')
  if (!UUID.test(challengeId)) throw errors.validation('challenge_id must be a valid UUID')
  return { challengeId, credential }
}

/** ConsumeWebAuthnChallengeByID, then the expiry check */
async function consumeChallenge(tx: Tx, id: string, type: string, userId: string | null): Promise<ChallengeRow> {
  const r = await tx.query<ChallengeRow>(
    `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3 returning *`,
    [id, type, userId],
  )
  const challenge = r.rows[0]
  if (!challenge) throw webauthnErrors.challengeNotFound()
  if (new Date(challenge.expires_at).getTime() < Date.now()) throw webauthnErrors.challengeExpired()
  return challenge
}

async function storeChallenge(tx: Tx, userId: string | null, type: string, challenge: string): Promise<{ id: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + WEBAUTHN_CHALLENGE_EXPIRY_S
  const r = await tx.query<{ id: string }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at) values ($1, $2, $3, to_timestamp($4)) returning id`,
    [userId, type, JSON.stringify({ challenge }), expiresAt],
  )
  return { id: r.rows[0].id, expiresAt }
}

/** POST /passkeys/registration/options */
export async function passkeyRegistrationOptions(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  return owner(ctx, async (tx) => {
    const c = await caller(ctx, req, tx)
    await requireManagementAal(tx, c)
    const existing = await passkeysOf(tx, c.user.id)
    if (existing.length >= MAX_PASSKEYS) throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached')
    const rp = relyingParty(ctx)
    const { name, displayName } = webauthnUserName(c.user)
    const options = await (await webauthnLib()).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: webauthnUserId(c.user),
      userName: name,
      userDisplayName: displayName,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: toCredential(p).id })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      timeout: WEBAUTHN_CHALLENGE_EXPIRY_S * 1000,
    })
    const stored = await storeChallenge(tx, c.user.id, 'registration', options.challenge)
    return ok(req, { challenge_id: stored.id, options, expires_at: stored.expiresAt })
  })
}

/** POST /passkeys/registration/verify */
export async function passkeyRegistrationVerify(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  const { challengeId, credential } = challengeParams(req)
  const consumed = await owner(ctx, async (tx) => {
    const c = await caller(ctx, req, tx)
    await requireManagementAal(tx, c)
    return { c, challenge: await consumeChallenge(tx, challengeId, 'registration', c.user.id) }
  })
  const rp = relyingParty(ctx)
  const verified = await (await webauthnLib()).verifyRegistrationResponse({
    response: credential as unknown as RegistrationResponseJSON,
    expectedChallenge: consumed.challenge.session_data.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verified?.verified) throw webauthnErrors.verificationFailed()
  const info = verified.registrationInfo
  return owner(ctx, async (tx) => {
    if ((await passkeysOf(tx, consumed.c.user.id)).length >= MAX_PASSKEYS) {
      throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached')
    }
    const r = await tx.query<PasskeyRow>(
      `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (credential_id) do nothing returning *`,
      [
        consumed.c.user.id,
        Buffer.from(base64url.decode(info.credential.id)),
        Buffer.from(info.credential.publicKey),
        info.fmt,
        info.aaguid,
        info.credential.counter,
        JSON.stringify(info.credential.transports ?? []),
        info.credentialDeviceType === 'multiDevice',
        info.credentialBackedUp,
      ],
    )
    if (!r.rows[0]) throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered')
    const row = r.rows[0]
    return ok(req, { id: row.id, ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}), created_at: new Date(row.created_at).toISOString() })
  })
}

/** POST /passkeys/authentication/options: discoverable login, no allowCredentials */
export async function passkeyAuthenticationOptions(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  const rp = relyingParty(ctx)
  const options = await (await webauthnLib()).generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: WEBAUTHN_CHALLENGE_EXPIRY_S * 1000 })
  return owner(ctx, async (tx) => {
    const stored = await storeChallenge(tx, null, 'authentication', options.challenge)
    return ok(req, { challenge_id: stored.id, options, expires_at: stored.expiresAt })
  })
}

/** POST /passkeys/authentication/verify: a session for the user whose passkey signed the challenge */
export async function passkeyAuthenticationVerify(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  const { challengeId, credential } = challengeParams(req)
  const challenge = await owner(ctx, (tx) => consumeChallenge(tx, challengeId, 'authentication', null))
  const response = credential as unknown as AuthenticationResponseJSON
  const rp = relyingParty(ctx)
  return owner(ctx, async (tx) => {
    // ValidatePasskeyLogin: the user handle names the user, the credential must be one of theirs
    let userId = ''
    try {
      userId = new TextDecoder().decode(base64url.decode(response.response?.userHandle ?? ''))
    } catch {
      throw webauthnErrors.verificationFailed()
    }
    const user = UUID.test(userId) ? await findUserById(tx, userId) : null
    const stored = user ? (await passkeysOf(tx, user.id)).find((p) => toCredential(p).id === response.id) : undefined
    if (!user || !stored) throw webauthnErrors.verificationFailed()
    const verified = await (await webauthnLib()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.session_data.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: toCredential(stored),
      requireUserVerification: false,
    }).catch(() => null)
    if (!verified?.verified) throw webauthnErrors.verificationFailed()
    if (user.email && !isEmailConfirmed(user)) throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed')
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
    await tx.query(`update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1`, [
      stored.id,
      verified.authenticationInfo.newCounter,
    ])
    return ok(req, await startSession(tx, ctx.config, user, 'passkey', { userAgent: req.headers['user-agent'], ip: req.ip }))
  })
}

/** GET /passkeys */
export async function passkeyList(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  return owner(ctx, async (tx) => ok(req, (await passkeysOf(tx, (await caller(ctx, req, tx)).user.id)).map(passkeyJson)))
}

function passkeyIdOf(req: LocalRequest, index: number): string {
  const id = decodeURIComponent(req.path.split('/')[index] ?? '')
  if (!UUID.test(id)) throw webauthnErrors.passkeyNotFound()
  return id
}

/** PATCH /passkeys/{id} {friendly_name} */
export async function passkeyUpdate(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  return owner(ctx, async (tx) => {
    const c = await caller(ctx, req, tx)
    const id = passkeyIdOf(req, 2)
    const name = str(readJson(req).friendly_name) ?? ''
    if (!name) throw errors.validation('friendly_name is required')
    if (name.length > 120) throw errors.validation('friendly_name must be 120 characters or less')
    const r = await tx.query<PasskeyRow>(
      `update auth.webauthn_credentials set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2 returning *`,
      [id, c.user.id, name],
    )
    if (!r.rows[0]) throw webauthnErrors.passkeyNotFound()
    return ok(req, passkeyJson(r.rows[0]))
  })
}

/** DELETE /passkeys/{id} */
export async function passkeyDelete(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  return owner(ctx, async (tx) => {
    const c = await caller(ctx, req, tx)
    await requireManagementAal(tx, c)
    const r = await tx.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [passkeyIdOf(req, 2), c.user.id])
    if (!r.rows[0]) throw webauthnErrors.passkeyNotFound()
    return { status: 204, headers: {}, body: null }
  })
}

async function adminTarget(ctx: AuthContext, req: LocalRequest, tx: Tx): Promise<string> {
  const userId = decodeURIComponent(req.path.split('/')[3] ?? '')
  if (!UUID.test(userId)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  if (!(await findUserById(tx, userId))) throw new AuthError(404, 'user_not_found', 'User not found')
  return userId
}

/** GET /admin/users/{id}/passkeys */
export async function adminPasskeyList(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  await requireAdmin(ctx.config, req)
  return owner(ctx, async (tx) => ok(req, (await passkeysOf(tx, await adminTarget(ctx, req, tx))).map(passkeyJson)))
}

/** DELETE /admin/users/{id}/passkeys/{passkeyId} */
export async function adminPasskeyDelete(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  requireEnabled(ctx)
  await requireAdmin(ctx.config, req)
  return owner(ctx, async (tx) => {
    const userId = await adminTarget(ctx, req, tx)
    const r = await tx.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [passkeyIdOf(req, 5), userId])
    if (!r.rows[0]) throw webauthnErrors.passkeyNotFound()
    return { status: 204, headers: {}, body: null }
  })
}
