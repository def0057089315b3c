import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { masterFile, type MasterReport } from './audio/master'
import { runFf } from './ffmpeg'
import type { RenderJob } from './local-renderer'
import { WEB_BITS_PER_PIXEL } from '@/lib/render/quality'

/*
 * The in-browser path's arithmetic and its last step: how the frames are shared between tabs, what
 * bitrate the video gets, and how the parts become one file every player takes.
 */

/**
 * [first, last] (inclusive) cut into `parts` runs of whole frames; short videos are not split. With
 * `cuts` (the frames worker/segments/plan.ts may cut at: inside scenes, away from transitions), each
 * boundary moves to the nearest of them, so no tab starts in the middle of a transition (a tab that
 * did drew the incoming scene's caption late: issue 28's comparison found it).
 */
export function splitFrames(first: number, last: number, parts: number, cuts: readonly number[] = []): [number, number][] {
  const frames = last - first + 1
  const count = frames < 60 ? 1 : Math.min(parts, frames)
  const bounds = [first]
  for (let i = 1; i < count; i++) {
    const ideal = first + Math.round((frames * i) / count)
    const usable = cuts.filter((c) => c > bounds[bounds.length - 1] && c <= last)
    const nearest = usable.reduce<number | null>((best, c) => (best === null || Math.abs(c - ideal) < Math.abs(best - ideal) ? c : best), null)
    // a cut far from the ideal would leave one tab most of the work: then the ideal frame it is
    bounds.push(nearest !== null && Math.abs(nearest - ideal) <= frames / (2 * count) ? nearest : ideal)
  }
  bounds.push(last + 1)
  return bounds.slice(0, -1).map((from, i) => [from, bounds[i + 1] - 1])
}

/**
 * Bits a second for the H.264 stream: a share of the pixel rate by quality (lib/render/quality.ts).
 * WebCodecs' encoder works to a target bitrate (no CRF), so this sets both quality and size; the
 * standard share keeps a listing video within 1.5× the size of Remotion's default output at SSIM
 * ≥ 0.97 against it (`npm run bench:render`; docs/renders.md has the numbers).
 */
export function videoBitrateFor(job: Pick<RenderJob, 'size' | 'quality'>, scale: number): number {
  const { width, height, fps } = job.size!
  return Math.max(200_000, Math.round(width * scale * height * scale * fps * WEB_BITS_PER_PIXEL[job.quality ?? 'standard']))
}

/**
 * The parts, in order, into one MP4: the video stream copied as encoded (ffmpeg's concat demuxer),
 * its colour signalled as BT.709 limited range (`h264_metadata`, no re-encode; the render page
 * squeezed the pixels), the parts' PCM audio cut to each part's exact length and joined (still
 * PCM), then mastered to the mix's loudness target (worker/audio/master.ts) and encoded once as AAC
 * (whose priming the MP4's edit list covers), and the index at the front (`+faststart`) so playback
 * starts before the download ends.
 */
export async function joinParts(parts: { file: string; seconds: number }[], output: string, signal?: AbortSignal): Promise<MasterReport> {
  const audioJoin =
    parts.map(({ seconds }, i) => `[${i + 1}:a]atrim=duration=${seconds.toFixed(6)},asetpts=PTS-STARTPTS[a${i}]`).join(';') +
    ';' + parts.map((_, i) => `[a${i}]`).join('') + `concat=n=${parts.length}:v=0:a=1[a]`
  try {
    return await concatAndMaster(parts.map(({ file }) => ({ file })), parts.map(({ file }) => file), audioJoin, output, signal)
  } finally {
    await Promise.all(parts.map(({ file }) => rm(file, { force: true })))
  }
}

/**
 * Cached segments (worker/segments/render.ts) into one MP4: the segments' video copied as encoded
 * (each starts with a keyframe), the whole render's sound from its own WAV cut to the video's exact
 * length, then mastered and encoded once as AAC like joinParts. The inputs are left in place (they
 * may be on their way into the cache).
 */
export async function joinSegments(segments: { file: string; seconds: number }[], audioFile: string, output: string, signal?: AbortSignal): Promise<MasterReport> {
  const seconds = segments.reduce((sum, s) => sum + s.seconds, 0)
  // each segment's length said outright: a MOV with no audio track ends at its last frame's start,
  // so without it the concat demuxer laid every segment one frame over the one before
  return concatAndMaster(segments, [audioFile], `[1:a]atrim=duration=${seconds.toFixed(6)},asetpts=PTS-STARTPTS[a]`, output, signal)
}

/** The files' video joined by the concat demuxer (copied), the sound made by `audioFilter` from `audioInputs` (inputs 1…), then mastered. */
async function concatAndMaster(videos: { file: string; seconds?: number }[], audioInputs: string[], audioFilter: string, output: string, signal?: AbortSignal): Promise<MasterReport> {
  const list = path.join(path.dirname(output), 'parts.txt')
  const joined = path.join(path.dirname(output), 'joined.mov')
  const entry = ({ file, seconds }: { file: string; seconds?: number }) =>
    `file '${file.replace(/'/g, "'\\''")}'` + (seconds === undefined ? '' : `\nduration ${seconds.toFixed(6)}`)
  await writeFile(list, videos.map(entry).join('\n'))
  try {
    await runFf('ffmpeg', [
      '-y', '-f', 'concat', '-safe', '0', '-i', list, ...audioInputs.flatMap((file) => ['-i', file]),
      '-filter_complex', audioFilter,
      '-map', '0:v', '-map', '[a]',
      '-c:v', 'copy', '-bsf:v', COLOUR_BSF,
      '-c:a', 'pcm_s16le',
      joined,
    ], signal)
    return await masterFile(joined, output, signal)
  } finally {
    await Promise.all([list, joined].map((f) => rm(f, { force: true })))
  }
}

/** Seconds between keyframes in every part and segment (each also starts with one). */
export const KEYFRAME_SECONDS = 2

export const COLOUR_BSF = 'h264_metadata=video_full_range_flag=0:colour_primaries=1:transfer_characteristics=1:matrix_coefficients=1'
