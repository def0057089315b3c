import path from 'node:path'
import type { Timeline } from '@/remotion/duration'
import type { VideoProps } from '@/remotion/schema'
import type { RenderJob, RenderProgress } from '../local-renderer'
import { joinSegments, KEYFRAME_SECONDS, videoBitrateFor } from '../web-parts'
import type { WebRenderer } from '../web-renderer'
import { audioKey, videoSegmentKey, type KeyContext } from './keys'
import { planSegments } from './plan'
import type { SegmentStore } from './store'

/*
 * A render through the cache (issue 28): the video's frames cut into segments (plan.ts), each keyed
 * by what can change its pixels (keys.ts); the team's cached segments are fetched, only the missing
 * ones rendered (muted, over the tabs), the whole sound rendered apart as a WAV (or fetched, keyed by
 * what can change it), and everything joined without re-encoding the video (web-parts.ts). Each
 * new segment is stored as soon as its file is complete, so a render ahead that a real run stops
 * keeps what it finished.
 */

export interface SegmentCacheJob {
  store: SegmentStore
  teamId: string
  videoId: string
  /** the complete props as stored (`media:` refs, not the signed URLs the page gets): the keys' input */
  props: VideoProps
  timeline: Timeline
  /** a render ahead (no run asked for it): its segments count against the team's hourly budget */
  speculative: boolean
  /** render ahead only: store the segments and the sound, make no file */
  aheadOnly?: boolean
  /** told how many frames the cache supplied, before anything renders */
  onReuse?: (frames: number) => void
  log?: (...parts: unknown[]) => void
}

export interface CacheReport {
  segments: number
  reusedSegments: number
  reusedFrames: number
  renderedFrames: number
  audioReused: boolean
  storedBytes: number
}

export async function renderWithCache(
  renderer: WebRenderer,
  job: RenderJob,
  cache: SegmentCacheJob,
  onProgress: (p: RenderProgress) => void,
  signal: AbortSignal,
): Promise<{ durationInFrames: number; fps: number; cache: CacheReport }> {
  const { fps, totalFrames, width, height } = job.size!
  const [first, last] = job.frameRange ?? [0, totalFrames - 1]
  const frames = last - first + 1
  const scale = job.scale ?? 1
  const ctx: KeyContext = {
    codeVersion: await renderer.codeVersion(),
    teamId: cache.teamId,
    compositionId: job.compositionId,
    width, height, fps, scale,
    videoBitrate: videoBitrateFor(job, scale),
    keyframeIntervalInSeconds: KEYFRAME_SECONDS,
    mediaVersions: await cache.store.mediaVersions(cache.props),
  }
  const plan = planSegments(cache.timeline, first, last).map((segment) => ({ ...segment, key: videoSegmentKey(ctx, cache.props, cache.timeline, segment) }))
  const soundKey = audioKey(ctx, cache.props, cache.timeline, first, last)
  const found = await cache.store.found(cache.teamId, [...plan.map((s) => s.key), soundKey])
  const dir = path.dirname(job.outputFile)
  const segmentFile = (key: string) => path.join(dir, `segment-${key.slice(0, 16)}.mov`)
  const audioFile = path.join(dir, `sound-${soundKey.slice(0, 16)}.wav`)
  // the cached files first: one that cannot be read is rendered again like a missing one
  if (!cache.aheadOnly) {
    await Promise.all(
      [...found.values()].map((segment) =>
        cache.store.download(segment, segment.kind === 'audio' ? audioFile : segmentFile(segment.key)).catch((error) => {
          cache.log?.(`[worker] cached segment ${segment.path} could not be read; rendering it again`, error)
          found.delete(segment.key)
        }),
      ),
    )
  }
  const reusedFrames = plan.reduce((sum, s) => sum + (found.has(s.key) ? s.to - s.from + 1 : 0), 0)
  cache.onReuse?.(reusedFrames)
  onProgress({ stage: 'Rendering frames', progress: (0.9 * reusedFrames) / frames, renderedFrames: reusedFrames, encodedFrames: reusedFrames })

  const missing = plan.filter((s) => !found.has(s.key))
  const soundCached = found.get(soundKey)
  const work = [
    ...missing.map((s) => ({ frameRange: [s.from, s.to] as [number, number], muted: true, key: s.key, kind: 'video' as const, frames: s.to - s.from + 1, file: segmentFile(s.key) })),
    ...(soundCached ? [] : [{ frameRange: [first, last] as [number, number], muted: false, audioOnly: true, key: soundKey, kind: 'audio' as const, frames, file: audioFile }]),
  ]
  let storedBytes = 0
  const stores: Promise<void>[] = []
  // a segment that cannot be stored costs a later render its reuse, never this render its result
  const store = (i: number) => {
    const item = work[i]
    stores.push(
      cache.store
        .put({ teamId: cache.teamId, videoId: cache.videoId, key: item.key, kind: item.kind, frames: item.frames, speculative: cache.speculative }, item.file)
        .then((bytes) => void (storedBytes += bytes), (error) => cache.log?.('[worker] storing a segment failed', error)),
    )
  }
  try {
    if (work.length) {
      await renderer.renderParts(job, work, work.map((w) => w.file), (rendered, encoded) =>
        onProgress({
          stage: 'Rendering frames',
          progress: Math.min(0.95, (0.9 * (reusedFrames + encoded)) / frames),
          renderedFrames: reusedFrames + rendered,
          encodedFrames: reusedFrames + encoded,
        }), signal, store)
    }
  } finally {
    // a stop keeps the segments already stored
    await Promise.all(stores)
  }
  const report: CacheReport = {
    segments: plan.length, reusedSegments: plan.length - missing.length, reusedFrames,
    renderedFrames: frames - reusedFrames, audioReused: Boolean(soundCached), storedBytes,
  }
  if (cache.aheadOnly) return { durationInFrames: frames, fps, cache: report }
  onProgress({ stage: 'Encoding', progress: 0.96, renderedFrames: frames, encodedFrames: frames })
  await joinSegments(plan.map((s) => ({ file: segmentFile(s.key), seconds: (s.to - s.from + 1) / fps })), audioFile, job.outputFile, signal)
  await renderer.poster(job, first, last, signal)
  return { durationInFrames: frames, fps, cache: report }
}
