import { existsSync, readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import type { AuthSettingsInput, RateLimits } from './config.ts'

/**
 * The `[auth]` part of `supabase/config.toml` as stand-in settings: the same file the Supabase CLI
 * deploys, so local behaviour follows the project's configuration (confirmations, secure password
 * change, rate limits, site URL) instead of defaults of our own. Only keys present are returned.
 */
export function authSettingsFromToml(file: string): AuthSettingsInput {
  if (!existsSync(file)) return {}
  const toml = parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const auth = record(toml.auth)
  const email = record(auth.email)
  const limits = record(auth.rate_limit)
  const out: AuthSettingsInput = {}
  if (typeof email.enable_confirmations === 'boolean') out.autoconfirm = !email.enable_confirmations
  if (typeof email.secure_password_change === 'boolean') out.securePasswordChange = email.secure_password_change
  if (typeof auth.enable_anonymous_sign_ins === 'boolean') out.anonymousSignIns = auth.enable_anonymous_sign_ins
  if (isCount(auth.minimum_password_length)) out.minPasswordLength = auth.minimum_password_length
  if (isCount(auth.jwt_expiry)) out.jwtExpiry = auth.jwt_expiry
  if (isCount(auth.refresh_token_reuse_interval)) out.refreshTokenReuseInterval = auth.refresh_token_reuse_interval
  if (typeof auth.site_url === 'string') out.siteUrl = auth.site_url
  if (Array.isArray(auth.additional_redirect_urls)) {
    out.additionalRedirectUrls = auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string')
  }
  const rateLimits: Partial<RateLimits> = {}
  // the CLI passes sign_in_sign_ups as GOTRUE_RATE_LIMIT_OTP: sign-ups and the mail-sending routes
  if (isCount(limits.sign_in_sign_ups)) rateLimits.signInSignUps = rateLimits.otp = limits.sign_in_sign_ups
  if (isCount(limits.token_verifications)) rateLimits.tokenVerifications = limits.token_verifications
  if (isCount(limits.anonymous_users)) rateLimits.anonymousUsers = limits.anonymous_users
  if (isCount(limits.token_refresh)) rateLimits.tokenRefresh = limits.token_refresh
  if (isCount(limits.email_sent)) rateLimits.emailSent = limits.email_sent
  if (Object.keys(rateLimits).length) out.rateLimits = rateLimits
  return out
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}
