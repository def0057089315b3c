// The part of @sentry/nextjs the browser uses, imported by name so the bundler keeps only these (a
// dynamic import of the package itself keeps every export: replay, feedback and the rest, ~3x the size).
// Loaded on demand by lib/monitoring/browser.ts.
import { captureException, captureRouterTransitionStart, init, lastEventId, setTag, setUser, startSpan } from '@sentry/nextjs'

export const sentryClient = { init, captureException, captureRouterTransitionStart, lastEventId, setTag, setUser, startSpan }
export type SentryClient = typeof sentryClient
