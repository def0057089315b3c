import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { integratedLoudness, measure, type Pcm } from '@/lib/audio/meter'
import { normaliseLoudness } from '@/lib/audio/normalise'
import { pcmToWav16, wavToPcm } from '@/lib/audio/pcm'
import { ffmpegLoudness } from '../../helpers/loudness'

// The in-memory BS.1770 meter against known values (EBU Tech 3341) and against ffmpeg's own EBU R128
// measurement (loudnorm, in the ffmpeg Remotion ships); the normaliser lands on its target under its
// ceiling, as ffmpeg measures the written file.

const SR = 48_000
const dir = mkdtempSync(path.join(os.tmpdir(), 'meter-'))

function sine(freq: number, amplitudeDb: number, seconds: number, channels = 2): Pcm {
  const a = 10 ** (amplitudeDb / 20)
  const x = new Float32Array(Math.round(seconds * SR)).map((_, i) => a * Math.sin((2 * Math.PI * freq * i) / SR))
  return { sampleRate: SR, channels: Array.from({ length: channels }, () => x.slice()) }
}

/** Speech-like: bursts of filtered noise with a pitch, 0.3–0.6 s long, silence between, seeded. */
function bursts(levelDb: number, seconds: number, seed = 7, channels = 1): Pcm {
  let s = seed
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1
  const x = new Float32Array(Math.round(seconds * SR))
  let i = 0
  let lp = 0
  while (i < x.length) {
    const on = Math.round((0.3 + 0.3 * Math.abs(rnd())) * SR)
    const amp = 10 ** (levelDb / 20) * (0.5 + Math.abs(rnd()))
    for (let j = 0; j < on && i < x.length; j++, i++) {
      lp += 0.3 * (rnd() - lp)
      const env = Math.sin((Math.PI * j) / on)
      x[i] = amp * env * (0.6 * lp + 0.4 * Math.sin((2 * Math.PI * 180 * i) / SR))
    }
    i += Math.round((0.1 + 0.25 * Math.abs(rnd())) * SR)
  }
  return { sampleRate: SR, channels: Array.from({ length: channels }, () => x.slice()) }
}

/** One-pole low-passed white noise (seeded), `rate` its pole. */
function noise(rate: number, amplitude: number, seconds: number, channels = 1): Pcm {
  let s = 3
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1
  return {
    sampleRate: SR,
    channels: Array.from({ length: channels }, () => {
      let lp = 0
      return Float32Array.from({ length: seconds * SR }, () => (lp += rate * (rnd() - lp)) * amplitude)
    }),
  }
}

/** A tone on for two thirds of each 1.25 s, off for the rest (the gates at work). */
function gated(freq: number, amplitude: number): Pcm {
  const x = Float32Array.from({ length: 4 * SR }, (_, i) => (Math.floor(i / 20_000) % 3 ? amplitude * Math.sin((2 * Math.PI * freq * i) / SR) : 0))
  return { sampleRate: SR, channels: [x] }
}

function file(name: string, pcm: Pcm) {
  const f = path.join(dir, name)
  writeFileSync(f, pcmToWav16(pcm))
  return f
}

describe('the loudness meter', { timeout: 60_000 }, () => {
  it('reads a 1 kHz stereo sine at −23 dBFS as −23 LUFS, a mono one 3 LU lower (dual mono adds it back)', () => {
    expect(integratedLoudness(sine(1000, -23, 5))).toBeCloseTo(-23, 1)
    expect(integratedLoudness(sine(1000, -23, 5, 1))).toBeCloseTo(-26.01, 1)
    expect(integratedLoudness(sine(1000, -23, 5, 1), { dualMono: true })).toBeCloseTo(-23, 1)
  })

  it('gates silence out: a tone followed by as much silence measures as the tone', () => {
    const tone = sine(1000, -20, 3)
    const padded: Pcm = { sampleRate: SR, channels: tone.channels.map((ch) => {
      const out = new Float32Array(6 * SR)
      out.set(ch)
      return out
    }) }
    // only the blocks that straddle the tone's end count a little lower
    expect(Math.abs(integratedLoudness(padded) - integratedLoudness(tone))).toBeLessThan(0.3)
  })

  it('agrees with ffmpeg’s EBU R128 measurement within 0.3 LU (0.5 for a 9 kHz tone) and 0.3 dB', async () => {
    for (const [name, pcm] of [
      ['noise', noise(0.3, 0.2, 4)],
      ['dull-noise-stereo', noise(0.05, 0.5, 4, 2)],
      ['gated-tone', gated(1000, 0.1)],
      ['gated-low-tone', gated(180, 0.3)],
      ['low-sine', sine(60, -10, 3)],
      ['high-sine', sine(9000, -18, 3)],
    ] as const) {
      const ours = measure(wavToPcm(pcmToWav16(pcm)))
      const theirs = await ffmpegLoudness(file(`${name}.wav`, pcm))
      // ffmpeg measures at 192 kHz, where the K-weighting shelf's bilinear warping differs a little at the top (≈ 0.4 dB at 9 kHz)
      expect(Math.abs(ours.integratedLufs - theirs.integratedLufs), `${name}: ${ours.integratedLufs} vs ${theirs.integratedLufs}`).toBeLessThan(name === 'high-sine' ? 0.5 : 0.3)
      // a 9 kHz sine's true peak is its amplitude (−18 dBFS): both interpolators overshoot a little there (ours 0.35 dB, ffmpeg's 0.77)
      if (name === 'high-sine') expect(Math.abs(ours.truePeakDbtp + 18), `${name}: ${ours.truePeakDbtp}`).toBeLessThan(0.5)
      else expect(Math.abs(ours.truePeakDbtp - theirs.truePeakDbtp), `${name}: ${ours.truePeakDbtp} vs ${theirs.truePeakDbtp}`).toBeLessThan(0.3)
    }
  })
})

describe('the normaliser', { timeout: 60_000 }, () => {
  it('brings quiet and loud, peaky signals to the target under the true-peak ceiling (as ffmpeg measures the file)', async () => {
    for (const [name, pcm] of [
      ['quiet', bursts(-38, 6, 11)],
      ['loud', bursts(-8, 6, 5, 2)],
      ['peaky', bursts(-30, 6, 9)],
    ] as const) {
      const out = normaliseLoudness(pcm, { targetLufs: -16, ceilingDbtp: -1.5 })
      expect(Math.abs(out.after + 16), `${name} ${out.after}`).toBeLessThan(0.15)
      expect(out.truePeakDbtp).toBeLessThanOrEqual(-1.5 + 1e-6)
      const measured = await ffmpegLoudness(file(`${name}-out.wav`, out.pcm))
      expect(Math.abs(measured.integratedLufs + 16), `${name}: ffmpeg ${measured.integratedLufs}`).toBeLessThan(0.4)
      expect(measured.truePeakDbtp, name).toBeLessThanOrEqual(-1.2)
      // the timing of every sample is kept (word timings stay true)
      expect(out.pcm.channels[0].length).toBe(pcm.channels[0].length)
    }
  })

  it('leaves silence alone', () => {
    const silence: Pcm = { sampleRate: SR, channels: [new Float32Array(SR)] }
    const out = normaliseLoudness(silence, { targetLufs: -16, ceilingDbtp: -1 })
    expect(out.gainDb).toBe(0)
    expect(out.pcm.channels[0].every((v) => v === 0)).toBe(true)
  })
})
