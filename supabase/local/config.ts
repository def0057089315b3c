import path from 'node:path'
import { SignJWT, type JWK } from 'jose'
import { importSigningKeys, signingKeysFromToml, type SigningKey } from './signing-keys.ts'
import { apiSettingsFromToml, authSettingsFromToml, isCaptchaProvider, seedFilesFromToml } from './config-file.ts'
import type { EmailTemplates } from './auth/templates.ts'
import type { WebAuthnSettings } from './auth/webauthn-rp.ts'

/** The Supabase CLI's well-known local secret and keys (public knowledge; local use only). */
export const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const CLI_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const CLI_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const CLI_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const CLI_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

/** GoTrue's per-address limits (`[auth.rate_limit]` in config.toml); windows as GoTrue has them. */
export interface RateLimits {
  /** sign-ups and password sign-ins per 5 minutes (anonymous sign-ins excluded) */
  signInSignUps: number
  /** OTP / magic-link / token-hash verifications per 5 minutes */
  tokenVerifications: number
  /** anonymous sign-ins per hour */
  anonymousUsers: number
  /** refresh-token grants per 5 minutes */
  tokenRefresh: number
  /**
   * OTP, magic-link, recovery and resend requests, and PUT /user, per 5 minutes, each route its own
   * bucket (GoTrue's RATE_LIMIT_OTP, which the CLI fills from `sign_in_sign_ups`)
   */
  otp: number
  /**
   * mails per hour, all addresses together (GoTrue's RATE_LIMIT_EMAIL_SENT, `email_sent`); no limit
   * unless configured, so test stand-ins without a config file send what their tests need
   */
  emailSent: number
}

export type CaptchaProvider = 'hcaptcha' | 'turnstile'

/**
 * GoTrue's CAPTCHA protection (GOTRUE_SECURITY_CAPTCHA_*, `[auth.captcha]` in config.toml): off
 * unless enabled; then the protected routes want `gotrue_meta_security.captcha_token` and check it
 * with the provider (`auth/captcha.ts`).
 */
export interface CaptchaSettings {
  enabled: boolean
  /** GoTrue's default is hcaptcha */
  provider: CaptchaProvider
  /** the provider's secret key, sent as `secret` */
  secret: string
  /** the siteverify URL; null: the provider's own (tests point it at a local fake) */
  verifyUrl: string | null
  /** the whole verification call, as GoTrue's GOTRUE_SECURITY_CAPTCHA_TIMEOUT (10 s) */
  timeoutMs: number
}

export interface AuthSettings {
  /** mailer autoconfirm: sign-up returns a session at once (Supabase CLI default) */
  autoconfirm: boolean
  /** `[auth] enable_signup`: off, no new account is made by sign-up, anonymous sign-in or OTP (GoTrue's DisableSignup) */
  signupEnabled: boolean
  anonymousSignIns: boolean
  minPasswordLength: number
  jwtExpiry: number
  refreshTokenReuseInterval: number
  /** password sign-ins per email and per address per window */
  signInRateLimit: { max: number; windowMs: number }
  siteUrl: string
  additionalRedirectUrls: string[]
  /** GoTrue's per-address limits */
  rateLimits: RateLimits
  /**
   * Take the caller's address from X-Forwarded-For (the right-most entry). Off by default: anyone
   * can send that header, so trusting it lets a client pick a new address per attempt.
   */
  trustProxy: boolean
  /** `secure_password_change`: a password change on a session older than 24 h needs a reauthentication nonce */
  securePasswordChange: boolean
  captcha: CaptchaSettings
  /** `[auth.email.template.*]`: subjects and bodies that replace the default mails */
  emailTemplates: EmailTemplates
  /** `[auth.mfa.web_authn]`, `[auth.passkey]` and `[auth.webauthn]` (the relying party) */
  webauthn: WebAuthnSettings
  /** `[auth.oauth_server] enabled`: GoTrue's OAuth 2.1 server (the stand-in serves its admin client API) */
  oauthServer: boolean
}

export type AuthSettingsInput = Partial<Omit<AuthSettings, 'rateLimits' | 'captcha'>> & {
  rateLimits?: Partial<RateLimits>
  captcha?: Partial<CaptchaSettings>
}

export interface StandInConfig {
  host: string
  port: number
  /** set once the server listens (port 0 resolves to a real one) */
  publicUrl: string
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
  /** null: in memory */
  dataDir: string | null
  migrationsDir: string
  /** the seed files, applied in order in one transaction on a fresh database ([db.seed] sql_paths) */
  seedFiles: string[]
  auth: AuthSettings
  /** schemas PostgREST exposes */
  exposedSchemas: string[]
  /** PostgREST db-max-rows */
  maxRows: number
  /** PostgREST db-aggregates-enabled from PGRST_DB_AGGREGATES_ENABLED (in-database settings override it: rest/settings.ts) */
  dbAggregatesEnabled: boolean
  /** PostgREST db-plan-enabled from PGRST_DB_PLAN_ENABLED (same) */
  dbPlanEnabled: boolean
  quiet: boolean
  /** `[auth] signing_keys_path`: asymmetric keys (signing-keys.ts); empty: HS256 with jwtSecret only */
  signingKeys: SigningKey[]
}

