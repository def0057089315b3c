import { monitoringConfig } from './config'
import { releaseName } from './release'
import { DATA_COLLECTION, scrubEvent } from './scrub'

/*
 * Error reporting for the render worker (scripts/render-worker.ts), a plain Node process outside
 * Next: @sentry/node (which @sentry/nextjs brings), started only when SENTRY_DSN is set. A failed
 * run is reported with its id, team, template and format, and the account that asked (id only).
 */

/** What the report says about a run (a render_runs row has all of it). */
export interface RunFacts {
  id: string
  team_id: string | null
  requested_by: string | null
  trial_project_id: string | null
  template: string
  format: string
  codec: string
  quality: string
}

export interface WorkerMonitoring {
  /** the event id */
  reportRunFailure(run: RunFacts, error: unknown): string
  reportError(error: unknown, tags?: Record<string, string>): string
  /** waits for what was reported to be sent (at the end of a run, before the worker stops) */
  flush(timeoutMs?: number): Promise<boolean>
}

export async function startWorkerMonitoring(env: Record<string, string | undefined> = process.env): Promise<WorkerMonitoring | null> {
  const config = monitoringConfig(env)
  if (!config) return null
  const Sentry = await import('@sentry/node')
  Sentry.init({
    dsn: config.dsn.dsn,
    environment: config.environment,
    release: config.release ?? releaseName(env),
    dataCollection: DATA_COLLECTION,
    beforeSend: (event) => scrubEvent(event),
    initialScope: { tags: { component: 'render-worker' } },
  })
  return {
    reportRunFailure(run, error) {
      return Sentry.withScope((scope) => {
        scope.setTag('run_id', run.id)
        scope.setTag('trial', String(Boolean(run.trial_project_id)))
        if (run.team_id) scope.setTag('team_id', run.team_id)
        scope.setUser(run.requested_by ? { id: run.requested_by } : null)
        scope.setContext('render_run', { id: run.id, template: run.template, format: run.format, codec: run.codec, quality: run.quality })
        return Sentry.captureException(error)
      })
    },
    reportError(error, tags = {}) {
      return Sentry.captureException(error, { tags })
    },
    flush: (timeoutMs = 2_000) => Sentry.flush(timeoutMs),
  }
}
