import { dB, fromDb, integratedLoudness, integratedOfPower, peakEnvelope, truePeak, weightedPower, type MeterOptions, type Pcm } from './meter'

/*
 * Brings float PCM to a loudness with a true-peak ceiling: one gain for the whole signal (measured
 * with the BS.1770 meter), then a look-ahead peak limiter that only turns down the few milliseconds
 * around a peak that would cross the ceiling (linked across channels, so the stereo image stays),
 * then the gain is corrected for what the limiter took, and again, until the loudness is within
 * 0.1 LU of the target (or the limiter cannot give more). Deterministic, no ffmpeg: the same
 * numbers on every render path.
 */

export type NormaliseOptions = MeterOptions & { targetLufs: number; ceilingDbtp: number }
export type NormaliseResult = {
  pcm: Pcm
  /** loudness before and after (LUFS), the gain applied (dB) and the true peak after (dBTP) */
  before: number
  after: number
  gainDb: number
  truePeakDbtp: number
  /** samples the limiter turned down */
  limited: number
}

/** Minimum of `x` over [i − h, i + h] for every i (monotonic deque, O(n)). */
function slidingMin(x: Float32Array, h: number): Float32Array {
  const n = x.length
  const out = new Float32Array(n)
  const q = new Int32Array(n + 2 * h + 1)
  let head = 0
  let tail = 0
  let next = 0
  for (let i = 0; i < n; i++) {
    const right = Math.min(n - 1, i + h)
    while (next <= right) {
      while (tail > head && x[q[tail - 1]] >= x[next]) tail--
      q[tail++] = next++
    }
    while (q[head] < i - h) head++
    out[i] = x[q[head]]
  }
  return out
}

/**
 * The limiter's gain per sample for `gain`-scaled input: never above what keeps each reconstructed
 * peak under `ceiling`, reached over `attack` seconds before the peak (the minimum over ±attack, then
 * averaged over ±attack, so it is smooth and still under every requirement), released over ~80 ms.
 */
function limiterGain(env: Float32Array, gain: number, ceiling: number, sampleRate: number): { g: Float32Array; limited: number } {
  const n = env.length
  const need = new Float32Array(n)
  let limited = 0
  for (let i = 0; i < n; i++) {
    const p = env[i] * gain
    need[i] = p > ceiling ? ceiling / p : 1
    if (need[i] < 1) limited++
  }
  if (!limited) return { g: need, limited }
  const h = Math.max(1, Math.round(0.004 * sampleRate))
  const min = slidingMin(need, h)
  const release = 1 - Math.exp(-1 / (0.08 * sampleRate))
  let e = 1
  for (let i = 0; i < n; i++) {
    e = Math.min(min[i], e + (1 - e) * release)
    min[i] = e
  }
  // box average over ±h: each term is ≤ need[i] (its own minimum window holds i)
  const prefix = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + min[i]
  const g = new Float32Array(n)
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - h)
    const b = Math.min(n, i + h + 1)
    g[i] = (prefix[b] - prefix[a]) / (b - a)
  }
  return { g, limited }
}

function apply(pcm: Pcm, gain: number, g: Float32Array): Pcm {
  return {
    sampleRate: pcm.sampleRate,
    channels: pcm.channels.map((ch) => {
      const out = new Float32Array(ch.length)
      for (let i = 0; i < ch.length; i++) out[i] = ch[i] * gain * g[i]
      return out
    }),
  }
}

export function normaliseLoudness(pcm: Pcm, options: NormaliseOptions): NormaliseResult {
  const power = weightedPower(pcm, options)
  const before = integratedOfPower(power, pcm.sampleRate)
  if (!Number.isFinite(before)) {
    // silence (or nearly): nothing to measure, nothing to raise
    return { pcm, before, after: before, gainDb: 0, truePeakDbtp: truePeak(pcm), limited: 0 }
  }
  const env = peakEnvelope(pcm)
  const ceiling = fromDb(options.ceilingDbtp)
  let gainDb = options.targetLufs - before
  let limiter = limiterGain(env, fromDb(gainDb), ceiling, pcm.sampleRate)
  // the gain that lands on the target once the limiter has taken its share (estimated without filtering again)
  for (let pass = 0; pass < 12 && limiter.limited; pass++) {
    const miss = options.targetLufs - integratedOfPower(power, pcm.sampleRate, fromDb(gainDb), limiter.g)
    if (Math.abs(miss) <= 0.02) break
    gainDb += miss
    limiter = limiterGain(env, fromDb(gainDb), ceiling, pcm.sampleRate)
  }
  let out = apply(pcm, fromDb(gainDb), limiter.g)
  const limited = limiter.limited
  let after = integratedLoudness(out, options)
  // the reconstructed peak of the limited signal can still poke over by a hair: one more, exact pass
  let peak = 0
  const check = peakEnvelope(out)
  for (let i = 0; i < check.length; i++) if (check[i] > peak) peak = check[i]
  if (peak > ceiling) {
    const trim = ceiling / peak
    out = apply(out, trim, new Float32Array(check.length).fill(1))
    peak = ceiling
    after = integratedLoudness(out, options)
  }
  return { pcm: out, before, after, gainDb, truePeakDbtp: dB(peak), limited }
}
