import { MONITORING_TUNNEL_PATH } from './paths'
import { DATA_COLLECTION, scrubEvent } from './scrub'

/*
 * Sentry in the browser, loaded only when the server says it is configured and only after the page
 * is interactive (components/observability): nothing of the SDK is in the first page load. Until it
 * is ready, uncaught errors (instrumentation-client.ts starts listening before hydration) and
 * reports are kept (a few), then sent; when it is off they are dropped. State lives on globalThis so
 * the instrumentation-client entry and the app's chunks share it.
 */

type SentryModule = import('./sentry-client').SentryClient
type Task = (sentry: SentryModule) => void

export interface BrowserMonitoringConfig {
  dsn: string
  environment: string
  release: string | null
  tracesSampleRate: number
  userId: string | null
}

interface Store {
  state: 'pending' | 'loading' | 'ready' | 'off'
  sentry: SentryModule | null
  tasks: Task[]
  early: unknown[]
  waiting: Array<(sentry: SentryModule | null) => void>
}

const KEY = Symbol.for('listing-studio.monitoring')
/** A span attribute that makes the span's trace sampled whatever the sample rate (used by /admin/dev/sentry-example). */
export const FORCE_TRACE = 'app.force_trace'
const MAX_KEPT = 30

function store(): Store {
  const holder = globalThis as typeof globalThis & { [KEY]?: Store }
  holder[KEY] ??= { state: 'pending', sentry: null, tasks: [], early: [], waiting: [] }
  return holder[KEY]
}

function keepEarly(error: unknown) {
  const s = store()
  if ((s.state === 'pending' || s.state === 'loading') && s.early.length < MAX_KEPT) s.early.push(error)
}
const onError = (event: ErrorEvent) => keepEarly(event.error ?? new Error(event.message))
const onRejection = (event: PromiseRejectionEvent) => keepEarly(event.reason)

function stopListening() {
  window.removeEventListener('error', onError)
  window.removeEventListener('unhandledrejection', onRejection)
}

/** From instrumentation-client.ts: keep uncaught errors that happen before Sentry is loaded. */
export function listenForEarlyErrors(): void {
  if (typeof window === 'undefined') return
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
}

function settle(sentry: SentryModule | null) {
  const s = store()
  for (const resolve of s.waiting.splice(0)) resolve(sentry)
}

export async function startMonitoring(config: BrowserMonitoringConfig): Promise<void> {
  const s = store()
  if (s.state !== 'pending') return
  s.state = 'loading'
  try {
    const { sentryClient: Sentry } = await import('./sentry-client')
    // switched off while the code was loading: nothing starts
    if (s.state !== 'loading') return
    Sentry.init({
      dsn: config.dsn,
      tunnel: MONITORING_TUNNEL_PATH,
      environment: config.environment,
      release: config.release ?? undefined,
      // a share of page loads and navigations; spans marked FORCE_TRACE (the admin test page) always
      tracesSampler: (context) => (context.attributes?.[FORCE_TRACE] === true ? 1 : context.inheritOrSampleWith(config.tracesSampleRate)),
      dataCollection: DATA_COLLECTION,
      // errors and traces only: no release-health session pings
      integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserSession'),
      beforeSend: (event) => scrubEvent(event),
      beforeSendTransaction: (event) => scrubEvent(event),
      // whole transactions (what every Sentry, self-hosted included, accepts) rather than v11's streamed spans
      traceLifecycle: 'static',
    })
    if (config.userId) Sentry.setUser({ id: config.userId })
    stopListening()
    for (const error of s.early.splice(0)) Sentry.captureException(error, { mechanism: { type: 'onerror', handled: false } })
    s.sentry = Sentry
    s.state = 'ready'
    for (const task of s.tasks.splice(0)) task(Sentry)
    settle(Sentry)
  } catch (error) {
    console.warn('[monitoring] Sentry could not be loaded', error)
    stopMonitoring()
  }
}

/** Not configured: nothing is loaded, kept errors and reports are dropped. */
export function stopMonitoring(): void {
  const s = store()
  if (s.state === 'ready') return
  s.state = 'off'
  s.tasks.length = 0
  s.early.length = 0
  if (typeof window !== 'undefined') stopListening()
  settle(null)
}

function whenReady(task: Task): void {
  const s = store()
  if (s.state === 'ready' && s.sentry) task(s.sentry)
  else if (s.state !== 'off' && s.tasks.length < MAX_KEPT) s.tasks.push(task)
}

/** The SDK once loaded, or null when error reporting is off. */
export function monitoringClient(): Promise<SentryModule | null> {
  const s = store()
  if (s.state === 'ready') return Promise.resolve(s.sentry)
  if (s.state === 'off') return Promise.resolve(null)
  return new Promise((resolve) => s.waiting.push(resolve))
}

/** A caught error that should still reach Sentry (error pages, failed background work). */
export function reportError(error: unknown, tags: Record<string, string> = {}): void {
  whenReady((Sentry) => Sentry.captureException(error, { tags }))
}

export function setMonitoringUser(userId: string | null): void {
  whenReady((Sentry) => Sentry.setUser(userId ? { id: userId } : null))
}

export function setMonitoringTeam(teamId: string | null): void {
  whenReady((Sentry) => Sentry.setTag('team_id', teamId ?? undefined))
}

/** instrumentation-client.ts's navigation hook: a navigation span once Sentry is loaded. */
export function routerTransitionStart(href: string, navigationType: 'push' | 'replace' | 'traverse'): void {
  const s = store()
  if (s.state === 'ready') s.sentry?.captureRouterTransitionStart(href, navigationType)
}