/** `[api]` of config.toml: what PostgREST exposes. */
export interface ApiSettingsInput {
  /** PostgREST db-schemas; the first is the default profile */
  schemas?: string[]
  /** PostgREST db-max-rows */
  maxRows?: number
}

export interface ConfigInput {
  host?: string
  port?: number
  dataDir?: string | null
  migrationsDir?: string
  /** one seed file instead of config.toml's `[db.seed]`; null: none */
  seedFile?: string | null
  /** the project folder, as `supabase --workdir`: its supabase/config.toml, migrations and seed (default: the current folder) */
  workdir?: string
  /** supabase/config.toml by default; null reads no file (the built-in defaults, the Supabase CLI's) */
  configFile?: string | null
  auth?: AuthSettingsInput
  /** private JWKs instead of config.toml's `[auth] signing_keys_path` */
  signingKeys?: JWK[]
  /** overrides `[api]` of the config file */
  api?: ApiSettingsInput
  quiet?: boolean
  env?: Record<string, string | undefined>
}

async function signKey(secret: string, role: string): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(1983812996)
    .sign(new TextEncoder().encode(secret))
}

/** The Supabase CLI's defaults (what a project without config.toml settings gets). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInSignUps: 30,
  tokenVerifications: 30,
  anonymousUsers: 30,
  tokenRefresh: 150,
  otp: 30,
  emailSent: Number.POSITIVE_INFINITY,
}

export const DEFAULT_CAPTCHA: CaptchaSettings = {
  enabled: false,
  provider: 'hcaptcha',
  secret: '',
  verifyUrl: null,
  timeoutMs: 10_000,
}

/**
 * Settings, later ones winning: the built-in defaults (the Supabase CLI's), `[auth]` of
 * `supabase/config.toml`, the environment, then `input.auth`.
 * Env overrides: SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY,
 * SUPABASE_LOCAL_SITE_URL, SUPABASE_LOCAL_AUTOCONFIRM=true|false, SUPABASE_LOCAL_ANONYMOUS=false,
 * SUPABASE_LOCAL_TRUST_PROXY=true, SUPABASE_LOCAL_CAPTCHA_ENABLED=true|false, SUPABASE_LOCAL_CAPTCHA_PROVIDER,
 * SUPABASE_LOCAL_CAPTCHA_SECRET, SUPABASE_LOCAL_CAPTCHA_VERIFY_URL. With a new secret and no keys, keys
 * are signed with that secret.
 */
export async function resolveConfig(input: ConfigInput = {}): Promise<StandInConfig> {
  const env = input.env ?? process.env
  const jwtSecret = env.SUPABASE_LOCAL_JWT_SECRET || CLI_JWT_SECRET
  const customSecret = jwtSecret !== CLI_JWT_SECRET
  const anonKey = env.SUPABASE_LOCAL_ANON_KEY || (customSecret ? await signKey(jwtSecret, 'anon') : CLI_ANON_KEY)
  const serviceRoleKey =
    env.SUPABASE_LOCAL_SERVICE_ROLE_KEY ||
    (customSecret ? await signKey(jwtSecret, 'service_role') : CLI_SERVICE_ROLE_KEY)
  const host = input.host ?? '127.0.0.1'
  const port = input.port ?? 54321
  const root = input.workdir ? path.resolve(input.workdir) : process.cwd()
  const configFile = input.configFile === undefined ? path.join(root, 'supabase', 'config.toml') : input.configFile
  const api = { ...(configFile ? apiSettingsFromToml(configFile) : {}), ...input.api }
  return {
    host,
    port,
    publicUrl: `http://${host}:${port}`,
    jwtSecret,
    anonKey,
    serviceRoleKey,
    publishableKey: env.SUPABASE_LOCAL_PUBLISHABLE_KEY || CLI_PUBLISHABLE_KEY,
    secretKey: env.SUPABASE_LOCAL_SECRET_KEY || CLI_SECRET_KEY,
    dataDir: input.dataDir === undefined ? path.join(root, '.supabase-local', 'data') : input.dataDir,
    migrationsDir: input.migrationsDir ?? path.join(root, 'supabase', 'migrations'),
    seedFiles: input.seedFile === undefined ? seedFilesFromToml(configFile, path.join(root, 'supabase')) : input.seedFile ? [input.seedFile] : [],
    auth: authSettings(input, env, configFile),
    // the Supabase CLI's defaults when config.toml says nothing
    exposedSchemas: api.schemas ?? ['public', 'graphql_public'],
    maxRows: api.maxRows ?? 1000,
    ...restFlags(env),
    quiet: input.quiet ?? false,
    signingKeys: await importSigningKeys(input.signingKeys ?? signingKeysFromToml(configFile)),
  }
}

