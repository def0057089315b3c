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

/** [first, last] (inclusive) cut into `parts` runs of whole frames; short videos are not split. */
export function splitFrames(first: number, last: number, parts: number): [number, number][] {
  const frames = last - first + 1
  const count = frames < 60 ? 1 : Math.min(parts, frames)
  const ranges: [number, number][] = []
  for (let i = 0; i < count; i++) {
    const start = first + Math.round((frames * i) / count)
    const end = first + Math.round((frames * (i + 1)) / count) - 1
    ranges.push([start, end])
  }
  return ranges
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
  const list = path.join(path.dirname(output), 'parts.txt')
  const joined = path.join(path.dirname(output), 'joined.mov')
  await writeFile(list, parts.map(({ file }) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n'))
  const audioInputs = parts.flatMap(({ file }) => ['-i', file])
  const audioJoin =
    parts.map(({ seconds }, i) => `[${i + 1}:a]atrim=duration=${seconds.toFixed(6)},asetpts=PTS-STARTPTS[a${i}]`).join(';') +
    ';' + parts.map((_, i) => `[a${i}]`).join('') + `concat=n=${parts.length}:v=0:a=1[a]`
  try {
    await runFf('ffmpeg', [
      '-y', '-f', 'concat', '-safe', '0', '-i', list, ...audioInputs,
      '-filter_complex', audioJoin,
      '-map', '0:v', '-map', '[a]',
      '-c:v', 'copy', '-bsf:v', COLOUR_BSF,
      '-c:a', 'pcm_s16le',
      joined,
    ], signal)
    return await masterFile(joined, output, signal)
  } finally {
    await Promise.all([list, joined, ...parts.map(({ file }) => file)].map((f) => rm(f, { force: true })))
  }
}

export const COLOUR_BSF = 'h264_metadata=video_full_range_flag=0:colour_primaries=1:transfer_characteristics=1:matrix_coefficients=1'
