import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { z } from 'zod'
import type { ApiSettingsInput, AuthSettingsInput, CaptchaProvider, CaptchaSettings, RateLimits } from './config.ts'
import type { WebAuthnSettings } from './auth/webauthn-rp.ts'
import { TEMPLATE_NAMES, type EmailTemplates } from './auth/templates.ts'

/** `[api]` keys the stand-in honours; PostgREST identifiers are plain names (its `db-schemas` list). */
const ApiSection = z.object({
  schemas: z.array(z.string().trim().min(1)).min(1).optional(),
  max_rows: z.number().int().positive().optional(),
})

/**
 * The `[api]` part of `supabase/config.toml`: `schemas` (PostgREST's db-schemas, the first one the
 * default profile) and `max_rows` (db-max-rows). Only keys present are returned.
 */
/**
 * `[db.seed]` as the CLI reads it: `enabled = false` applies no seed; `sql_paths` (default
 * `["./seed.sql"]`) are relative to the supabase/ folder, applied in order; a file name may hold `*`
 * (matched in that folder, in name order, as the CLI's globs). Missing files are skipped, as the CLI does.
 */
export function seedFilesFromToml(file: string | null, supabaseDir: string): string[] {
  const toml = file && existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
  const seed = record(record(toml.db).seed)
  if (seed.enabled === false) return []
  const paths = Array.isArray(seed.sql_paths) ? seed.sql_paths.filter((p): p is string => typeof p === 'string') : ['./seed.sql']
  const files: string[] = []
  for (const entry of paths) {
    const full = path.resolve(supabaseDir, entry)
    if (!path.basename(full).includes('*')) {
      files.push(full)
      continue
    }
    const dir = path.dirname(full)
    const pattern = new RegExp(`^${path.basename(full).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`)
    if (existsSync(dir)) files.push(...readdirSync(dir).filter((name) => pattern.test(name)).sort().map((name) => path.join(dir, name)))
  }
  return [...new Set(files)]
}