function restFlags(env: Record<string, string | undefined>): { dbAggregatesEnabled: boolean; dbPlanEnabled: boolean } {
  const on = (v: string | undefined) => ['true', 'on', 'yes', '1'].includes((v ?? '').trim().toLowerCase())
  return { dbAggregatesEnabled: on(env.PGRST_DB_AGGREGATES_ENABLED), dbPlanEnabled: on(env.PGRST_DB_PLAN_ENABLED) }
}

function authSettings(input: ConfigInput, env: Record<string, string | undefined>, configFile: string | null): AuthSettings {
  const fromFile = configFile ? authSettingsFromToml(configFile, env) : {}
  const fromEnv: AuthSettingsInput = {}
  if (env.SUPABASE_LOCAL_AUTOCONFIRM === 'false' || env.SUPABASE_LOCAL_AUTOCONFIRM === 'true') {
    fromEnv.autoconfirm = env.SUPABASE_LOCAL_AUTOCONFIRM === 'true'
  }
  if (env.SUPABASE_LOCAL_ANONYMOUS === 'false') fromEnv.anonymousSignIns = false
  if (env.SUPABASE_LOCAL_TRUST_PROXY === 'true') fromEnv.trustProxy = true
  if (env.SUPABASE_LOCAL_SITE_URL) fromEnv.siteUrl = env.SUPABASE_LOCAL_SITE_URL
  const { rateLimits: fileLimits, captcha: fileCaptcha, ...fileRest } = fromFile
  const { rateLimits: inputLimits, captcha: inputCaptcha, ...inputRest } = input.auth ?? {}
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...fileLimits, ...inputLimits }
  const captcha = captchaSettings(fileCaptcha, captchaFromEnv(env), inputCaptcha)
  const merged = {
    autoconfirm: true,
    signupEnabled: true,
    anonymousSignIns: true,
    minPasswordLength: 6,
    jwtExpiry: 3600,
    refreshTokenReuseInterval: 10,
    siteUrl: 'http://127.0.0.1:3000',
    additionalRedirectUrls: [] as string[],
    trustProxy: false,
    securePasswordChange: false,
    emailTemplates: {} as EmailTemplates,
    // the CLI's defaults: WebAuthn MFA, passkeys and the OAuth server off
    webauthn: { mfaEnroll: false, mfaVerify: false, passkeys: false, rpId: '', rpOrigins: [] as string[], rpDisplayName: 'Supabase' },
    oauthServer: false,
    ...fileRest,
    ...fromEnv,
    ...inputRest,
  }
  return {
    ...merged,
    rateLimits,
    captcha,
    // per email and per address; GoTrue counts password sign-ins under sign_in_sign_ups
    signInRateLimit: inputRest.signInRateLimit ?? { max: rateLimits.signInSignUps, windowMs: 5 * 60_000 },
  }
}

function captchaFromEnv(env: Record<string, string | undefined>): Partial<CaptchaSettings> {
  const out: Partial<CaptchaSettings> = {}
  const enabled = env.SUPABASE_LOCAL_CAPTCHA_ENABLED
  if (enabled === 'true' || enabled === 'false') out.enabled = enabled === 'true'
  if (env.SUPABASE_LOCAL_CAPTCHA_PROVIDER) {
    if (!isCaptchaProvider(env.SUPABASE_LOCAL_CAPTCHA_PROVIDER)) {
      throw new Error(`SUPABASE_LOCAL_CAPTCHA_PROVIDER must be hcaptcha or turnstile, not "${env.SUPABASE_LOCAL_CAPTCHA_PROVIDER}"`)
    }
    out.provider = env.SUPABASE_LOCAL_CAPTCHA_PROVIDER
  }
  if (env.SUPABASE_LOCAL_CAPTCHA_SECRET) out.secret = env.SUPABASE_LOCAL_CAPTCHA_SECRET
  if (env.SUPABASE_LOCAL_CAPTCHA_VERIFY_URL) out.verifyUrl = env.SUPABASE_LOCAL_CAPTCHA_VERIFY_URL
  return out
}

/**
 * The file, the environment, then the options; checked as GoTrue checks it at start-up
 * (CaptchaConfiguration.Validate): only when enabled, a known provider and a non-empty secret.
 */
function captchaSettings(...layers: (Partial<CaptchaSettings> | undefined)[]): CaptchaSettings {
  const c: CaptchaSettings = { ...DEFAULT_CAPTCHA }
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer ?? {})) if (v !== undefined) Object.assign(c, { [k]: v })
  }
  c.secret = c.secret.trim()
  if (!c.enabled) return c
  if (!isCaptchaProvider(c.provider)) throw new Error(`unsupported captcha provider: ${String(c.provider)}`)
  if (!c.secret) {
    throw new Error('captcha provider secret is empty: set [auth.captcha] secret (or SUPABASE_LOCAL_CAPTCHA_SECRET)')
  }
  if (c.verifyUrl) {
    try {
      new URL(c.verifyUrl)
    } catch {
      throw new Error(`captcha verify URL is not a URL: ${c.verifyUrl}`)
    }
  }
  if (!(c.timeoutMs > 0)) throw new Error(`captcha timeout must be positive, not ${c.timeoutMs}`)
  return c
}
