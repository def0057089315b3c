/*
 * A loudness meter after ITU-R BS.1770-4 / EBU R128, on float PCM in memory: K-weighting (the
 * standard's two biquads, derived for any sample rate as libebur128 does), 400 ms blocks every
 * 100 ms, the absolute (−70 LUFS) and relative (−10 LU) gates, and the true peak by 4× oversampling
 * (a Hann-windowed sinc, 24 taps a phase). The normaliser and the master step need numbers per
 * sample (the limiter) and many passes, which ffmpeg cannot give; tests/unit/audio/meter.test.ts
 * holds this meter to ffmpeg's own EBU R128 measurement (loudnorm) on real clips.
 */

export type Pcm = { channels: Float32Array[]; sampleRate: number }
export type MeterOptions = {
  /** a mono signal played on both speakers (as the videos play a mono clip): +3 dB, ffmpeg ebur128's dualmono */
  dualMono?: boolean
}

export const dB = (x: number) => (x > 0 ? 20 * Math.log10(x) : -Infinity)
export const fromDb = (db: number) => 10 ** (db / 20)

function biquad(x: Float32Array, b: [number, number, number], a: [number, number, number]): Float64Array {
  const y = new Float64Array(x.length)
  let x1 = 0
  let x2 = 0
  let y1 = 0
  let y2 = 0
  for (let i = 0; i < x.length; i++) {
    const v = b[0] * x[i] + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2
    x2 = x1
    x1 = x[i]
    y2 = y1
    y1 = v
    y[i] = v
  }
  return y
}

/** The K-weighted signal: the high shelf (+4 dB above ~1.7 kHz) then the RLB high-pass (~38 Hz). */
export function kWeighted(x: Float32Array, sampleRate: number): Float64Array {
  let f0 = 1681.974450955533
  const G = 3.999843853973347
  let Q = 0.7071752369554196
  let K = Math.tan((Math.PI * f0) / sampleRate)
  const Vh = 10 ** (G / 20)
  const Vb = Vh ** 0.4996667741545416
  let a0 = 1 + K / Q + K * K
  const shelf = biquad(
    x,
    [(Vh + (Vb * K) / Q + K * K) / a0, (2 * (K * K - Vh)) / a0, (Vh - (Vb * K) / Q + K * K) / a0],
    [1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0],
  )
  f0 = 38.13547087602444
  Q = 0.5003270373238773
  K = Math.tan((Math.PI * f0) / sampleRate)
  a0 = 1 + K / Q + K * K
  const out = new Float64Array(shelf.length)
  let x1 = 0
  let x2 = 0
  let y1 = 0
  let y2 = 0
  const a1 = (2 * (K * K - 1)) / a0
  const a2 = (1 - K / Q + K * K) / a0
  for (let i = 0; i < shelf.length; i++) {
    const v = shelf[i] - 2 * x1 + x2 - a1 * y1 - a2 * y2
    x2 = x1
    x1 = shelf[i]
    y2 = y1
    y1 = v
    out[i] = v
  }
  return out
}

/** The K-weighted power per sample, summed over channels (a mono signal ×2 as dual mono). */
export function weightedPower(pcm: Pcm, options: MeterOptions = {}): Float64Array {
  const n = pcm.channels[0]?.length ?? 0
  const weight = options.dualMono && pcm.channels.length === 1 ? 2 : 1
  const power = new Float64Array(n)
  // below 44.1 kHz (Flite speaks at 16 kHz) the bilinear K-weighting strays from the standard's curve
  // where speech has its energy: weigh the 4× oversampled signal and give each sample its four shares
  const up = pcm.sampleRate < 44_100
  for (const ch of pcm.channels) {
    if (!up) {
      const k = kWeighted(ch, pcm.sampleRate)
      for (let i = 0; i < n; i++) power[i] += k[i] * k[i] * weight
      continue
    }
    const k = kWeighted(oversample(ch), pcm.sampleRate * PHASES)
    for (let i = 0; i < n; i++) {
      let p = 0
      for (let j = 0; j < PHASES; j++) p += k[PHASES * i + j] * k[PHASES * i + j]
      power[i] += (p / PHASES) * weight
    }
  }
  return power
}

/** The signal at PHASES × its rate (the true-peak interpolator's kernel). */
function oversample(x: Float32Array): Float32Array {
  const n = x.length
  const out = new Float32Array(n * PHASES)
  const p = new Float32Array(n + 2 * TAPS)
  p.set(x, TAPS)
  for (let i = 0; i < n; i++) {
    out[PHASES * i] = x[i]
    const base = i + TAPS - TAPS / 2 + 1
    for (let ph = 0; ph < PHASES - 1; ph++) {
      const k = KERNEL[ph]
      let v = 0
      for (let j = 0; j < TAPS; j++) v += p[base + j] * k[j]
      out[PHASES * i + ph + 1] = v
    }
  }
  return out
}

