/** The same-origin route the browser posts its Sentry envelopes to (app/api/diagnostics/route.ts). */
export const MONITORING_TUNNEL_PATH = '/api/diagnostics'
