import { segmentStarts, type Timeline, type TimelineSegment } from '@/remotion/duration'

/*
 * Where a video is cut into cached segments (issue 28). A cut lies in the middle of a scene's clean
 * stretch, between its transition in and its transition out, never inside a transition: so each
 * segment holds the second half of one scene, one transition and the first half of the next, and
 * its frames depend on those two scenes alone. Each segment is encoded on its own, so it starts with
 * a keyframe and the segments join without re-encoding (worker/web-parts.ts).
 */

/** One timeline segment (card or photo scene) a cached segment shows part of. */
export interface Overlap {
  /** its place in the timeline (the transition into it depends on it) */
  index: number
  kind: TimelineSegment['kind']
  sceneIndex?: number
  /** its first frame and length, in the video's frames */
  start: number
  durationInFrames: number
}

export interface PlannedSegment {
  /** inclusive, in the video's frames */
  from: number
  to: number
  overlaps: Overlap[]
}

/** Segments shorter than this are joined to the one before (a cut costs a keyframe and a tab's start-up). */
const MIN_SEGMENT_SECONDS = 1

/** The cut frames: the middle of each timeline segment's clean stretch (none in the first). */
export function cutFrames(timeline: Timeline): number[] {
  const starts = segmentStarts(timeline)
  const t = timeline.transitionFrames
  const cuts: number[] = []
  timeline.segments.forEach((segment, index) => {
    if (index === 0) return
    const last = index === timeline.segments.length - 1
    const cleanFrom = starts[index] + t
    const cleanTo = starts[index] + segment.durationInFrames - (last ? 0 : t)
    cuts.push(Math.floor((cleanFrom + cleanTo) / 2))
  })
  return cuts
}

/** The video's frames [first, last] as cached segments, with the timeline segments each one shows. */
export function planSegments(timeline: Timeline, first = 0, last = timeline.durationInFrames - 1): PlannedSegment[] {
  const minFrames = Math.round(MIN_SEGMENT_SECONDS * timeline.fps)
  const bounds = [first]
  for (const cut of cutFrames(timeline)) {
    if (cut - bounds[bounds.length - 1] >= minFrames && last + 1 - cut >= minFrames) bounds.push(cut)
  }
  bounds.push(last + 1)
  const starts = segmentStarts(timeline)
  const overlapsOf = (from: number, to: number): Overlap[] =>
    timeline.segments.flatMap((segment, index) => {
      const start = starts[index]
      const end = start + segment.durationInFrames - 1
      if (end < from || start > to) return []
      return [{ index, kind: segment.kind, ...(segment.sceneIndex === undefined ? {} : { sceneIndex: segment.sceneIndex }), start, durationInFrames: segment.durationInFrames }]
    })
  return bounds.slice(0, -1).map((from, i) => {
    const to = bounds[i + 1] - 1
    return { from, to, overlaps: overlapsOf(from, to) }
  })
}
