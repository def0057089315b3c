import type { SupabaseClient } from '@supabase/supabase-js'
import type { AnalyticsConfig } from '@/lib/analytics/config'
import { captureServerEvent } from '@/lib/analytics/server'
import type { Database } from '@/lib/database.types'
import type { WorkerMonitoring } from '@/lib/monitoring/worker'
import type { RenderRun, RunOutcome } from '@/lib/render/outcome'

/**
 * What the render worker tells the outside services about a finished run: a failure to Sentry
 * (with the run id), render_succeeded / render_failed to PostHog for the account that asked (unless
 * it opted out). Each is skipped when its service is not configured.
 */
export function renderOutcomeReporter({ db, monitoring, analytics }: { db: SupabaseClient<Database>; monitoring: WorkerMonitoring | null; analytics: AnalyticsConfig | null }) {
  return async (run: RenderRun, outcome: RunOutcome): Promise<void> => {
    if (!outcome.ok && monitoring) {
      monitoring.reportRunFailure(run, outcome.error)
      await monitoring.flush()
    }
    if (!analytics || !run.requested_by) return
    const base = { run_id: run.id, team_id: run.team_id, trial: Boolean(run.trial_project_id), template: run.template, format: run.format, codec: run.codec }
    const target = { userId: run.requested_by, teamId: run.team_id }
    if (outcome.ok) {
      await captureServerEvent(
        { event: 'render_succeeded', ...target, properties: { ...base, duration_s: outcome.durationS, bytes: outcome.bytes, render_ms: outcome.renderMs } },
        { config: analytics, db },
      )
    } else {
      await captureServerEvent({ event: 'render_failed', ...target, properties: { ...base, reason: outcome.message } }, { config: analytics, db })
    }
  }
}