/** Running sums of the K-weighted power, for any window in O(1); `scale` (per sample, squared here) stands for a gain applied after the filter. */
function powerPrefix(power: Float64Array, scale?: Float32Array, gain = 1): Float64Array {
  const n = power.length
  const prefix = new Float64Array(n + 1)
  let sum = 0
  const g2 = gain * gain
  if (scale) {
    for (let i = 0; i < n; i++) {
      sum += power[i] * scale[i] * scale[i] * g2
      prefix[i + 1] = sum
    }
  } else {
    for (let i = 0; i < n; i++) {
      sum += power[i] * g2
      prefix[i + 1] = sum
    }
  }
  return prefix
}

const toLufs = (power: number) => (power > 0 ? -0.691 + 10 * Math.log10(power) : -Infinity)

/**
 * Gated integrated loudness (LUFS) of [from, to) seconds of the signal (all of it by default);
 * −Infinity when nothing passes the absolute gate (silence).
 */
export function integratedLoudness(pcm: Pcm, options: MeterOptions & { from?: number; to?: number } = {}): number {
  return integratedFromPrefix(powerPrefix(weightedPower(pcm, options)), pcm.sampleRate, options.from, options.to)
}

/**
 * Integrated loudness of the K-weighted power (weightedPower) scaled by `gain` and a slowly varying
 * per-sample gain (a limiter's): the filter is linear and the gain moves over milliseconds, so this
 * is the loudness of the scaled signal to within a few hundredths of a LU, without filtering again.
 */
export function integratedOfPower(power: Float64Array, sampleRate: number, gain = 1, scale?: Float32Array): number {
  return integratedFromPrefix(powerPrefix(power, scale, gain), sampleRate)
}

function integratedFromPrefix(prefix: Float64Array, sampleRate: number, from = 0, to = Infinity): number {
  const n = prefix.length - 1
  const start = Math.max(0, Math.floor(from * sampleRate))
  const end = Math.min(n, Math.floor(to * sampleRate))
  const block = Math.round(0.4 * sampleRate)
  const step = Math.round(0.1 * sampleRate)
  const powers: number[] = []
  for (let a = start; a + block <= end; a += step) powers.push((prefix[a + block] - prefix[a]) / block)
  const gated = powers.filter((p) => toLufs(p) > -70)
  if (!gated.length) return -Infinity
  const relative = toLufs(gated.reduce((s, p) => s + p, 0) / gated.length) - 10
  const kept = gated.filter((p) => toLufs(p) > relative)
  return toLufs(kept.reduce((s, p) => s + p, 0) / kept.length)
}

const TAPS = 24
const PHASES = 4
/** FIR coefficients of the phases between two samples (phase 0 is the sample itself). */
const KERNEL: Float64Array[] = Array.from({ length: PHASES - 1 }, (_, p) => {
  const frac = (p + 1) / PHASES
  const k = new Float64Array(TAPS)
  for (let j = 0; j < TAPS; j++) {
    const t = frac - (j - TAPS / 2 + 1) // distance from input sample n + j − TAPS/2 + 1
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t)
    const w = 0.5 + 0.5 * Math.cos((Math.PI * t) / (TAPS / 2))
    k[j] = sinc * w
  }
  return k
})

/**
 * Per sample, the highest absolute value the reconstructed (4× oversampled) signal reaches between
 * that sample and the next, over every channel: what a limiter must keep under its ceiling.
 */
export function peakEnvelope(pcm: Pcm): Float32Array {
  const n = pcm.channels[0]?.length ?? 0
  const env = new Float32Array(n)
  const pad = TAPS
  const [k1, k2, k3] = KERNEL
  for (const x of pcm.channels) {
    // padded with zeros so the inner loop needs no bounds checks
    const p = new Float32Array(n + 2 * pad)
    p.set(x, pad)
    for (let i = 0; i < n; i++) {
      let peak = Math.abs(x[i])
      const base = i + pad - TAPS / 2 + 1
      let v1 = 0
      let v2 = 0
      let v3 = 0
      for (let j = 0; j < TAPS; j++) {
        const s = p[base + j]
        v1 += s * k1[j]
        v2 += s * k2[j]
        v3 += s * k3[j]
      }
      if (v1 > peak || -v1 > peak) peak = Math.abs(v1)
      if (v2 > peak || -v2 > peak) peak = Math.abs(v2)
      if (v3 > peak || -v3 > peak) peak = Math.abs(v3)
      if (peak > env[i]) env[i] = peak
    }
  }
  return env
}

/** True peak (dBTP) of the signal. */
export function truePeak(pcm: Pcm): number {
  const env = peakEnvelope(pcm)
  let peak = 0
  for (let i = 0; i < env.length; i++) if (env[i] > peak) peak = env[i]
  return dB(peak)
}

export type Measurement = { integratedLufs: number; truePeakDbtp: number }

export function measure(pcm: Pcm, options: MeterOptions = {}): Measurement {
  return { integratedLufs: integratedLoudness(pcm, options), truePeakDbtp: truePeak(pcm) }
}
