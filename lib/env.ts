import { z } from 'zod'

/**
 * The environment, validated once. Only Supabase is required, and it defaults to the embedded
 * stand-in (supabase/local) with the Supabase CLI's well-known local keys, so a fresh clone runs
 * with no .env at all. Optional services validate their own keys where they are used.
 */

// The Supabase CLI's public local keys (same values as supabase/local/config.ts; duplicated so the
// browser bundle never imports the stand-in's server code).
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321'
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const publicSchema = z.object({
  NEXT_PUBLIC_SUPABASE_URL: z.preprocess(blankToUndefined, z.url().default(LOCAL_SUPABASE_URL)),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.preprocess(blankToUndefined, z.string().min(20).default(LOCAL_ANON_KEY)),
})

const serverSchema = publicSchema.extend({
  SUPABASE_SERVICE_ROLE_KEY: z.preprocess(blankToUndefined, z.string().min(20).optional()),
  // every link in an email starts here, never with a request's Host/Origin (docs/security.md)
  SITE_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // the header a trusted reverse proxy sets to the client's address; unset: no header is trusted
  CLIENT_ADDRESS_HEADER: z.preprocess(
    blankToUndefined,
    z.string().toLowerCase().regex(/^[a-z0-9-]{1,64}$/, 'a header name, like x-forwarded-for').optional(),
  ),
  // for X-Forwarded-For: how many proxies of ours append to it (the client is that many from the right)
  TRUSTED_PROXY_HOPS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10).default(1)),
  // multiplies the per-address auth limits, for many people behind one address (a test rig, an office)
  AUTH_ADDRESS_LIMIT_SCALE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(1)),
})

export type PublicEnv = z.infer<typeof publicSchema>

/*
 * Remotion Lambda (docs/renders.md): all six set = renders go to Lambda; none = the local worker.
 * Some but not all is a startup error, never a silent fall back to the other renderer. The two key
 * names are Remotion's own: @remotion/lambda reads them from the environment itself.
 */
export const LAMBDA_ENV_KEYS = [
  'REMOTION_LAMBDA_FUNCTION_NAME',
  'REMOTION_LAMBDA_REGION',
  'REMOTION_LAMBDA_SERVE_URL',
  'REMOTION_AWS_ACCESS_KEY_ID',
  'REMOTION_AWS_SECRET_ACCESS_KEY',
  'REMOTION_WEBHOOK_SECRET',
] as const

const lambdaSchema = z.object({
  REMOTION_LAMBDA_FUNCTION_NAME: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a Lambda function name, like remotion-render-4-0-527-mem2048mb-disk2048mb-240sec'),
  REMOTION_LAMBDA_REGION: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'an AWS region, like us-east-1'),
  REMOTION_LAMBDA_SERVE_URL: z.url({ protocol: /^https$/, message: 'the https:// URL deploySite printed (…/sites/…/index.html)' }),
  REMOTION_AWS_ACCESS_KEY_ID: z.string().regex(/^[A-Z0-9]{16,128}$/, 'an AWS access key id (AKIA…)'),
  REMOTION_AWS_SECRET_ACCESS_KEY: z.string().min(20, 'an AWS secret access key'),
  REMOTION_WEBHOOK_SECRET: z.string().min(32, 'at least 32 random characters (openssl rand -hex 32)'),
})

export type LambdaConfig = {
  functionName: string
  region: string
  serveUrl: string
  webhookSecret: string
}

/** The Lambda configuration, or null for the local worker. Throws when it is half set or invalid. */
export function lambdaConfig(env: Record<string, string | undefined> = process.env): LambdaConfig | null {
  const values = Object.fromEntries(LAMBDA_ENV_KEYS.map((key) => [key, blankToUndefined(env[key])]))
  const missing = LAMBDA_ENV_KEYS.filter((key) => values[key] === undefined)
  if (missing.length === LAMBDA_ENV_KEYS.length) return null
  if (missing.length) {
    throw new Error(
      `Invalid environment: Remotion Lambda is half configured. Set all of ${LAMBDA_ENV_KEYS.join(', ')} to render on Lambda, ` +
        `or none of them to render with the local worker. Missing: ${missing.join(', ')}`,
    )
  }
  const parsed = lambdaSchema.safeParse(values)
  if (!parsed.success) throw new Error(`Invalid environment: ${describe(parsed.error)}`)
  const v = parsed.data
  return { functionName: v.REMOTION_LAMBDA_FUNCTION_NAME, region: v.REMOTION_LAMBDA_REGION, serveUrl: v.REMOTION_LAMBDA_SERVE_URL, webhookSecret: v.REMOTION_WEBHOOK_SECRET }
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
}

