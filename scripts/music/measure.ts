import { spawn } from 'node:child_process'
import { ffBinary, runFf } from '../../worker/ffmpeg'
import { filter } from './synth'

/*
 * Numbers for audio nobody here can listen to: peak, RMS and the energy per band of PCM, the
 * integrated loudness and true peak by ffmpeg's loudnorm (EBU R128), and decoding any file to PCM.
 * Used by compose.ts (normalising and checking the tracks) and the render check of the ducking.
 */

export const dB = (x: number) => (x > 0 ? 20 * Math.log10(x) : -Infinity)

export type Levels = { peakDb: number; rmsDb: number; clipped: number; bands: { low: number; mid: number; high: number } }

/** Peak and RMS (dBFS) over both channels, samples at or over full scale, and RMS (dBFS) per band. */
export function levels(channels: Float32Array[]): Levels {
  let peak = 0
  let sum = 0
  let clipped = 0
  let n = 0
  for (const ch of channels) {
    for (let i = 0; i < ch.length; i++) {
      const a = Math.abs(ch[i])
      if (a > peak) peak = a
      if (a >= 0.999) clipped++
      sum += ch[i] * ch[i]
      n++
    }
  }
  const band = (mode: 'low' | 'band' | 'high', cutoff: number) => {
    const copy = Float32Array.from(channels[0])
    filter(copy, mode, cutoff, mode === 'band' ? 0.5 : 0.707)
    let s = 0
    for (let i = 0; i < copy.length; i++) s += copy[i] * copy[i]
    return dB(Math.sqrt(s / Math.max(1, copy.length)))
  }
  return {
    peakDb: dB(peak),
    rmsDb: dB(Math.sqrt(sum / Math.max(1, n))),
    clipped,
    bands: { low: band('low', 200), mid: band('band', 1500), high: band('high', 5000) },
  }
}

/** RMS (dBFS, both channels) of the samples in [from, to) seconds. */
export function rmsBetween(channels: Float32Array[], sampleRate: number, from: number, to: number): number {
  let sum = 0
  let n = 0
  const a = Math.max(0, Math.floor(from * sampleRate))
  for (const ch of channels) {
    const b = Math.min(ch.length, Math.floor(to * sampleRate))
    for (let i = a; i < b; i++) {
      sum += ch[i] * ch[i]
      n++
    }
  }
  return dB(Math.sqrt(sum / Math.max(1, n)))
}

/** A file's first audio stream as float PCM, de-interleaved (via 16-bit WAV: Remotion's ffmpeg has no raw muxer). */
export async function decode(file: string, sampleRate = 44100): Promise<Float32Array[]> {
  const wav = await runFf('ffmpeg', ['-i', file, '-map', '0:a:0', '-ac', '2', '-ar', String(sampleRate), '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'])
  const data = wav.indexOf('data', 12)
  if (data < 0) throw new Error(`no PCM data decoded from ${file}`)
  const start = data + 8
  const frames = Math.floor((wav.length - start) / 4)
  const l = new Float32Array(frames)
  const r = new Float32Array(frames)
  for (let i = 0; i < frames; i++) {
    l[i] = wav.readInt16LE(start + 4 * i) / 32768
    r[i] = wav.readInt16LE(start + 4 * i + 2) / 32768
  }
  return [l, r]
}

export type Loudness = { integratedLufs: number; truePeakDbtp: number; rangeLu: number }

/**
 * EBU R128 integrated loudness, true peak and loudness range (ffmpeg loudnorm, first pass) of a file,
 * or of ffmpeg input arguments (raw PCM: ['-f', 'f32le', …, '-i', file]).
 */
export async function loudness(file: string | string[]): Promise<Loudness> {
  // loudnorm prints its measurement on stderr at the info level; runFf keeps only errors, so ask for them
  const { file: bin, env } = ffBinary('ffmpeg')
  const stderr = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostats', ...(typeof file === 'string' ? ['-i', file] : file), '-map', '0:a:0', '-af', 'loudnorm=print_format=json', '-f', 'null', '-'], { env })
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(err) : reject(new Error(`ffmpeg loudnorm exited with ${code}: ${err.slice(-500)}`))))
  })
  const json = stderr.slice(stderr.lastIndexOf('{'), stderr.lastIndexOf('}') + 1)
  const parsed = JSON.parse(json) as { input_i: string; input_tp: string; input_lra: string }
  return { integratedLufs: Number(parsed.input_i), truePeakDbtp: Number(parsed.input_tp), rangeLu: Number(parsed.input_lra) }
}
