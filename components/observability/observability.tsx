'use client'

import { use, useEffect } from 'react'
import { startAnalytics, stopAnalytics } from '@/lib/analytics/browser'
import { browserSaysOptOut, writeOptOutCookie } from '@/lib/analytics/consent'
import { setMonitoringUser, startMonitoring, stopMonitoring } from '@/lib/monitoring/browser'
import type { BrowserObservability } from '@/lib/observability/request'
import { afterInteractive } from './after-interactive'

/**
 * Mounted once by the root layout (inside Suspense: the page never waits for it). Starts PostHog and
 * Sentry after the page is interactive when the server says they are configured and this person is
 * not left out; otherwise switches both off, so nothing is loaded and nothing is sent.
 */
export function Observability({ config }: { config: Promise<BrowserObservability | null> }) {
  const value = use(config)
  useEffect(() => {
    if (value?.accountOptOut !== null && value?.accountOptOut !== undefined) writeOptOutCookie(value.accountOptOut)
    const analytics = value?.analytics && !browserSaysOptOut() ? value.analytics : null
    const monitoring = value?.monitoring ?? null
    if (!analytics) stopAnalytics()
    if (!monitoring) stopMonitoring()
    else setMonitoringUser(monitoring.userId)
    if (!analytics && !monitoring) return
    return afterInteractive(() => {
      if (monitoring) void startMonitoring(monitoring)
      if (analytics) void startAnalytics(analytics)
    })
  }, [value])
  return null
}
