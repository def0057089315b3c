import { spawn } from 'node:child_process'
import { ffBinary } from '../../worker/ffmpeg.ts'

/*
 * What people hear, measured by ffmpeg: EBU R128 integrated loudness and true peak of a file (or of
 * a window of it) by the loudnorm filter's measuring pass, in the ffmpeg Remotion ships (it has no
 * `ebur128` filter; loudnorm measures by the same BS.1770 rules: K-weighting, 400 ms blocks, the
 * −70 LUFS and −10 LU gates, the 4× oversampled true peak). `dualMono`: a mono file as played on
 * two speakers (+3 dB).
 */

export type FfLoudness = { integratedLufs: number; truePeakDbtp: number; rangeLu: number }

export async function ffmpegLoudness(file: string, opts: { from?: number; to?: number; dualMono?: boolean } = {}): Promise<FfLoudness> {
  const { file: bin, env } = ffBinary('ffmpeg')
  const window = [...(opts.from !== undefined ? ['-ss', opts.from.toFixed(3)] : []), ...(opts.to !== undefined ? ['-t', (opts.to - (opts.from ?? 0)).toFixed(3)] : [])]
  const filter = `${opts.dualMono ? 'pan=stereo|c0=c0|c1=c0,' : ''}loudnorm=print_format=json`
  const stderr = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostats', ...window, '-i', file, '-map', '0:a:0', '-af', filter, '-f', 'null', '-'], { env })
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(err) : reject(new Error(`ffmpeg loudnorm exited with ${code}: ${err.slice(-500)}`))))
  })
  const json = JSON.parse(stderr.slice(stderr.lastIndexOf('{'), stderr.lastIndexOf('}') + 1)) as { input_i: string; input_tp: string; input_lra: string }
  return { integratedLufs: Number(json.input_i), truePeakDbtp: Number(json.input_tp), rangeLu: Number(json.input_lra) }
}
