import { randomUUID } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON, WebAuthnCredential } from '@simplewebauthn/server'
import type { Tx } from '../db.ts'
import type { LocalRequest } from '../http.ts'
import type { AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { obj, readJson, str, type SignedInCaller } from './request.ts'
import { upgradeSessionToAal2, type SessionJson } from './sessions.ts'
import { base64url, relyingParty, webauthnLib, webauthnUserId, webauthnUserName } from './webauthn-rp.ts'

/*
 * WebAuthn MFA factors (GoTrue internal/api/mfa.go: challengeWebAuthnFactor, verifyWebAuthnFactor):
 * an unverified factor is challenged with creation options ("create"), a verified one with request
 * options ("request") listing its credential; verify checks the response against the challenge kept
 * with it, stores the credential on the factor when it is new, and raises the session to aal2 with
 * `webauthn` in its amr.
 */

interface StoredCredential {
  id: string
  publicKey: string
  counter: number
  transports?: string[]
}

export interface WebAuthnFactor {
  id: string
  status: string
  web_authn_credential: StoredCredential | null
}

function rpFrom(ctx: AuthContext, webauthn: Record<string, unknown> | undefined) {
  const rpOrigins = Array.isArray(webauthn?.rpOrigins) ? webauthn.rpOrigins.filter((o): o is string => typeof o === 'string') : undefined
  return relyingParty(ctx, { rpId: str(webauthn?.rpId), rpOrigins })
}

function toCredential(c: StoredCredential): WebAuthnCredential {
  return { id: c.id, publicKey: base64url.decode(c.publicKey), counter: c.counter, transports: c.transports as WebAuthnCredential['transports'] }
}

/** The challenge row and the response body for POST /factors/{id}/challenge of a WebAuthn factor. */
export async function webauthnChallenge(ctx: AuthContext, req: LocalRequest, tx: Tx, caller: SignedInCaller, factor: WebAuthnFactor, ip: string) {
  if (!ctx.config.auth.webauthn.mfaVerify) throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn')
  const rp = rpFrom(ctx, obj(readJson(req).webauthn))
  const verified = await tx.query<{ web_authn_credential: StoredCredential }>(
    `select web_authn_credential from auth.mfa_factors where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null`,
    [caller.user.id],
  )
  let type: 'create' | 'request'
  let options: { challenge: string }
  if (factor.status !== 'verified') {
    type = 'create'
    const { name, displayName } = webauthnUserName(caller.user)
    options = await (await webauthnLib()).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: webauthnUserId(caller.user),
      userName: name,
      userDisplayName: displayName,
      attestationType: 'none',
      excludeCredentials: verified.rows.map((r) => ({ id: r.web_authn_credential.id, transports: ['usb', 'nfc'] })),
    })
  } else {
    type = 'request'
    options = await (await webauthnLib()).generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: verified.rows.map((r) => ({ id: r.web_authn_credential.id })),
    })
  }
  const id = randomUUID()
  const r = await tx.query<{ created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data) values ($1, $2, now(), $3::inet, $4) returning created_at`,
    [id, factor.id, ip, JSON.stringify({ challenge: options.challenge, type, rp_id: rp.id, rp_origins: rp.origins })],
  )
  await tx.query(`update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1`, [factor.id])
  return { id, type: 'webauthn', webauthn: { type, credential_options: { publicKey: options } }, createdAt: new Date(r.rows[0].created_at) }
}

interface SessionData {
  challenge: string
  type: 'create' | 'request'
  rp_id: string
  rp_origins: string[]
}

/** verifyWebAuthnFactor, once the challenge has been validated (found, same address, not expired) */
export async function webauthnVerify(
  ctx: AuthContext,
  req: LocalRequest,
  tx: Tx,
  caller: SignedInCaller,
  factor: WebAuthnFactor,
  challenge: { id: string; web_authn_session_data: SessionData | null },
): Promise<SessionJson> {
  if (!ctx.config.auth.webauthn.mfaVerify) throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn')
  const params = obj(readJson(req).webauthn)
  if (!params) throw errors.validation('WebAuthn config required')
  const type = str(params.type)
  if (type !== 'create' && type !== 'request') throw errors.validation('WebAuthn type must be create or request')
  const response = obj(params.credential_response)
  if (!response) throw errors.validation('credential_response required')
  const session = challenge.web_authn_session_data
  if (!session) throw errors.validation('Invalid credential_response')
  const expected = { expectedChallenge: session.challenge, expectedOrigin: session.rp_origins, expectedRPID: session.rp_id, requireUserVerification: false }
  let credential: StoredCredential | null = null
  if (type === 'create') {
    const v = await (await webauthnLib()).verifyRegistrationResponse({ response: response as unknown as RegistrationResponseJSON, ...expected }).catch((err: Error) => {
      throw new AuthError(400, 'validation_failed', err.message)
    })
    if (!v.verified) throw errors.validation('Invalid credential_response')
    const c = v.registrationInfo.credential
    credential = { id: c.id, publicKey: base64url.encode(c.publicKey), counter: c.counter, transports: c.transports }
  } else {
    if (!factor.web_authn_credential) throw new AuthError(500, 'unexpected_failure', 'Failed to validate WebAuthn MFA response')
    const v = await (await webauthnLib()).verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      credential: toCredential(factor.web_authn_credential),
      ...expected,
    }).catch(() => null)
    if (!v?.verified) throw new AuthError(500, 'unexpected_failure', 'Failed to validate WebAuthn MFA response')
    credential = { ...factor.web_authn_credential, counter: v.authenticationInfo.newCounter }
  }
  await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id])
  await tx.query(
    `update auth.mfa_factors set status = 'verified', web_authn_credential = $2, last_webauthn_challenge_data = $3, updated_at = now() where id = $1`,
    [factor.id, JSON.stringify(credential), JSON.stringify({ type, challenge: session.challenge })],
  )
  const upgraded = await upgradeSessionToAal2(tx, ctx.config, caller.user, caller.sessionId, factor.id, 'webauthn')
  await tx.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'webauthn' and status = 'unverified'`, [caller.user.id])
  return upgraded
}
