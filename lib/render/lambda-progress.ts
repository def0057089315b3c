import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import type { LambdaRenderer } from './lambda-client'
import { settleLambdaRun, type LambdaOutcome } from './lambda-outcome'
import { LAMBDA_RUN_COLUMNS, lambdaRunSchema, type LambdaRun } from './lambda-start'
import { RUN_PROGRESS_COLUMNS, runProgressSchema } from './progress-view'

/*
 * GET /api/renders/{run_id}/progress (app/api/renders/[run_id]/progress/route.ts). The run is read
 * first through the caller's own client, so RLS decides: a run the caller may not see is a 404,
 * whatever exists. For a Lambda run still in progress, Lambda is asked (getRenderProgress) at most
 * about once a second per run, whoever is watching (lambda_progress_due stamps the row atomically),
 * and the answer is written into the row with the service key, so realtime carries it to everyone
 * watching. A check that finds the render done or dead settles it as the webhook would (lost
 * webhooks are not lost runs).
 */

type Db = SupabaseClient<Database>

export const PROGRESS_MIN_INTERVAL_MS = 1_000
/** A Lambda run still `queued` this long after queuing never reached Lambda: failed and refunded. */
export const UNSTARTED_AFTER_MS = 120_000
export const NEVER_STARTED = 'The render never reached our render service. Your credit was refunded; try again.'
const ACTIVE = ['queued', 'rendering', 'encoding', 'uploading']

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } })

export type ProgressDeps = {
  /** the caller's client (their session; RLS applies) */
  user: Db
  /** service client and Lambda: null when Lambda is not configured (the row is answered as it is) */
  service: Db | null
  lambda: LambdaRenderer | null
  log?: (...parts: unknown[]) => void
}

export async function handleRenderProgress(runId: unknown, deps: ProgressDeps): Promise<Response> {
  const id = z.uuid().safeParse(runId)
  if (!id.success) return json({ error: 'Not found' }, 404)
  const read = async () => {
    const { data, error } = await deps.user.from('render_runs').select(RUN_PROGRESS_COLUMNS).eq('id', id.data).maybeSingle()
    if (error) throw new Error(`reading the run failed: ${error.message}`)
    return data ? runProgressSchema.parse(data) : null
  }
  const visible = await read()
  if (!visible) return json({ error: 'Not found' }, 404)
  if (visible.renderer !== 'lambda' || !ACTIVE.includes(visible.status) || !deps.service || !deps.lambda) return json(visible)

  try {
    const changed = await refreshFromLambda(deps.service, deps.lambda, id.data, deps.log ?? console.error)
    return json(changed ? ((await read()) ?? visible) : visible)
  } catch (error) {
    // Lambda or the database hiccuped: the watcher gets the row as it is and asks again
    ;(deps.log ?? console.error)(`[lambda] progress of run ${id.data} failed`, error)
    return json(visible)
  }
}

/** Asks Lambda when due and records the answer; true when the row may have changed. */
async function refreshFromLambda(service: Db, lambda: LambdaRenderer, runId: string, log: (...parts: unknown[]) => void): Promise<boolean> {
  const { data, error } = await service.from('render_runs').select(LAMBDA_RUN_COLUMNS).eq('id', runId).maybeSingle()
  if (error) throw new Error(error.message)
  const run: LambdaRun = lambdaRunSchema.parse(data)

  if (run.status === 'queued' && !run.lambda_render_id) {
    if (Date.now() - Date.parse(run.created_at) < UNSTARTED_AFTER_MS) return false
    const failed = await service.rpc('fail_render_run', { p_run_id: run.id, p_message: NEVER_STARTED })
    if (failed.error) throw new Error(failed.error.message)
    return true
  }
  if (!run.lambda_render_id || !run.lambda_bucket) return false

  // an outcome was taken but never finished (its taker died): take_lambda_outcome hands it over
  // again after its grace period, and until then this is one cheap no-op call
  // a success waits for a render worker to copy it (worker/lambda-finish.ts): nothing to ask Lambda
  if (run.lambda_webhook === 'success') return false
  if (run.lambda_webhook) {
    const outcome: LambdaOutcome = run.lambda_webhook === 'error' ? { type: 'error', message: 'Lambda reported an error' } : { type: run.lambda_webhook }
    return (await settleLambdaRun(service, run.id, run.lambda_render_id, outcome, log)) === 'settled'
  }

  const due = await service.rpc('lambda_progress_due', { p_run_id: run.id, p_min_interval_ms: PROGRESS_MIN_INTERVAL_MS })
  if (due.error) throw new Error(due.error.message)
  if (!due.data) return false

  const p = await lambda.progress(run.lambda_render_id, run.lambda_bucket)
  if (p.fatal) return (await settleLambdaRun(service, run.id, run.lambda_render_id, { type: 'error', message: p.fatal }, log)) === 'settled'
  if (p.done) return (await settleLambdaRun(service, run.id, run.lambda_render_id, { type: 'success' }, log)) === 'settled'
  const recorded = await service.rpc('record_lambda_progress', {
    p_run_id: run.id,
    p_render_id: run.lambda_render_id,
    p_encoding: p.encoding,
    p_progress: p.overallProgress,
    p_rendered_frames: p.framesRendered,
    p_encoded_frames: p.framesEncoded,
  })
  if (recorded.error) throw new Error(recorded.error.message)
  return true
}
