import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { probe, runFf } from '../ffmpeg'
import { truePeak } from '@/lib/audio/meter'
import { normaliseLoudness } from '@/lib/audio/normalise'
import { pcmToWav16 } from '@/lib/audio/pcm'
import { decodeFile } from './decode'
import { MIX_TARGET_LUFS, MIX_TRUE_PEAK_DBTP } from '@/lib/audio/targets'

/*
 * The master step of every render path: the finished file's audio is measured (BS.1770, the whole
 * mix: voice, music, whatever the template plays), brought to MIX_TARGET_LUFS with a true-peak
 * ceiling under MIX_TRUE_PEAK_DBTP (lib/audio/normalise.ts), and encoded again; the picture is
 * copied untouched. The encoder can lift peaks a little (AAC by ~0.1–0.5 dB), so the written file is
 * decoded and measured, and mastered again with a lower ceiling if its true peak is over.
 * Used by the worker's in-browser join (worker/web-parts.ts), after renderMedia
 * (worker/fallback-renderer.ts) and on the copy of a Lambda output (worker/lambda-finish.ts).
 */

export type MasterReport = { before: number; after: number; gainDb: number; truePeakDbtp: number; limited: number } | null

/** The encoder for the output's container (the input's codec where the container takes it). */
function audioEncoder(output: string, inputCodec: string): string[] {
  const ext = path.extname(output).slice(1).toLowerCase()
  if (ext === 'webm') return ['-c:a', 'libopus', '-b:a', '160k']
  if (ext === 'mp3') return ['-c:a', 'libmp3lame', '-b:a', '192k']
  if (ext === 'wav') return ['-c:a', 'pcm_s16le']
  if ((ext === 'mov' || ext === 'mkv') && inputCodec.startsWith('pcm_')) return ['-c:a', 'pcm_s16le']
  if (ext === 'mkv' && inputCodec === 'opus') return ['-c:a', 'libopus', '-b:a', '160k']
  return ['-c:a', 'aac', '-b:a', '192k']
}

/**
 * Writes `output`: `input`'s picture as it is and its audio at the mix target. A file without audio
 * (a GIF) is copied and answers null. `output` must differ from `input`.
 */
export async function masterFile(input: string, output: string, signal?: AbortSignal): Promise<MasterReport> {
  const info = await probe(input)
  const audio = info.streams.find((s) => s.codec_type === 'audio')
  const hasVideo = info.streams.some((s) => s.codec_type === 'video')
  if (!audio) {
    await runFf('ffmpeg', ['-y', '-i', input, '-c', 'copy', output], signal)
    return null
  }
  const pcm = await decodeFile(input, { signal })
  const folder = await mkdtemp(path.join(tmpdir(), 'master-'))
  try {
    const wav = path.join(folder, 'mix.wav')
    const ext = path.extname(output).slice(1).toLowerCase()
    // the limiter's ceiling leaves a decibel for the encoder; what is written must read ≥ 0.3 dB under the limit
    let ceiling = MIX_TRUE_PEAK_DBTP - 1
    let report: MasterReport = null
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = normaliseLoudness(pcm, { targetLufs: MIX_TARGET_LUFS, ceilingDbtp: ceiling })
      await writeFile(wav, pcmToWav16(result.pcm))
      await runFf(
        'ffmpeg',
        [
          '-y', '-i', input, '-i', wav,
          ...(hasVideo ? ['-map', '0:v:0', '-c:v', 'copy'] : []),
          '-map', '1:a:0', ...audioEncoder(output, audio.codec_name),
          ...(ext === 'mp4' || ext === 'mov' || ext === 'm4a' ? ['-movflags', '+faststart'] : []),
          output,
        ],
        signal,
      )
      const written = truePeak(await decodeFile(output, { signal }))
      report = { before: result.before, after: result.after, gainDb: result.gainDb, truePeakDbtp: written, limited: result.limited }
      if (!(written > MIX_TRUE_PEAK_DBTP - 0.3)) break
      ceiling -= written - (MIX_TRUE_PEAK_DBTP - 0.3) + 0.2
    }
    return report
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
