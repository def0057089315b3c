import path from 'node:path'
import { SignJWT } from 'jose'

/** The Supabase CLI's well-known local secret and keys (public knowledge; local use only). */
export const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const CLI_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const CLI_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const CLI_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const CLI_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export interface AuthSettings {
  /** mailer autoconfirm: sign-up returns a session at once (Supabase CLI default) */
  autoconfirm: boolean
  anonymousSignIns: boolean
  minPasswordLength: number
  jwtExpiry: number
  refreshTokenReuseInterval: number
  /** password sign-ins per email and per address per window */
  signInRateLimit: { max: number; windowMs: number }
  siteUrl: string
  additionalRedirectUrls: string[]
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
  seedFile: string | null
  auth: AuthSettings
  /** schemas PostgREST exposes */
  exposedSchemas: string[]
  /** PostgREST db-max-rows */
  maxRows: number
  quiet: boolean
}

export interface ConfigInput {
  host?: string
  port?: number
  dataDir?: string | null
  migrationsDir?: string
  seedFile?: string | null
  auth?: Partial<AuthSettings>
  quiet?: boolean
  env?: Record<string, string | undefined>
}

async function signKey(secret: string, role: string): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(1983812996)
    .sign(new TextEncoder().encode(secret))
}

/**
 * Env overrides: SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY,
 * SUPABASE_LOCAL_SITE_URL, SUPABASE_LOCAL_AUTOCONFIRM=false, SUPABASE_LOCAL_ANONYMOUS=false.
 * With a new secret and no keys, keys are signed with that secret.
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
  const root = process.cwd()
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
    seedFile: input.seedFile === undefined ? path.join(root, 'supabase', 'seed.sql') : input.seedFile,
    auth: {
      autoconfirm: env.SUPABASE_LOCAL_AUTOCONFIRM !== 'false',
      anonymousSignIns: env.SUPABASE_LOCAL_ANONYMOUS !== 'false',
      minPasswordLength: 6,
      jwtExpiry: 3600,
      refreshTokenReuseInterval: 10,
      signInRateLimit: { max: 30, windowMs: 5 * 60_000 },
      siteUrl: env.SUPABASE_LOCAL_SITE_URL || 'http://127.0.0.1:3000',
      additionalRedirectUrls: [],
      ...input.auth,
    },
    exposedSchemas: ['public', 'graphql_public'],
    maxRows: 1000,
    quiet: input.quiet ?? false,
  }
}
