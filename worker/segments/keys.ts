import { createHash } from 'node:crypto'
import type { Timeline } from '@/remotion/duration'
import type { PhotoScene, VideoProps } from '@/remotion/schema'
import type { PlannedSegment } from './plan'

/*
 * The cache keys (issue 28): a SHA-256 of everything that can change a segment's frames, and nothing
 * else, so an edit re-renders exactly the segments it shows in. A video segment's key holds:
 *  - the render page's code (a hash of its bundle: templates, fonts, the renderer) and KEY_VERSION;
 *  - the team (a segment is never served to another team, whatever its content);
 *  - the output: composition, size, scale, fps, bitrate, keyframe interval, and the frames it covers;
 *  - the timeline segments it shows (place, kind, start, length) and the transition length;
 *  - the props every frame can show (listing, brand, agent, captions, template options…) but not
 *    the sound (music, narration track, scripts, voice), and of the scenes only those it shows
 *    (a card may draw any scene's photo but none of its words, so a card's segment holds every
 *    scene's photo);
 *  - each picture's content version (its storage object's id, ETag and last write; a bundled file's hash).
 * The audio is rendered whole and keyed apart (audioKey): the timeline, music, narration and each
 * scene's spoken clip, so a caption edit keeps it and a voice change keeps every picture.
 */

/** Bump when the key's recipe changes: every cached segment then misses once. */
export const KEY_VERSION = 1

export interface KeyContext {
  /** hash of the render page's bundle (worker/web-bundle.ts) */
  codeVersion: string
  teamId: string
  compositionId: string
  width: number
  height: number
  fps: number
  scale: number
  videoBitrate: number
  keyframeIntervalInSeconds: number
  /** each media source of the props (a `media:` ref or a bundled path) → its content version */
  mediaVersions: Record<string, string>
}

/** JSON with sorted keys and each known media source tagged with its version. */
function canonical(value: unknown, versions: Record<string, string>): string {
  if (typeof value === 'string') return JSON.stringify(versions[value] === undefined ? value : `${value}#${versions[value]}`)
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, versions)).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, versions)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** What of a scene can reach its pictures: the photo, caption, length, motion and the spoken words (captions). */
export function sceneVisuals(scene: PhotoScene): Record<string, unknown> {
  return {
    src: scene.src,
    caption: scene.caption,
    seconds: scene.seconds,
    motion: scene.motion,
    narration: scene.narration ? { seconds: scene.narration.seconds, words: scene.narration.words } : undefined,
  }
}

/** The props minus the sound and the scene list (which sceneVisuals covers, scene by scene). */
export function globalVisuals(props: VideoProps): Record<string, unknown> {
  const { scenes, music: _music, narration: _narration, ...rest } = props
  return { ...rest, sceneCount: scenes.length }
}

function output(ctx: KeyContext) {
  const { codeVersion, teamId, compositionId, width, height, fps, scale, videoBitrate, keyframeIntervalInSeconds } = ctx
  return { v: KEY_VERSION, codeVersion, teamId, compositionId, width, height, fps, scale, videoBitrate, keyframeIntervalInSeconds }
}

export function videoSegmentKey(ctx: KeyContext, props: VideoProps, timeline: Timeline, segment: PlannedSegment): string {
  const showsCard = segment.overlaps.some((o) => o.kind !== 'photo')
  const scenes = segment.overlaps.flatMap((o) => (o.sceneIndex === undefined ? [] : [{ i: o.sceneIndex, ...sceneVisuals(props.scenes[o.sceneIndex]) }]))
  return sha256(
    canonical(
      {
        kind: 'video', out: output(ctx), from: segment.from, to: segment.to,
        transitionFrames: timeline.transitionFrames, overlaps: segment.overlaps,
        props: globalVisuals(props), scenes,
        // the cards draw photos (the title the first, a details card the second…) but no scene's words
        photos: showsCard ? props.scenes.map((scene) => scene.src) : undefined,
      },
      ctx.mediaVersions,
    ),
  )
}

/** The whole sound of frames [first, last]: what AudioTracks and SceneNarration play. */
export function audioKey(ctx: Pick<KeyContext, 'codeVersion' | 'teamId' | 'compositionId' | 'fps' | 'mediaVersions'>, props: VideoProps, timeline: Timeline, first: number, last: number): string {
  return sha256(
    canonical(
      {
        kind: 'audio', v: KEY_VERSION, codeVersion: ctx.codeVersion, teamId: ctx.teamId, compositionId: ctx.compositionId, fps: ctx.fps,
        first, last, timeline: { t: timeline.transitionFrames, segments: timeline.segments },
        music: props.music ?? null, narration: props.narration ?? null,
        spoken: props.scenes.map((s) => (s.narration ? { src: s.narration.src, seconds: s.narration.seconds } : null)),
      },
      ctx.mediaVersions,
    ),
  )
}
