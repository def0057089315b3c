import * as Sentry from '@sentry/nextjs'
import type { MonitoringConfig } from './config'
import { DATA_COLLECTION, scrubEvent } from './scrub'

/**
 * Sentry for the Next server (Node.js and edge runtimes), started by instrumentation.ts only when
 * SENTRY_DSN is set. Errors of every request (onRequestError), of server actions and of route
 * handlers; traces of a share of requests (SENTRY_TRACES_SAMPLE_RATE).
 */
export function initServerMonitoring(config: MonitoringConfig): void {
  Sentry.init({
    dsn: config.dsn.dsn,
    environment: config.environment,
    release: config.release ?? undefined,
    tracesSampleRate: config.tracesSampleRate,
    dataCollection: DATA_COLLECTION,
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    // whole transactions (what every Sentry, self-hosted included, accepts) rather than v11's streamed spans
    traceLifecycle: 'static',
  })
}
