import type { WebAuthnCredential } from '@simplewebauthn/server'
import type { Tx } from '../db.ts'
import type { AuthContext } from './context.ts'
import { AuthError } from './errors.ts'
import type { UserRow } from './users.ts'

/*
 * The WebAuthn relying party GoTrue configures (`[auth.webauthn]`: rp_id, rp_origins,
 * rp_display_name), shared by WebAuthn MFA factors (internal/api/mfa.go) and passkeys
 * (internal/api/passkey_*.go). Attestation and assertion checks are @simplewebauthn/server's; GoTrue
 * uses go-webauthn with the same rules (attestation "none", challenge, origin, RP ID hash, user
 * presence, signature with the stored COSE key).
 */

/** WebAuthn as GoTrue has it: MFA factors, passkey sign-in, and the relying party both use. */
export interface WebAuthnSettings {
  mfaEnroll: boolean
  mfaVerify: boolean
  passkeys: boolean
  /** empty: the site URL's host name */
  rpId: string
  /** empty: the site URL's origin */
  rpOrigins: string[]
  rpDisplayName: string
}

let lib: Promise<typeof import('@simplewebauthn/server')> | undefined
/** @simplewebauthn/server, loaded on first use: it takes about half a second to import, which every
 * stand-in start (each test file starts one) would pay for a feature that is off by default. */
export function webauthnLib(): Promise<typeof import('@simplewebauthn/server')> {
  return (lib ??= import('@simplewebauthn/server'))
}

export const base64url = {
  encode: (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url'),
  decode: (text: string) => new Uint8Array(Buffer.from(text, 'base64url')),
}

export interface RelyingParty {
  id: string
  origins: string[]
  name: string
}

/** GoTrue's WebAuthnChallengeExpiryDuration default */
export const WEBAUTHN_CHALLENGE_EXPIRY_S = 300

export function relyingParty(ctx: AuthContext, fallback?: { rpId?: string; rpOrigins?: string[] }): RelyingParty {
  const w = ctx.config.auth.webauthn
  const site = new URL(ctx.config.auth.siteUrl)
  return {
    id: w.rpId || fallback?.rpId || site.hostname,
    origins: w.rpOrigins.length ? w.rpOrigins : fallback?.rpOrigins?.length ? fallback.rpOrigins : [site.origin],
    name: w.rpDisplayName,
  }
}

/** GoTrue's User.WebAuthnID: the user's id as text, which authenticators echo as the user handle. */
export function webauthnUserId(user: UserRow): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(user.id)
}

/** webAuthnUser.WebAuthnName / WebAuthnDisplayName */
export function webauthnUserName(user: UserRow): { name: string; displayName: string } {
  const name = user.email || user.phone || ''
  const meta = (user.raw_user_meta_data ?? {}) as Record<string, unknown>
  return { name, displayName: typeof meta.name === 'string' && meta.name ? meta.name : name }
}

export interface PasskeyRow {
  id: string
  user_id: string
  credential_id: Buffer
  public_key: Buffer
  sign_count: string | number
  transports: string[]
  friendly_name: string
  created_at: Date
  last_used_at: Date | null
}

export function toCredential(row: PasskeyRow): WebAuthnCredential {
  return {
    id: base64url.encode(row.credential_id),
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.sign_count),
    transports: row.transports as WebAuthnCredential['transports'],
  }
}

export async function passkeysOf(tx: Tx, userId: string): Promise<PasskeyRow[]> {
  const r = await tx.query<PasskeyRow>('select * from auth.webauthn_credentials where user_id = $1 order by created_at', [userId])
  return r.rows
}

/** PasskeyListItem: friendly_name and last_used_at only when set */
export function passkeyJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: new Date(row.created_at).toISOString(),
    ...(row.last_used_at ? { last_used_at: new Date(row.last_used_at).toISOString() } : {}),
  }
}

export const webauthnErrors = {
  challengeNotFound: () => new AuthError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used'),
  challengeExpired: () => new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired'),
  invalidResponse: () => new AuthError(400, 'webauthn_verification_failed', 'Invalid credential response'),
  verificationFailed: () => new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed'),
  passkeyNotFound: () => new AuthError(404, 'validation_failed', 'Passkey not found'),
}
