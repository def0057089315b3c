import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { masterFile } from '@/lib/audio/master'
import type { Database } from '@/lib/database.types'
import { validateVideoProps } from '@/lib/videos/schema'
import { isTemplateId, timelineFor } from '@/remotion/catalog'
import { posterFrame } from '@/remotion/duration'
import { lambdaOutputKey, type LambdaRenderer } from './lambda-client'
import { lambdaRunSchema, type LambdaRun } from './lambda-start'
import { uploadCaptionFiles } from './captions-output'
import { cutPoster } from './lambda-poster'
import { failureMessage, RENDERS_BUCKET } from './outcome'

/*
 * How a Lambda render ended, recorded once, whoever reports it first: the signed webhook, or a
 * progress check that found the render done or dead (when a webhook was lost). take_lambda_outcome
 * hands the run to exactly one caller; a repeat gets nothing and changes nothing. Success copies the
 * output from Lambda's bucket into the private `renders` bucket (the app serves only its own
 * storage) with its audio mastered to the mix's loudness target (lib/audio/master.ts: Lambda's
 * renderMedia mixes as the local one does, the master step runs here), cuts a poster from it, and
 * completes the run; failure and timeout refund once.
 */

type Service = SupabaseClient<Database>
type Log = (...parts: unknown[]) => void

export type LambdaOutcome = { type: 'success' } | { type: 'error'; message: string } | { type: 'timeout' }

export const TIMEOUT_MESSAGE = 'The render took longer than our render service allows. Your credit was refunded; try again, and tell us if it happens again.'
export const COPY_FAILED = 'The video was rendered but could not be saved. Your credit was refunded; try again, and tell us if it happens again.'

/** the renders bucket's own limit (20261125001000_render_runs.sql) */
const MAX_OUTPUT_BYTES = 524_288_000
const DOWNLOAD_TIMEOUT_MS = 120_000
const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif', mp3: 'audio/mpeg', aac: 'audio/aac', wav: 'audio/wav', mov: 'video/quicktime' }
const NO_PICTURE = new Set(['mp3', 'aac', 'wav'])

/** Settles a Lambda run; 'ignored' when another report already did (or the run is not this render's). */
export async function settleLambdaRun(
  db: Service,
  lambda: LambdaRenderer,
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

  const dir = await mkdtemp(path.join(os.tmpdir(), `lambda-${run.id}-`))
  const bucket = db.storage.from(RENDERS_BUCKET)
  const uploaded: string[] = []
  try {
    const { outputPath, posterPath, bytes } = await copyOutput(db, lambda, run, dir, uploaded, log)
    const captions = await runCaptions(db, run, uploaded)
    const done = await db.rpc('complete_render_run', {
      p_run_id: run.id, p_output_path: outputPath, p_output_bytes: bytes,
      p_poster_path: posterPath as string, p_duration_s: run.total_frames / run.fps,
      p_captions_srt_path: captions?.srt, p_captions_vtt_path: captions?.vtt,
    })
    if (done.error) {
      // canceled while copying: the files are not kept, the cancel refunded
      await bucket.remove(uploaded)
      if (/no longer in progress/.test(done.error.message)) return 'settled'
      throw new Error(done.error.message)
    }
    log(`[lambda] run ${run.id} succeeded: ${bytes} bytes${posterPath ? '' : ' (no poster)'}`)
    return 'settled'
  } catch (error) {
    log(`[lambda] run ${run.id}: the output could not be copied`, error)
    if (uploaded.length) await bucket.remove(uploaded)
    const failed = await db.rpc('fail_render_run', { p_run_id: run.id, p_message: COPY_FAILED })
    if (failed.error) throw new Error(`recording the failure failed: ${failed.error.message}`)
    return 'settled'
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function copyOutput(db: Service, lambda: LambdaRenderer, run: LambdaRun, dir: string, uploaded: string[], log: Log) {
  if (!run.lambda_bucket || !run.lambda_out_name || !run.lambda_render_id) throw new Error('the run has no Lambda output recorded')
  const url = await lambda.outputUrl(run.lambda_bucket, lambdaOutputKey(run.lambda_render_id, run.lambda_out_name))
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
  if (!response.ok) throw new Error(`downloading the output failed: HTTP ${response.status}`)
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > MAX_OUTPUT_BYTES) throw new Error(`the output is ${declared} bytes, over the bucket's limit`)
  const downloaded = Buffer.from(await response.arrayBuffer())
  if (!downloaded.length || downloaded.length > MAX_OUTPUT_BYTES) throw new Error(`the output is ${downloaded.length} bytes`)

  const ext = run.lambda_out_name.split('.').pop()!
  // the mix at the loudness target, as the local paths do (lib/audio/master.ts); a file without audio is kept as it came
  const file = path.join(dir, run.lambda_out_name)
  await writeFile(file, downloaded)
  const mastered = path.join(dir, `mastered.${ext}`)
  const video = (await masterFile(file, mastered)) ? await readFile(mastered) : downloaded
  const folder = `${run.team_id}/renders/${run.id}`
  const outputPath = `${folder}/${run.lambda_out_name}`
  const bucket = db.storage.from(RENDERS_BUCKET)
  const up = await bucket.upload(outputPath, video, { contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', upsert: true })
  if (up.error) throw new Error(`uploading the video failed: ${up.error.message}`)
  uploaded.push(outputPath)

  let posterPath: string | null = null
  if (!NO_PICTURE.has(ext)) {
    try {
      const still = path.join(dir, 'poster.jpg')
      // the title card's frame; the first frame if the file is shorter than the run said
      await cutPoster(file, posterSeconds(run), still).catch(() => cutPoster(file, 0, still))
      const candidate = `${folder}/poster.jpg`
      const upPoster = await bucket.upload(candidate, await readFile(still), { contentType: 'image/jpeg', upsert: true })
      if (upPoster.error) throw new Error(upPoster.error.message)
      uploaded.push(candidate)
      posterPath = candidate
    } catch (error) {
      log(`[lambda] run ${run.id}: no poster`, error)
    }
  }
  return { outputPath, posterPath, bytes: video.length }
}

/** captions.srt / .vtt beside the copied output, as the local worker writes them (none without narration words). */
async function runCaptions(db: Service, run: LambdaRun, uploaded: string[]) {
  if (!isTemplateId(run.template)) return null
  const checked = validateVideoProps(run.template, run.format, run.props, run.team_id)
  if (!checked.ok) return null
  return uploadCaptionFiles(db, `${run.team_id}/renders/${run.id}`, checked.props, timelineFor(run.template, checked.props), { to: run.total_frames }, uploaded)
}

/** The title card's frame, as the local worker's poster; the first frame if the props cannot say. */
function posterSeconds(run: LambdaRun): number {
  if (!isTemplateId(run.template)) return 0
  const checked = validateVideoProps(run.template, run.format, run.props, run.team_id)
  if (!checked.ok) return 0
  return Math.min(posterFrame(timelineFor(run.template, checked.props)), run.total_frames - 1) / run.fps
}
