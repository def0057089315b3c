import { z } from 'zod'

/*
 * Product analytics, session replay, feature flags and experiments (PostHog, docs/observability.md).
 * Off unless POSTHOG_KEY and POSTHOG_HOST are both set. Read by the server at run time (no
 * NEXT_PUBLIC_: one build serves configured and unconfigured deployments); the browser only ever
 * talks to this site (/ingest, app/ingest/[...path]/route.ts), which forwards to POSTHOG_HOST.
 */

export interface AnalyticsConfig {
  /** the project API key (public: it only lets you send events and read flags) */
  key: string
  /** ingestion and flags, e.g. https://us.i.posthog.com or a self-hosted instance */
  host: string
  /** where /array/{key}/config lives: PostHog Cloud's assets host, else the same host */
  assetsHost: string
  /** PostHog's own web app, for links out of the SDK (toolbar) */
  uiHost: string
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)
const keySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'POSTHOG_KEY: a PostHog project API key, like phc_…')
const hostSchema = z.url({ protocol: /^https?$/, message: 'an http(s) URL, like https://us.i.posthog.com' })

function origin(value: string, name: string): string {
  const parsed = hostSchema.safeParse(value)
  if (!parsed.success) throw new Error(`Invalid environment: ${name}: ${parsed.error.issues[0]?.message}`)
  const url = new URL(parsed.data)
  if (url.search || url.hash || url.username) throw new Error(`Invalid environment: ${name}: a bare address, without query or credentials`)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** The configuration, or null when neither variable is set. Half set or malformed throws, naming what is wrong. */
export function analyticsConfig(env: Record<string, string | undefined> = process.env): AnalyticsConfig | null {
  const key = blank(env.POSTHOG_KEY)
  const host = blank(env.POSTHOG_HOST)
  if (!key && !host) return null
  if (!key || !host) {
    throw new Error(`Invalid environment: PostHog is half configured. Set both POSTHOG_KEY and POSTHOG_HOST, or neither. Missing: ${key ? 'POSTHOG_HOST' : 'POSTHOG_KEY'}`)
  }
  const parsedKey = keySchema.safeParse(key)
  if (!parsedKey.success) throw new Error(`Invalid environment: ${parsedKey.error.issues[0]?.message}`)
  const apiHost = origin(host, 'POSTHOG_HOST')
  const cloud = /^https:\/\/(us|eu)\.i\.posthog\.com$/.exec(apiHost)
  const assets = blank(env.POSTHOG_ASSETS_HOST)
  return {
    key: parsedKey.data,
    host: apiHost,
    assetsHost: assets ? origin(assets, 'POSTHOG_ASSETS_HOST') : cloud ? `https://${cloud[1]}-assets.i.posthog.com` : apiHost,
    uiHost: cloud ? `https://${cloud[1]}.posthog.com` : apiHost,
  }
}
