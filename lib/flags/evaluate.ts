import { z } from 'zod'
import { FLAG_NAMES, FLAG_TIMEOUT_MS, defaultFlags, isKnownAnswer, resolveFlags, type FlagName, type FlagValues } from './definitions'

/*
 * One call to PostHog's flags endpoint (POST {host}/flags/?v=2, the one posthog-js and posthog-node
 * use), bounded by a short timeout. Any failure — timeout, network, HTTP error, an answer of the
 * wrong shape — gives the defaults from lib/flags/definitions.ts and says so in `source`.
 */

// v2 answers { flags: { key: { enabled, variant } } }; /decide (v1-style) answers { featureFlags: { key: value } }
const answerSchema = z.object({
  flags: z.record(z.string(), z.object({ enabled: z.boolean(), variant: z.string().nullish() }).loose()).optional(),
  featureFlags: z.record(z.string(), z.union([z.boolean(), z.string()])).optional(),
})

export interface EvaluateOptions {
  host: string
  key: string
  distinctId: string
  groups?: Record<string, string>
  timeoutMs?: number
  fetch?: typeof fetch
}

export interface Evaluation {
  values: FlagValues
  source: 'service' | 'defaults'
  /** the flags PostHog answered with a known value (none with the defaults) */
  answered: FlagName[]
  /** why the defaults were used (logged; never shown to people) */
  reason?: string
}

export async function evaluateFlags({ host, key, distinctId, groups, timeoutMs = FLAG_TIMEOUT_MS, fetch: doFetch = fetch }: EvaluateOptions): Promise<Evaluation> {
  try {
    const response = await doFetch(`${host}/flags/?v=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: key, distinct_id: distinctId, groups: groups ?? {}, flag_keys_to_evaluate: FLAG_NAMES }),
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    })
    if (!response.ok) return { values: defaultFlags(), source: 'defaults', answered: [], reason: `HTTP ${response.status}` }
    const parsed = answerSchema.safeParse(await response.json())
    if (!parsed.success || (!parsed.data.flags && !parsed.data.featureFlags)) return { values: defaultFlags(), source: 'defaults', answered: [], reason: 'unexpected answer' }
    const raw: Record<string, unknown> = { ...parsed.data.featureFlags }
    for (const [name, flag] of Object.entries(parsed.data.flags ?? {})) raw[name] = flag.enabled ? (flag.variant ?? true) : false
    return { values: resolveFlags(raw), source: 'service', answered: FLAG_NAMES.filter((name) => isKnownAnswer(name, raw[name])) }
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error)
    return { values: defaultFlags(), source: 'defaults', answered: [], reason }
  }
}