/** For code that runs in the browser too. Next inlines NEXT_PUBLIC_* only when read literally. */
export function publicEnv(): PublicEnv {
  // read once: the values are fixed when the code is built or the server starts, and the first zod
  // parse in a browser costs tens of milliseconds on a page's start (npm run bench:editor-profile)
  if (checkedPublicEnv) return checkedPublicEnv
  const parsed = publicSchema.safeParse({
    NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
  })
  if (!parsed.success) throw new Error(`Invalid environment: ${describe(parsed.error)}`)
  // the browser keeps it; a server (and its tests) may change NEXT_PUBLIC_* between calls
  if (typeof window !== 'undefined') checkedPublicEnv = parsed.data
  return parsed.data
}
let checkedPublicEnv: PublicEnv | undefined

/** True when the app talks to the embedded stand-in rather than a hosted project. */
export function isLocalSupabase(url = publicEnv().NEXT_PUBLIC_SUPABASE_URL): boolean {
  const { hostname } = new URL(url)
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '::1' || hostname === '[::1]'
}

/**
 * Whether Storage's image transformations may be used (`SUPABASE_IMAGE_TRANSFORMATION=on|off`).
 * The stand-in always has them; on hosted Supabase they are a paid add-on, so they are off unless
 * the deployment says on. Off, the app scales with sharp itself (docs/sharing.md).
 */
export function imageTransformations(env: Record<string, string | undefined> = process.env): boolean {
  const setting = env.SUPABASE_IMAGE_TRANSFORMATION?.trim().toLowerCase()
  if (setting === 'on') return true
  if (setting === 'off') return false
  return isLocalSupabase(env.NEXT_PUBLIC_SUPABASE_URL ?? LOCAL_SUPABASE_URL)
}

/**
 * Server-only values. The service key falls back to the stand-in's only when the URL is the
 * stand-in: against a hosted project a missing key is an error, never a silent local key.
 */
export function serverEnv() {
  const parsed = serverSchema.safeParse(process.env)
  if (!parsed.success) throw new Error(`Invalid environment: ${describe(parsed.error)}`)
  const env = parsed.data
  // a half-set Lambda configuration fails here too, so the app refuses to start rather than render elsewhere
  lambdaConfig()
  const serviceRoleKey =
    env.SUPABASE_SERVICE_ROLE_KEY ?? (isLocalSupabase(env.NEXT_PUBLIC_SUPABASE_URL) ? LOCAL_SERVICE_ROLE_KEY : undefined)
  return { ...env, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey }
}

/** The local app address the README's run command prints; the default site URL next to the stand-in. */
export const LOCAL_SITE_URL = 'http://localhost:3000'

/**
 * The configured public address of the app (origin only, no trailing slash), for links in emails
 * and redirect URLs given to the auth server. Against a hosted project it must be set.
 */
export function siteUrl(): string {
  const env = serverEnv()
  if (env.SITE_URL) return new URL(env.SITE_URL).origin
  if (isLocalSupabase(env.NEXT_PUBLIC_SUPABASE_URL)) return LOCAL_SITE_URL
  throw new Error('Invalid environment: SITE_URL must be set to the app\'s public address (https://…) with a hosted Supabase project')
}

/**
 * `LISTING_IMPORT_ALLOWED_HOSTS` (docs/listing-import.md): comma-separated `host` or `host:port`
 * the listing importer may reach even when they resolve to a private address (tests, a private
 * deployment's own portal). Nothing else widens the importer's public-address rule. Each entry is
 * checked here; one that is not a bare host (a scheme, a path, credentials) is a startup error.
 */
export function listingImportAllowedHosts(env: Record<string, string | undefined> = process.env): string[] {
  const raw = env.LISTING_IMPORT_ALLOWED_HOSTS?.trim()
  if (!raw) return []
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null
      try {
        url = new URL(`http://${entry}`)
      } catch {
        url = null
      }
      if (!url || url.username || url.password || url.pathname !== '/' || url.search || url.hash || `${url.host}` === '' || /[/?#@]/.test(entry)) {
        throw new Error(`Invalid environment: LISTING_IMPORT_ALLOWED_HOSTS: “${entry}” is not a host or host:port`)
      }
      return entry.toLowerCase()
    })
}
