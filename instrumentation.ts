import type { Instrumentation } from 'next'

// Runs once when the Next server starts: configuration that must be whole before anything is served.
// A half-set Remotion Lambda configuration stops the start here with the missing names, instead of
// failing the first render (docs/renders.md, "Remotion Lambda"). So does a half-set or malformed
// PostHog or Sentry configuration (docs/observability.md); with SENTRY_DSN set, Sentry starts here
// (Node.js and edge runtimes). Without it nothing is loaded and nothing is sent.
export async function register() {
  const { monitoringConfig } = await import('./lib/monitoring/config')
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { lambdaConfig } = await import('./lib/env')
    lambdaConfig()
    const { analyticsConfig } = await import('./lib/analytics/config')
    analyticsConfig()
    // the hosted voice provider (ElevenLabs, docs/narration.md): a key-less base URL or model stops the start
    const { elevenLabsConfig } = await import('./lib/narration/config')
    elevenLabsConfig()
    // the hosted model that polishes narration scripts (docs/narration.md): half set stops the start
    const { narrationModelConfig } = await import('./lib/narration/draft/llm-config')
    narrationModelConfig()
  }
  if (process.env.NEXT_RUNTIME !== 'nodejs' && process.env.NEXT_RUNTIME !== 'edge') return
  const config = monitoringConfig()
  if (!config) return
  const { initServerMonitoring } = await import('./lib/monitoring/server')
  initServerMonitoring(config)
}

// Every uncaught error of a server component, route handler, server action or proxy: to Sentry when on.
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  const { monitoringConfig } = await import('./lib/monitoring/config')
  if (!monitoringConfig()) return
  const Sentry = await import('@sentry/nextjs')
  if (!Sentry.isInitialized()) return
  Sentry.captureRequestError(...args)
}
