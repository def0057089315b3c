import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Codec } from '@remotion/renderer'
import type { Database } from '@/lib/database.types'
import { validateVideoProps } from '@/lib/videos/schema'
import { completeProps, compositionId, outNameFor, timelineFor, type TemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import { posterFrame } from '@/remotion/duration'
import { uploadCaptionFiles } from '@/lib/render/captions-output'
import type { RenderJob, RenderProgress } from './local-renderer'
import type { SegmentStore } from './segments/store'
import { cutFrames } from './segments/plan'
import { resolveRunMedia } from '@/lib/render/media-sources'
import { storeWebPosters, webPosterPaths } from '@/lib/share/web-posters'
import { failureMessage, RENDERS_BUCKET, type RenderRun, type RunOutcome } from '@/lib/render/outcome'

export type { RenderRun, RunOutcome } from '@/lib/render/outcome'

/*
 * One worker's loop body (scripts/render-worker.ts runs it): claim the oldest queued run, render it,
 * upload the MP4 and its poster to the private `renders` bucket, mark it succeeded; on any error mark
 * it failed with a message a person understands (the SQL refunds the credit) and go on. Everything
 * goes through the service key: the worker is the only writer of a run besides the SQL functions.
 */

type Db = SupabaseClient<Database>

const ACTIVE = ['rendering', 'encoding', 'uploading'] as const
/** progress rows a second at most: enough for a live bar, little for the database */
const PROGRESS_EVERY_MS = 250
const HEARTBEAT_EVERY_MS = 5_000

export interface Renderer {
  render(job: RenderJob, onProgress: (p: RenderProgress) => void, signal: AbortSignal): Promise<{ durationInFrames: number; fps: number }>
}

export interface WorkerOptions {
  db: Db
  renderer: Renderer
  workerId: string
  /** tests: render only this slice (or the first `maxFrames`); `scale`: a factor on the run's own size */
  frameRange?: [number, number]
  maxFrames?: number
  scale?: number
  log?: (...parts: unknown[]) => void
  /** the worker is stopping: the run in hand goes back to the queue at once (no wait for the stale check) */
  shutdown?: AbortSignal
  /** told how each run ended (error reporting and analytics, scripts/render-worker.ts); never fails a run */
  onOutcome?: (run: RenderRun, outcome: RunOutcome) => void | Promise<void>
  /** the segment cache (issue 28): team runs reuse and fill it; none renders every frame */
  segments?: SegmentStore | null
}


async function tell(options: WorkerOptions, run: RenderRun, outcome: RunOutcome): Promise<void> {
  try {
    await options.onOutcome?.(run, outcome)
  } catch (error) {
    options.log?.(`[worker] reporting the outcome of run ${run.id} failed`, error)
  }
}

const EXTENSIONS: Partial<Record<Codec, string>> = { h264: 'mp4', h265: 'mp4', vp8: 'webm', vp9: 'webm', gif: 'gif', mp3: 'mp3', aac: 'aac', wav: 'wav', prores: 'mov', 'h264-mkv': 'mkv', 'h264-ts': 'ts' }
const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif', mp3: 'audio/mpeg', aac: 'audio/aac', wav: 'audio/wav', mov: 'video/quicktime', mkv: 'video/x-matroska', ts: 'video/mp2t' }

/** Claims and renders one run; answers whether there was one. */
export async function processNextRun(options: WorkerOptions): Promise<boolean> {
  const { db, workerId } = options
  const { data, error } = await db.rpc('claim_render_run', { p_worker_id: workerId })
  if (error) throw new Error(`claiming a run failed: ${error.message}`)
  const run = (data as RenderRun[] | null)?.[0]
  if (!run) return false
  await renderRun(options, run)
  return true
}

async function renderRun(options: WorkerOptions, run: RenderRun): Promise<void> {
  const { db, renderer, log = () => {} } = options
  const startedAt = Date.now()
  const dir = await mkdtemp(path.join(os.tmpdir(), `render-${run.id}-`))
  const controller = new AbortController()
  let lastWrite = 0
  let canceled = false
  /** writes progress (and the heartbeat); a run that is no longer active was canceled: stop */
  const report = async (values: Partial<Pick<RenderRun, 'status' | 'stage' | 'progress' | 'rendered_frames' | 'encoded_frames' | 'reused_frames'>>) => {
    const { data, error } = await db
      .from('render_runs')
      .update({ ...values, heartbeat_at: new Date().toISOString() })
      .eq('id', run.id)
      .in('status', [...ACTIVE])
      .select('id')
    if (error) log('[worker] progress write failed', error.message)
    else if (!data.length && !canceled) {
      canceled = true
      controller.abort()
    }
  }
  const heartbeat = setInterval(() => void report({}), HEARTBEAT_EVERY_MS)
  const stop = () => controller.abort()
  options.shutdown?.addEventListener('abort', stop, { once: true })
  // a stop that came between the claim and here: the listener above would never hear it
  if (options.shutdown?.aborted) stop()
  try {
    const { job, checked, timeline, ext } = await buildJob(db, {
      template: run.template, format: run.format, props: run.props, teamId: run.team_id, trialOwner: run.requested_by,
      width: run.width, codec: run.codec, quality: run.quality, dir,
      frameRange: options.frameRange ?? (options.maxFrames ? [0, Math.min(options.maxFrames, run.total_frames) - 1] : undefined),
      scale: options.scale,
    })
    // team renders go through the segment cache: unchanged segments are reused, new ones kept
    if (options.segments && run.team_id && run.video_id) {
      job.cache = {
        store: options.segments, teamId: run.team_id, videoId: run.video_id, props: completeProps(run.template as TemplateId, checked.props), timeline,
        speculative: false, log, onReuse: (frames) => void (frames > 0 && report({ reused_frames: frames })),
      }
    }
    await report({ stage: 'Rendering frames' })
    const result = await renderer.render(
      job,
      (p) => {
        const now = Date.now()
        if (now - lastWrite < PROGRESS_EVERY_MS) return
        lastWrite = now
        void report({ status: p.stage === 'Encoding' ? 'encoding' : 'rendering', stage: p.stage, progress: p.progress, rendered_frames: p.renderedFrames, encoded_frames: p.encodedFrames })
      },
      controller.signal,
    )
    if (canceled) return
    await report({ status: 'uploading', stage: 'Uploading', progress: 0.99 })
    if (canceled) return
    // trial runs (no team) keep their files in the person's own trial folder
    const folder = run.team_id ? `${run.team_id}/renders/${run.id}` : `trials/${run.requested_by}/renders/${run.id}`
    const outputPath = `${folder}/${path.basename(job.outputFile)}`
    const posterPath = `${folder}/poster.jpg`
    const bucket = db.storage.from(RENDERS_BUCKET)
    const [video, poster] = await Promise.all([readFile(job.outputFile), readFile(job.posterFile)])
    const up1 = await bucket.upload(outputPath, video, { contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', upsert: true })
    if (up1.error) throw new Error(`uploading the video failed: ${up1.error.message}`)
    const up2 = await bucket.upload(posterPath, poster, { contentType: 'image/jpeg', upsert: true })
    if (up2.error) throw new Error(`uploading the poster failed: ${up2.error.message}`)
    // the poster at the share pages' widths, stored now so a page never resizes it per request
    await storeWebPosters(bucket, posterPath, poster)
    // captions.srt / .vtt beside them, timed by the frames this render holds (none without narration words)
    const captions = await uploadCaptionFiles(db, folder, checked.props, timeline, { from: job.frameRange?.[0], to: (job.frameRange?.[0] ?? 0) + result.durationInFrames })
    const bytes = (await stat(job.outputFile)).size
    const done = await db.rpc('complete_render_run', {
      p_run_id: run.id, p_output_path: outputPath, p_output_bytes: bytes, p_poster_path: posterPath,
      p_duration_s: result.durationInFrames / result.fps, p_captions_srt_path: captions?.srt, p_captions_vtt_path: captions?.vtt,
    })
    if (done.error) {
      // canceled while uploading: the files are not kept
      await bucket.remove([outputPath, posterPath, ...webPosterPaths(posterPath), ...(captions ? [captions.srt, captions.vtt] : [])])
      if (!/no longer in progress/.test(done.error.message)) throw new Error(done.error.message)
    }
    log(`[worker] run ${run.id} succeeded: ${bytes} bytes`)
    if (!done.error) await tell(options, run, { ok: true, bytes, durationS: result.durationInFrames / result.fps, renderMs: Date.now() - startedAt })
  } catch (error) {
    if (canceled) {
      log(`[worker] run ${run.id} was canceled`)
      return
    }
    if (options.shutdown?.aborted) {
      const { error: requeueError } = await db
        .from('render_runs')
        .update({ status: 'queued', stage: 'Waiting for a renderer', progress: 0, rendered_frames: 0, encoded_frames: 0 })
        .eq('id', run.id)
        .in('status', [...ACTIVE])
      log(`[worker] stopping: run ${run.id} ${requeueError ? `could not be requeued (${requeueError.message}); the next start recovers it` : 'is back in the queue'}`)
      return
    }
    log(`[worker] run ${run.id} failed`, error)
    const message = failureMessage(error, { trial: Boolean(run.trial_project_id) })
    const failed = await db.rpc('fail_render_run', { p_run_id: run.id, p_message: message })
    if (failed.error) log('[worker] could not record the failure', failed.error.message)
    await tell(options, run, { ok: false, error, message, renderMs: Date.now() - startedAt })
  } finally {
    options.shutdown?.removeEventListener('abort', stop)
    clearInterval(heartbeat)
    await rm(dir, { recursive: true, force: true })
  }
}

/** What the renderer needs for a video's props and settings (a run's, or a render ahead's). */
export async function buildJob(
  db: Db,
  input: {
    template: string; format: string; props: unknown; teamId: string | null; trialOwner: string | null
    width: number; codec: string; quality: string; dir: string; frameRange?: [number, number]; scale?: number
  },
) {
  const template = input.template as TemplateId
  const checked = validateVideoProps(template, input.format, input.props, input.teamId ?? undefined)
  if (!checked.ok) throw new Error(`the stored props no longer fit the template: ${checked.error}`)
  // the media step: only references (signed here, for the configured project) and bundled files;
  // anything else stops the run before a byte is fetched (lib/render/media-sources.ts)
  const media = await resolveRunMedia(db, checked.props, input.teamId ?? (input.trialOwner ? `trials/${input.trialOwner}` : null))
  const props = completeProps(template, media.props)
  const ext = EXTENSIONS[input.codec as Codec] ?? 'mp4'
  const name = outNameFor(template, input.format, checked.props)
  const timeline = timelineFor(template, checked.props)
  const job: RenderJob = {
    compositionId: compositionId(template, input.format),
    inputProps: props as unknown as Record<string, unknown>,
    codec: input.codec as Codec,
    outputFile: path.join(input.dir, `${name}.${ext}`),
    posterFile: path.join(input.dir, 'poster.jpg'),
    posterFrame: posterFrame(timeline),
    frameRange: input.frameRange,
    // a run's size is its snapshot: team runs render at the format's size, trial runs at 720p; a test
    // rig's scale is a factor on that, never a replacement (it made trial MP4s full HD: issue 26)
    scale: Math.min(1, input.width / VIDEO_FORMATS[input.format as VideoFormat].width) * (input.scale ?? 1),
    size: { ...VIDEO_FORMATS[input.format as VideoFormat], fps: timeline.fps, totalFrames: timeline.durationInFrames },
    quality: input.quality === 'high' ? 'high' : 'standard',
    mediaOrigins: media.origins,
    cuts: cutFrames(timeline),
  }
  return { job, checked: { props: checked.props }, timeline, ext }
}

/** At start: runs a dead worker left go back to the queue (up to `maxAttempts`), or fail with a refund. */
export async function recoverStaleRuns(db: Db, staleSeconds = 60, maxAttempts = 3): Promise<{ requeued: number; failed: number }> {
  const { data, error } = await db.rpc('recover_render_runs', { p_stale_seconds: staleSeconds, p_max_attempts: maxAttempts })
  if (error) throw new Error(`recovering runs failed: ${error.message}`)
  return (data as { requeued: number; failed: number }[])[0] ?? { requeued: 0, failed: 0 }
}
