import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { callerClaims, readJson, requireAdmin, str } from './request.ts'

/*
 * What GoTrue answers for what the stand-in's projects have switched off (the Supabase CLI's
 * defaults: no SAML, no manual linking, no web3 or id_token providers, no phone provider), word
 * for word, so an app sees the platform's refusal rather than a 404 of the stand-in's own.
 * Sources: internal/api/middleware.go (requireSAMLEnabled, requireManualLinkingEnabled), web3.go,
 * token_oidc.go, verify.go (verifyUserAndToken) and utilities (validatePhone).
 */

/** /sso…: requireSAMLEnabled. */
export async function ssoDisabled(): Promise<LocalResponse> {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
}

/** /oauth/…, /.well-known/oauth-authorization-server: requireOAuthServerEnabled. */
export async function oauthServerDisabled(): Promise<LocalResponse> {
  throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled')
}

/** /admin/oauth/…: the administrator is checked first (adminAuth), then requireOAuthServerEnabled. */
export async function adminOAuthServerDisabled(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  return oauthServerDisabled()
}

/** /user/identities…: requireAuthentication, then requireManualLinkingEnabled. */
export async function manualLinkingDisabled(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await callerClaims(ctx.config, req)
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled')
}

/** POST /token?grant_type=web3: no chain enabled. */
export function web3Grant(): never {
  throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled')
}

// the built-in OIDC providers whose issuer GoTrue fixes (provider/*.go), named in its refusal; the
// others (apple, azure, keycloak) take it from the token or the configuration
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
}

/** POST /token?grant_type=id_token: the request is checked (OAuth errors), then the provider is not enabled. */
export function idTokenGrant(req: LocalRequest): LocalResponse {
  const body = readJson(req)
  if (!str(body.id_token)) return ok(req, { error: 'invalid_request', error_description: 'id_token required' }, 400)
  const provider = str(body.provider)
  const issuer = str(body.issuer)
  if (!provider && !(str(body.client_id) && issuer)) {
    return ok(req, { error: 'invalid_request', error_description: 'provider or client_id and issuer required' }, 400)
  }
  if (provider?.startsWith('custom:')) throw new AuthError(400, 'validation_failed', 'Custom OAuth providers are disabled')
  const named = provider ? ID_TOKEN_ISSUERS[provider] : undefined
  throw new AuthError(400, 'provider_disabled', `Provider (issuer "${named ?? issuer ?? ''}") is not enabled`)
}

/** POST /verify of a phone code (`sms`, `phone_change`): no account has a phone here. */
export function verifyPhone(body: Record<string, unknown>): never {
  const token = str(body.token)
  const hash = str(body.token_hash)
  if ((!token && !hash) || (token && hash)) throw errors.validation('Verify requires either a token or a token hash')
  if (token) {
    // formatPhoneNumber: only a leading "+" and spaces go; anything else left makes it invalid
    const digits = (str(body.phone) ?? '').replace(/^\+/, '').replaceAll(' ', '')
    if (!/^[1-9][0-9]{1,14}$/.test(digits)) throw errors.validation('Invalid phone number format (E.164 required)')
  }
  throw errors.otpExpired()
}
