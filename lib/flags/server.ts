import 'server-only'
import { cache } from 'react'
import { cookies } from 'next/headers'
import { analyticsConfig } from '@/lib/analytics/config'
import { distinctIdFromCookie, posthogCookieName, requestIdentity } from '@/lib/analytics/identity'
import { requestAnalyticsConsent } from '@/lib/analytics/preferences'
import { defaultFlags, type FlagBootstrap, type FlagName, type FlagValue, type FlagValues } from './definitions'
import { evaluateFlags } from './evaluate'

export interface RequestFlags {
  values: FlagValues
  source: 'service' | 'defaults'
  /** what the page hands to posthog-js (null when analytics is off or this person is left out) */
  bootstrap: FlagBootstrap | null
}

/**
 * This request's flags, evaluated once per request (React cache) by PostHog with a short timeout.
 * The defaults when PostHog is not configured, when the person is left out of analytics (their
 * flags are not even asked for), or when the service does not answer in time.
 */
export const getFlags = cache(async (): Promise<RequestFlags> => {
  const config = analyticsConfig()
  if (!config) return { values: defaultFlags(), source: 'defaults', bootstrap: null }
  const consent = await requestAnalyticsConsent()
  if (!consent.allowed) return { values: defaultFlags(), source: 'defaults', bootstrap: null }
  const cookieStore = await cookies()
  const identity = requestIdentity({
    cookie: distinctIdFromCookie(cookieStore.get(posthogCookieName(config.key))?.value),
    userId: consent.user?.id ?? null,
  })
  const result = await evaluateFlags({ host: config.host, key: config.key, distinctId: identity.distinctId })
  if (result.reason) console.warn(`[flags] using the defaults: ${result.reason}`)
  return {
    values: result.values,
    source: result.source,
    bootstrap: { distinctId: identity.distinctId, identified: identity.identified, values: result.values, source: result.source, answered: result.answered },
  }
})

export async function getFlag<N extends FlagName>(name: N): Promise<FlagValue<N>> {
  return (await getFlags()).values[name]
}
