import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import { lambdaRunSchema } from './lambda-start'
import { failureMessage } from './outcome'

/*
 * How a Lambda render ended, recorded once, whoever reports it first: the signed webhook, or a
 * progress check that found the render done or dead (when a webhook was lost). take_lambda_outcome
 * hands the run to exactly one caller; a repeat gets nothing and changes nothing. Failure and
 * timeout refund once, here. Success leaves the run `uploading` ("Copying the file") for the render
 * worker, which finishes it (worker/lambda-finish.ts): it copies the output from Lambda's bucket into
 * the private `renders` bucket with its audio mastered to the mix's loudness target and cuts a poster,
 * both with ffmpeg, which the app server never runs (docs/renders.md, "Who runs ffmpeg").
 */

type Service = SupabaseClient<Database>
type Log = (...parts: unknown[]) => void

export type LambdaOutcome = { type: 'success' } | { type: 'error'; message: string } | { type: 'timeout' }

export const TIMEOUT_MESSAGE = 'The render took longer than our render service allows. Your credit was refunded; try again, and tell us if it happens again.'

/** Settles a Lambda run; 'ignored' when another report already did (or the run is not this render's). */
export async function settleLambdaRun(
  db: Service,
  runId: string,
  renderId: string,
  outcome: LambdaOutcome,
  log: Log = console.error,
): Promise<'settled' | 'ignored'> {
  const taken = await db.rpc('take_lambda_outcome', { p_run_id: runId, p_render_id: renderId, p_outcome: outcome.type })
  if (taken.error) throw new Error(`recording the Lambda outcome failed: ${taken.error.message}`)
  const rows = (taken.data ?? []) as unknown[]
  if (!rows.length) return 'ignored'
  const run = lambdaRunSchema.parse(rows[0])

  if (outcome.type !== 'success') {
    const message = outcome.type === 'timeout' ? TIMEOUT_MESSAGE : failureMessage(new Error(outcome.message))
    log(`[lambda] run ${run.id} ${outcome.type}:`, outcome.type === 'error' ? outcome.message : 'timed out')
    const failed = await db.rpc('fail_render_run', { p_run_id: run.id, p_message: message })
    if (failed.error) throw new Error(`recording the failure failed: ${failed.error.message}`)
    return 'settled'
  }

  // the worker finishes it (worker/lambda-finish.ts): the copy, the master step and the poster need ffmpeg
  log(`[lambda] run ${run.id} succeeded on Lambda; a render worker copies it`)
  return 'settled'
}
