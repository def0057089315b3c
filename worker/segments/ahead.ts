import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import { missingNarration } from '@/lib/narration/video'
import { completeProps, type TemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import { buildJob } from '../loop'
import type { WebRenderer } from '../web-renderer'
import type { CacheReport } from './render'
import type { SegmentStore } from './store'

/*
 * Render ahead (issue 28): when the worker has no run, it takes a video whose props have settled
 * (no edit for SETTLE_SECONDS: autosave and narration are done) and renders the segments and sound
 * a click on Render with every default would need (H.264, standard quality, the format's size, the
 * branded cut), so the click only joins them. It never takes a credit and never writes a run; it is
 * bounded per team (TEAM_FRAMES_PER_HOUR of speculative frames an hour, counted by the database),
 * skips videos whose narration a render would first have to speak, and stops at once when a real run
 * is queued (checked every PREEMPT_POLL_MS): what it finished by then stays in the cache.
 */

type Db = SupabaseClient<Database>

export const SETTLE_SECONDS = 20
/** About three minutes of 30-fps video an hour per team. */
export const TEAM_FRAMES_PER_HOUR = 5_400
const PREEMPT_POLL_MS = 500

const candidateSchema = z.object({
  id: z.string().uuid(),
  team_id: z.string().uuid(),
  template: z.string(),
  format: z.string(),
  props: z.unknown(),
  version: z.number().int(),
  voice_id: z.string().uuid().nullable(),
})

export interface AheadOptions {
  db: Db
  renderer: WebRenderer
  store: SegmentStore
  /** the worker's own test-rig settings, so the keys match the runs it will render */
  scale?: number
  maxFrames?: number
  settleSeconds?: number
  teamFramesPerHour?: number
  log?: (...parts: unknown[]) => void
  /** the worker is stopping */
  shutdown?: AbortSignal
}

export interface AheadOutcome {
  videoId: string
  report: CacheReport | null
  /** a real run was queued and the render ahead stopped for it */
  preempted: boolean
}

/** Versions already complete in the cache: not looked up again until they change. */
const complete = new Map<string, number>()

/** A local run waiting for a worker (the only thing render ahead gives way to). */
export async function runWaiting(db: Db): Promise<boolean> {
  const { count, error } = await db.from('render_runs').select('id', { count: 'exact', head: true }).eq('status', 'queued').eq('renderer', 'local')
  return Boolean(error) || (count ?? 0) > 0
}

/** One idle step: renders ahead one video that needs it; null when none did. */
export async function renderAheadOnce(options: AheadOptions): Promise<AheadOutcome | null> {
  const { db, log = () => {} } = options
  const { data, error } = await db.rpc('render_ahead_candidates', {
    p_settle_seconds: options.settleSeconds ?? SETTLE_SECONDS,
    p_team_frames: options.teamFramesPerHour ?? TEAM_FRAMES_PER_HOUR,
    p_limit: 10,
  })
  if (error) throw new Error(`finding videos to render ahead failed: ${error.message}`)
  for (const raw of z.array(candidateSchema).parse(data ?? [])) {
    if (complete.get(raw.id) === raw.version) continue
    if (await runWaiting(db)) return null
    const outcome = await renderAhead(options, raw).catch((e) => {
      log(`[worker] rendering video ${raw.id} ahead failed`, e)
      return null
    })
    if (!outcome) {
      // props that cannot render (or a failure) are not tried again until the video changes
      complete.set(raw.id, raw.version)
      continue
    }
    if (!outcome.preempted) complete.set(raw.id, raw.version)
    // a long-lived worker forgets the oldest (it only looks them up again, once)
    if (complete.size > 10_000) complete.delete(complete.keys().next().value!)
    if (outcome.preempted || (outcome.report && (outcome.report.renderedFrames > 0 || !outcome.report.audioReused))) return outcome
  }
  return null
}

async function renderAhead(options: AheadOptions, video: z.infer<typeof candidateSchema>): Promise<AheadOutcome | null> {
  const { db, log = () => {} } = options
  // the props a default click queues: the branded cut (queue_render drops `unbranded`)
  const stored = { ...(video.props as Record<string, unknown>) }
  delete stored.unbranded
  const dir = await mkdtemp(path.join(os.tmpdir(), `ahead-${video.id}-`))
  const controller = new AbortController()
  const stop = () => controller.abort()
  options.shutdown?.addEventListener('abort', stop, { once: true })
  let preempted = false
  const watch = setInterval(() => {
    void runWaiting(db).then((waiting) => {
      if (waiting && !controller.signal.aborted) {
        preempted = true
        controller.abort()
      }
    })
  }, PREEMPT_POLL_MS)
  try {
    const format = VIDEO_FORMATS[video.format as VideoFormat]
    if (!format) return null
    const { job, checked, timeline } = await buildJob(db, {
      template: video.template, format: video.format, props: stored, teamId: video.team_id, trialOwner: null,
      width: format.width, codec: 'h264', quality: 'standard', dir, scale: options.scale,
    })
    // a render would first speak these scenes: their sound (and maybe their lengths) will change
    const unspoken = missingNarration(checked.props, video.voice_id)
    if (unspoken.missing.length || unspoken.stale.length) return null
    if (options.maxFrames) job.frameRange = [0, Math.min(options.maxFrames, timeline.durationInFrames) - 1]
    if (!options.renderer.handles(job)) return null
    let report: CacheReport | null = null
    job.cache = {
      store: options.store, teamId: video.team_id, videoId: video.id, props: completeProps(video.template as TemplateId, checked.props), timeline,
      speculative: true, aheadOnly: true, log,
    }
    try {
      const result = await options.renderer.render(job, () => {}, controller.signal)
      report = (result as { cache?: CacheReport }).cache ?? null
    } catch (error) {
      if (preempted || options.shutdown?.aborted) return { videoId: video.id, report, preempted: true }
      throw error
    }
    if (report && report.renderedFrames > 0) log(`[worker] rendered video ${video.id} ahead: ${report.renderedFrames} frames in ${report.segments - report.reusedSegments} segments`)
    return { videoId: video.id, report, preempted }
  } finally {
    clearInterval(watch)
    options.shutdown?.removeEventListener('abort', stop)
    await rm(dir, { recursive: true, force: true })
  }
}
