import 'server-only'
import { cache } from 'react'
import { analyticsConfig } from '@/lib/analytics/config'
import type { BrowserAnalyticsConfig } from '@/lib/analytics/browser'
import { requestAnalyticsConsent } from '@/lib/analytics/preferences'
import { getSessionUser } from '@/lib/auth/user'
import type { BrowserMonitoringConfig } from '@/lib/monitoring/browser'
import { monitoringConfig } from '@/lib/monitoring/config'

/** What the browser is told by the root layout: which services to load, for whom. */
export interface BrowserObservability {
  /** null: PostHog is not configured, or this request is left out (Do-Not-Track, GPC, opt-out) */
  analytics: BrowserAnalyticsConfig | null
  /** the signed-up account's stored opt-out, for the browser's cookie mirror; null otherwise */
  accountOptOut: boolean | null
  /** null: Sentry is not configured */
  monitoring: BrowserMonitoringConfig | null
}

/**
 * Per request, from the server's environment (no rebuild to switch a service on or off). Null when
 * neither service is configured: then nothing about the visitor is even looked up.
 */
export const browserObservability = cache(async (): Promise<BrowserObservability | null> => {
  const analytics = analyticsConfig()
  const monitoring = monitoringConfig()
  if (!analytics && !monitoring) return null
  const consent = analytics ? await requestAnalyticsConsent() : null
  const user = consent ? consent.user : await getSessionUser()
  return {
    analytics:
      analytics && consent?.allowed
        ? { key: analytics.key, uiHost: analytics.uiHost, user: user ? { id: user.id } : null, accountOptOut: consent.accountOptOut }
        : null,
    accountOptOut: consent?.accountOptOut ?? null,
    monitoring: monitoring
      ? { dsn: monitoring.dsn.dsn, environment: monitoring.environment, release: monitoring.release, tracesSampleRate: monitoring.tracesSampleRate, userId: user?.id ?? null }
      : null,
  }
})
