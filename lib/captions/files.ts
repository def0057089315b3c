import { CAPTION_LAYOUTS, captionCues, hasCaptionWords, type CaptionCue } from '@/remotion/captions/timing'
import type { Timeline } from '@/remotion/duration'
import type { VideoProps } from '@/remotion/schema'

/*
 * The caption files written beside a render: SubRip (.srt) and WebVTT (.vtt), from the same cues the
 * templates draw (remotion/captions/timing.ts), grouped as phrases of at most two lines of 42
 * characters whatever the on-screen style (word-by-word lines would flash by in a player), timed by
 * the frames of the render itself: a cue shows from its first frame to its last, as in the video.
 * Pure and client-safe.
 */

export { CAPTION_LAYOUTS, captionCues, cueAt, hasCaptionWords, wordAt, type CaptionCue, type CaptionStyle } from '@/remotion/captions/timing'

/** `00:01:02,345` (SRT) or `00:01:02.345` (VTT) from seconds, to the millisecond. */
export function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`
}

/** A cue's text may not hold the arrow that separates times, nor a blank line that ends a cue. */
const cleanLine = (line: string) => line.replace(/-->/g, '→').replace(/\s+/g, ' ').trim()

export function toSrt(cues: CaptionCue[], fps: number): string {
  return cues
    .map((cue, i) => `${i + 1}\n${timestamp(cue.startFrame / fps, ',')} --> ${timestamp(cue.endFrame / fps, ',')}\n${cue.lines.map(cleanLine).join('\n')}\n`)
    .join('\n')
}

const escapeVtt = (line: string) => cleanLine(line).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function toVtt(cues: CaptionCue[], fps: number): string {
  const body = cues
    .map((cue, i) => `${i + 1}\n${timestamp(cue.startFrame / fps, '.')} --> ${timestamp(cue.endFrame / fps, '.')}\n${cue.lines.map(escapeVtt).join('\n')}\n`)
    .join('\n')
  return `WEBVTT\n\n${body}`
}

/**
 * The two files for a video, or null when its narration has no word timings. `frames`: the stretch of
 * the timeline actually rendered (a test slice, RENDER_MAX_FRAMES), so no cue outlasts the file and
 * the file's time 0 is the render's first frame.
 */
export function captionFiles(
  props: Pick<VideoProps, 'scenes'>,
  timeline: Timeline,
  frames: { from?: number; to?: number } = {},
): { srt: string; vtt: string; cues: number; endSeconds: number } | null {
  if (!hasCaptionWords(props)) return null
  const from = frames.from ?? 0
  const cues = captionCues(props, timeline, CAPTION_LAYOUTS.file, frames.to)
    .filter((cue) => cue.endFrame > from)
    .map((cue) => ({ ...cue, startFrame: Math.max(0, cue.startFrame - from), endFrame: cue.endFrame - from }))
  if (!cues.length) return null
  return { srt: toSrt(cues, timeline.fps), vtt: toVtt(cues, timeline.fps), cues: cues.length, endSeconds: cues[cues.length - 1].endFrame / timeline.fps }
}