export function apiSettingsFromToml(file: string): ApiSettingsInput {
  if (!existsSync(file)) return {}
  const toml = parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const parsed = ApiSection.safeParse(record(toml.api))
  if (!parsed.success) {
    throw new Error(`supabase/config.toml [api]: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  }
  const out: ApiSettingsInput = {}
  if (parsed.data.schemas) out.schemas = parsed.data.schemas
  if (parsed.data.max_rows) out.maxRows = parsed.data.max_rows
  return out
}

/**
 * The `[auth]` part of `supabase/config.toml` as stand-in settings: the same file the Supabase CLI
 * deploys, so local behaviour follows the project's configuration (confirmations, secure password
 * change, rate limits, site URL, CAPTCHA) instead of defaults of our own. Only keys present are
 * returned. `env` resolves the CLI's `env(NAME)` values.
 */
export function authSettingsFromToml(file: string, env: Record<string, string | undefined> = process.env): AuthSettingsInput {
  if (!existsSync(file)) return {}
  const toml = parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const auth = record(toml.auth)
  const email = record(auth.email)
  const limits = record(auth.rate_limit)
  const out: AuthSettingsInput = {}
  if (typeof email.enable_confirmations === 'boolean') out.autoconfirm = !email.enable_confirmations
  if (typeof email.secure_password_change === 'boolean') out.securePasswordChange = email.secure_password_change
  if (typeof auth.enable_anonymous_sign_ins === 'boolean') out.anonymousSignIns = auth.enable_anonymous_sign_ins
  if (typeof auth.enable_signup === 'boolean') out.signupEnabled = auth.enable_signup
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
  if (auth.captcha !== undefined) out.captcha = captchaFromToml(record(auth.captcha), env)
  if (email.template !== undefined) out.emailTemplates = templatesFromToml(record(email.template), file)
  const webauthn = webauthnFromToml(auth)
  if (webauthn) out.webauthn = webauthn
  if (typeof record(auth.oauth_server).enabled === 'boolean') out.oauthServer = record(auth.oauth_server).enabled as boolean
  return out
}

/** `[auth.mfa.web_authn]` enroll/verify, `[auth.passkey] enabled`, `[auth.webauthn]` rp_id, rp_origins, rp_display_name */
function webauthnFromToml(auth: Record<string, unknown>): WebAuthnSettings | undefined {
  const mfa = record(record(auth.mfa).web_authn)
  const passkey = record(auth.passkey)
  const rp = record(auth.webauthn)
  if (!Object.keys(mfa).length && !Object.keys(passkey).length && !Object.keys(rp).length) return undefined
  return {
    mfaEnroll: mfa.enroll_enabled === true,
    mfaVerify: mfa.verify_enabled === true,
    passkeys: passkey.enabled === true,
    rpId: typeof rp.rp_id === 'string' ? rp.rp_id : '',
    rpOrigins: Array.isArray(rp.rp_origins) ? rp.rp_origins.filter((o): o is string => typeof o === 'string') : [],
    rpDisplayName: typeof rp.rp_display_name === 'string' ? rp.rp_display_name : 'Supabase',
  }
}

/**
 * `[auth.email.template.<name>]`: `subject` and `content_path`, a path from the project's root (the
 * folder holding supabase/), read now as the CLI reads it. An unknown name or a missing file stops
 * start-up with the reason (the CLI refuses both too).
 */
function templatesFromToml(section: Record<string, unknown>, file: string): EmailTemplates {
  const root = path.dirname(path.dirname(path.resolve(file)))
  const out: EmailTemplates = {}
  for (const [name, value] of Object.entries(section)) {
    if (!(TEMPLATE_NAMES as readonly string[]).includes(name)) {
      throw new Error(`supabase/config.toml [auth.email.template.${name}]: not a template GoTrue knows (${TEMPLATE_NAMES.join(', ')})`)
    }
    const entry = record(value)
    const template: { subject?: string; content?: string } = {}
    if (typeof entry.subject === 'string') template.subject = entry.subject
    if (typeof entry.content_path === 'string') {
      const contentPath = path.resolve(root, entry.content_path)
      if (!existsSync(contentPath)) throw new Error(`supabase/config.toml [auth.email.template.${name}] content_path: no file at ${entry.content_path}`)
      template.content = readFileSync(contentPath, 'utf8')
    }
    out[name as keyof EmailTemplates] = template
  }
  return out
}

/**
 * `[auth.captcha]`: `enabled`, `provider` (hcaptcha | turnstile, refused otherwise as the CLI does)
 * and `secret`, usually `env(NAME)`. The CLI sends an unset `env(NAME)` on verbatim with a warning;
 * here it counts as no secret, so an enabled CAPTCHA without one stops start-up (GoTrue's rule).
 */
function captchaFromToml(captcha: Record<string, unknown>, env: Record<string, string | undefined>): Partial<CaptchaSettings> {
  const out: Partial<CaptchaSettings> = {}
  if (typeof captcha.enabled === 'boolean') out.enabled = captcha.enabled
  if (typeof captcha.provider === 'string') {
    const provider = fromEnv(captcha.provider, env)
    if (!isCaptchaProvider(provider)) {
      throw new Error(`supabase/config.toml [auth.captcha] provider must be one of hcaptcha, turnstile, not "${provider}"`)
    }
    out.provider = provider
  }
  if (typeof captcha.secret === 'string') {
    const secret = fromEnv(captcha.secret, env)
    const unset = ENV_REF.exec(secret)
    if (unset && out.enabled) console.warn(`[supabase-local] WARN: environment variable is unset: ${unset[1]} ([auth.captcha] secret)`)
    out.secret = unset ? '' : secret
  }
  return out
}

export function isCaptchaProvider(value: unknown): value is CaptchaProvider {
  return value === 'hcaptcha' || value === 'turnstile'
}

/** The CLI's `env(NAME)`: the variable's value when set and not empty, else the text as written. */
const ENV_REF = /^env\((.*)\)$/

function fromEnv(value: string, env: Record<string, string | undefined>): string {
  const m = ENV_REF.exec(value)
  return m && env[m[1]] ? env[m[1]]! : value
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}
