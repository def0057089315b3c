import { z } from 'zod'

/*
 * Error reporting and tracing (Sentry, docs/observability.md). Off unless SENTRY_DSN is set. Every
 * value is read by the server at run time (no NEXT_PUBLIC_: nothing is inlined into the build), and
 * the browser gets what it needs from the root layout, so one build serves a configured and an
 * unconfigured deployment alike.
 */

export interface Dsn {
  /** what the SDKs are given */
  dsn: string
  /** where envelopes go: {protocol}//{host}{path}/api/{projectId}/envelope/ */
  envelopeUrl: string
  host: string
  projectId: string
  publicKey: string
}

export interface MonitoringConfig {
  dsn: Dsn
  environment: string
  release: string | null
  /** share of page loads, navigations and server requests traced, 0 to 1 */
  tracesSampleRate: number
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

/** Parses a Sentry DSN ({protocol}://{public_key}@{host}[:port][/path]/{project_id}); null if it is not one. */
export function parseDsn(value: string): Dsn | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const segments = url.pathname.split('/').filter(Boolean)
  const projectId = segments.pop()
  if (!url.username || !/^[A-Za-z0-9]{8,64}$/.test(url.username) || !projectId || !/^\d{1,20}$/.test(projectId)) return null
  if (url.password || url.search || url.hash) return null
  const prefix = segments.length ? `/${segments.join('/')}` : ''
  return {
    dsn: `${url.protocol}//${url.username}@${url.host}${prefix}/${projectId}`,
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
    host: url.host,
    projectId,
    publicKey: url.username,
  }
}

const sampleRate = z.coerce
  .number({ message: 'SENTRY_TRACES_SAMPLE_RATE: a number from 0 to 1, like 0.1' })
  .min(0, 'SENTRY_TRACES_SAMPLE_RATE: a number from 0 to 1, like 0.1')
  .max(1, 'SENTRY_TRACES_SAMPLE_RATE: a number from 0 to 1, like 0.1')

/** Traced share when SENTRY_TRACES_SAMPLE_RATE is unset: one request in ten. */
export const DEFAULT_TRACES_SAMPLE_RATE = 0.1

/** The configuration, or null when SENTRY_DSN is unset. A malformed value throws, naming the variable. */
export function monitoringConfig(env: Record<string, string | undefined> = process.env): MonitoringConfig | null {
  const raw = blank(env.SENTRY_DSN)
  if (!raw) return null
  const dsn = parseDsn(raw)
  if (!dsn) throw new Error('Invalid environment: SENTRY_DSN must be a Sentry DSN, like https://<key>@o0.ingest.sentry.io/<project id>')
  const rate = blank(env.SENTRY_TRACES_SAMPLE_RATE)
  const parsedRate = rate === undefined ? DEFAULT_TRACES_SAMPLE_RATE : sampleRate.safeParse(rate)
  if (typeof parsedRate === 'object' && !parsedRate.success) throw new Error(`Invalid environment: ${parsedRate.error.issues[0]?.message}`)
  const environment = blank(env.SENTRY_ENVIRONMENT) ?? (env.NODE_ENV === 'production' ? 'production' : 'development')
  if (!/^[\w.-]{1,64}$/.test(environment)) throw new Error('Invalid environment: SENTRY_ENVIRONMENT: letters, digits, dots, dashes, up to 64')
  return {
    dsn,
    environment,
    // SENTRY_RELEASE wins at run time; else the one next.config.ts stamped into the build (git commit)
    release: blank(env.SENTRY_RELEASE) ?? blank(process.env.APP_RELEASE) ?? null,
    tracesSampleRate: typeof parsedRate === 'number' ? parsedRate : parsedRate.data,
  }
}
