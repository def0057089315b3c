import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import { uploadCaptionFiles } from '@/lib/render/captions-output'
import { lambdaOutputKey, type LambdaRenderer } from '@/lib/render/lambda-client'
import { LAMBDA_RUN_COLUMNS, lambdaRunSchema, type LambdaRun } from '@/lib/render/lambda-start'
import { RENDERS_BUCKET } from '@/lib/render/outcome'
import { validateVideoProps } from '@/lib/videos/schema'
import { isTemplateId, timelineFor } from '@/remotion/catalog'
import { posterFrame } from '@/remotion/duration'
import { masterFile } from './audio/master'
import { cutPoster } from './lambda-poster'

/*
 * The worker's half of a Lambda render that succeeded. The app records the outcome
 * (lib/render/lambda-outcome.ts: take_lambda_outcome leaves the run `uploading`, worker_id 'lambda')
 * and never runs ffmpeg; a render worker with Lambda configured picks such runs up here: it copies
 * the output from Lambda's bucket into the private `renders` bucket (the app serves only its own
 * storage) with its audio mastered to the mix's loudness target (worker/audio/master.ts: Lambda's
 * renderMedia mixes as the local one does, the master step runs here), cuts a poster from it,
 * writes the caption files and completes the run. A copy that fails fails the run (refunded once).
 * One worker takes a run (a compare-and-set on worker_id and heartbeat_at); a run whose taker died
 * (no heartbeat for STALE_MS) is taken again.
 */

type Service = SupabaseClient<Database>
type Log = (...parts: unknown[]) => void

export const COPY_FAILED = 'The video was rendered but could not be saved. Your credit was refunded; try again, and tell us if it happens again.'
/** a taker that has not finished in this long is presumed dead */
export const STALE_MS = 10 * 60_000

/** the renders bucket's own limit (20261125001000_render_runs.sql) */
const MAX_OUTPUT_BYTES = 524_288_000
const DOWNLOAD_TIMEOUT_MS = 120_000
const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif', mp3: 'audio/mpeg', aac: 'audio/aac', wav: 'audio/wav', mov: 'video/quicktime' }
const NO_PICTURE = new Set(['mp3', 'aac', 'wav'])

/** Finishes the Lambda runs that succeeded and wait for a worker; answers how many this worker finished. */
export async function finishLambdaRuns(db: Service, lambda: LambdaRenderer, workerId: string, log: Log = console.error): Promise<number> {
  const stale = new Date(Date.now() - STALE_MS).toISOString()
  const { data, error } = await db
    .from('render_runs')
    .select('id, worker_id, heartbeat_at')
    .eq('renderer', 'lambda')
    .eq('lambda_webhook', 'success')
    .eq('status', 'uploading')
    .or(`worker_id.eq.lambda,heartbeat_at.lt."${stale}"`)
    .order('lambda_webhook_at', { ascending: true })
    .limit(5)
  if (error) throw new Error(`looking for finished Lambda runs failed: ${error.message}`)
  let finished = 0
  for (const seen of data ?? []) {
    // taken only if nobody took it since it was read
    let claim = db
      .from('render_runs')
      .update({ worker_id: workerId, heartbeat_at: new Date().toISOString(), stage: 'Copying the file' })
      .eq('id', seen.id)
      .eq('status', 'uploading')
      .eq('lambda_webhook', 'success')
    claim = seen.worker_id === null ? claim.is('worker_id', null) : claim.eq('worker_id', seen.worker_id)
    claim = seen.heartbeat_at === null ? claim.is('heartbeat_at', null) : claim.eq('heartbeat_at', seen.heartbeat_at)
    const taken = await claim.select(LAMBDA_RUN_COLUMNS)
    if (taken.error) throw new Error(`taking Lambda run ${seen.id} failed: ${taken.error.message}`)
    if (!taken.data?.length) continue
    await finishLambdaRun(db, lambda, lambdaRunSchema.parse(taken.data[0]), log)
    finished++
  }
  return finished
}

/** Copies, masters and completes one taken run; on any error fails it with COPY_FAILED (refunded). */
export async function finishLambdaRun(db: Service, lambda: LambdaRenderer, run: LambdaRun, log: Log = console.error): Promise<'succeeded' | 'failed' | 'canceled'> {
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
      if (/no longer in progress/.test(done.error.message)) return 'canceled'
      throw new Error(done.error.message)
    }
    log(`[lambda] run ${run.id} succeeded: ${bytes} bytes${posterPath ? '' : ' (no poster)'}`)
    return 'succeeded'
  } catch (error) {
    log(`[lambda] run ${run.id}: the output could not be copied`, error)
    if (uploaded.length) await bucket.remove(uploaded)
    const failed = await db.rpc('fail_render_run', { p_run_id: run.id, p_message: COPY_FAILED })
    if (failed.error) throw new Error(`recording the failure failed: ${failed.error.message}`)
    return 'failed'
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
  // the mix at the loudness target, as the local paths do (worker/audio/master.ts); a file without audio is kept as it came
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
