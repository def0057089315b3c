/*
 * A small deterministic synthesiser for the shipped music (scripts/music/compose.ts): every sound is
 * computed from oscillators, noise from a seeded generator, envelopes, filters and a Freeverb-style
 * reverb, so the same code gives the same samples on any machine. Pure TypeScript, no dependencies.
 */

export const SR = 44100

/** A seeded generator (mulberry32): the only source of "randomness" in a track. */
export function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export type Rng = ReturnType<typeof rng>

export const mtof = (midi: number) => 440 * 2 ** ((midi - 69) / 12)

/** Stereo float buffer. */
export class Bus {
  readonly l: Float32Array
  readonly r: Float32Array
  constructor(readonly length: number) {
    this.l = new Float32Array(length)
    this.r = new Float32Array(length)
  }
  /** Adds a mono signal at `start` (samples), equal-power panned (-1 left … 1 right). */
  add(signal: Float32Array, start: number, gain: number, pan = 0) {
    const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4
    const gl = Math.cos(angle) * gain * Math.SQRT2
    const gr = Math.sin(angle) * gain * Math.SQRT2
    const from = Math.max(0, start)
    const to = Math.min(this.length, start + signal.length)
    for (let i = from; i < to; i++) {
      const v = signal[i - start]
      this.l[i] += v * gl
      this.r[i] += v * gr
    }
  }
  mixInto(target: Bus, gain: number) {
    for (let i = 0; i < this.length; i++) {
      target.l[i] += this.l[i] * gain
      target.r[i] += this.r[i] * gain
    }
  }
}

// ---------------------------------------------------------------- envelopes and filters

/** Attack–decay–sustain–release over `total` samples with the gate open for `gate` samples. */
export function adsr(total: number, gate: number, a: number, d: number, s: number, r: number): Float32Array {
  const env = new Float32Array(total)
  const A = Math.max(1, Math.round(a * SR))
  const D = Math.max(1, Math.round(d * SR))
  const R = Math.max(1, Math.round(r * SR))
  let level = 0
  for (let i = 0; i < total; i++) {
    if (i < gate) {
      if (i < A) level = i / A
      else if (i < A + D) level = 1 - (1 - s) * ((i - A) / D)
      else level = s
      env[i] = level
    } else {
      const k = (i - gate) / R
      env[i] = k >= 1 ? 0 : level * (1 - k) * (1 - k)
    }
  }
  return env
}

/** Topology-preserving state-variable filter (Zavalishin); cutoff may change every call. */
export class Svf {
  private ic1 = 0
  private ic2 = 0
  private g = 0
  private k = 0
  constructor(cutoff: number, q = 0.707) {
    this.set(cutoff, q)
  }
  set(cutoff: number, q = 0.707) {
    this.g = Math.tan((Math.PI * Math.min(cutoff, SR * 0.45)) / SR)
    this.k = 1 / q
  }
  /** One sample through the filter: 0 low-pass, 1 band-pass, 2 high-pass. */
  tick(x: number, mode: 0 | 1 | 2 = 0): number {
    const { g, k } = this
    const v3 = x - this.ic2
    const v1 = (this.ic1 + g * v3) / (1 + g * (g + k))
    const v2 = this.ic2 + g * v1
    this.ic1 = 2 * v1 - this.ic1
    this.ic2 = 2 * v2 - this.ic2
    return mode === 0 ? v2 : mode === 1 ? v1 : x - k * v1 - v2
  }
}

/** Filters a signal in place. */
export function filter(signal: Float32Array, mode: 'low' | 'band' | 'high', cutoff: number | ((i: number) => number), q = 0.707) {
  const f = new Svf(typeof cutoff === 'number' ? cutoff : cutoff(0), q)
  const pick = mode === 'low' ? 0 : mode === 'band' ? 1 : 2
  for (let i = 0; i < signal.length; i++) {
    if (typeof cutoff === 'function' && (i & 31) === 0) f.set(cutoff(i), q)
    signal[i] = f.tick(signal[i], pick)
  }
  return signal
}

// ---------------------------------------------------------------- tones

/** One period of a band-limited wave: harmonic k has amplitude amp(k); none above Nyquist. */
function wavetable(freq: number, amp: (k: number) => number, size = 2048): Float32Array {
  const table = new Float32Array(size)
  const top = Math.min(64, Math.floor((SR * 0.45) / freq))
  for (let k = 1; k <= top; k++) {
    const a = amp(k)
    if (a === 0) continue
    for (let i = 0; i < size; i++) table[i] += a * Math.sin((2 * Math.PI * k * i) / size)
  }
  return table
}

function readTable(table: Float32Array, out: Float32Array, freq: number, phase0: number, gain: number, vibrato?: (i: number) => number) {
  const size = table.length
  let phase = phase0 * size
  const step = (freq * size) / SR
  for (let i = 0; i < out.length; i++) {
    const p = phase | 0
    const frac = phase - p
    const a = table[p % size]
    const b = table[(p + 1) % size]
    out[i] += (a + (b - a) * frac) * gain
    phase += vibrato ? step * vibrato(i) : step
    if (phase >= size) phase -= size
  }
}

/** A soft pad: detuned band-limited saws with their upper harmonics rolled off, slow envelope. */
export function pad(midi: number, seconds: number, rand: Rng, opts: { brightness?: number; detuneCents?: number; voices?: number; attack?: number; release?: number } = {}) {
  const freq = mtof(midi)
  const release = opts.release ?? 1.6
  const total = Math.round((seconds + release) * SR)
  const out = new Float32Array(total)
  const bright = opts.brightness ?? 6
  const table = wavetable(freq, (k) => (1 / k) * Math.exp(-k / bright))
  const voices = opts.voices ?? 3
  const detune = opts.detuneCents ?? 8
  for (let v = 0; v < voices; v++) {
    const cents = voices === 1 ? 0 : -detune + (2 * detune * v) / (voices - 1)
    readTable(table, out, freq * 2 ** (cents / 1200), rand(), 1 / voices)
  }
  const env = adsr(total, Math.round(seconds * SR), opts.attack ?? 0.9, 0.5, 0.85, release)
  for (let i = 0; i < total; i++) out[i] *= env[i]
  return out
}

/** FM electric piano (carrier:modulator 1:1 with a decaying index, plus a short 1:14 tine). */
export function epiano(midi: number, seconds: number, velocity: number) {
  const freq = mtof(midi)
  const release = 0.35
  const total = Math.round((seconds + release) * SR)
  const out = new Float32Array(total)
  const w = (2 * Math.PI * freq) / SR
  const decay = 1.8 * Math.pow(2, -(midi - 60) / 24)
  const gate = Math.round(seconds * SR)
  for (let i = 0; i < total; i++) {
    const t = i / SR
    const index = (0.4 + 1.6 * velocity) * Math.exp(-t / 0.5) + 0.15
    const tine = 0.25 * velocity * Math.exp(-t / 0.05) * Math.sin(w * 14 * i)
    const amp = Math.exp(-t / decay) * Math.min(1, i / 40) * (i < gate ? 1 : Math.max(0, 1 - (i - gate) / (release * SR)))
    out[i] = amp * (Math.sin(w * i + index * Math.sin(w * i)) + tine)
  }
  return out
}

/** A bell / celesta: inharmonic partials, each decaying at its own rate. */
export function bell(midi: number, seconds: number) {
  const freq = mtof(midi)
  const total = Math.round((seconds + 1.5) * SR)
  const out = new Float32Array(total)
  const partials: [number, number, number][] = [
    [1, 1, 2.2],
    [2, 0.45, 1.2],
    [3.01, 0.18, 0.7],
    [4.16, 0.12, 0.45],
    [5.43, 0.06, 0.3],
  ]
  for (const [ratio, amp, decay] of partials) {
    const w = (2 * Math.PI * freq * ratio) / SR
    if (freq * ratio > SR * 0.45) continue
    for (let i = 0; i < total; i++) out[i] += amp * Math.exp(-i / SR / decay) * Math.sin(w * i)
  }
  for (let i = 0; i < 60 && i < total; i++) out[i] *= i / 60
  return out
}

/** Karplus–Strong plucked string: a guitar-like note; `brightness` 0..1 shapes the pick. */
export function pluck(midi: number, seconds: number, rand: Rng, brightness = 0.5, damping = 0.996) {
  const freq = mtof(midi)
  const total = Math.round((seconds + 0.25) * SR)
  const out = new Float32Array(total)
  const period = SR / freq
  const n = Math.floor(period - 0.5)
  const frac = period - 0.5 - n
  // a first-order allpass tunes the fractional part of the delay
  const c = (1 - frac) / (1 + frac)
  const line = new Float32Array(n)
  const exciter = new Svf(400 + brightness * 5000)
  for (let i = 0; i < n; i++) line[i] = exciter.tick(rand() * 2 - 1)
  let idx = 0
  let prev = 0
  let apX = 0
  let apY = 0
  const gate = Math.round(seconds * SR)
  const decay = damping - Math.max(0, (midi - 60) * 0.0002)
  for (let i = 0; i < total; i++) {
    const x = line[idx]
    const avg = decay * 0.5 * (x + prev)
    prev = x
    const y = c * avg + apX - c * apY
    apX = avg
    apY = y
    line[idx] = i < gate ? y : y * 0.9
    idx = (idx + 1) % n
    out[i] = x
  }
  return filter(out, 'low', 2500 + brightness * 4000)
}

/** A round bass: sine, a little second harmonic, gently saturated. */
export function bass(midi: number, seconds: number, opts: { tone?: number; release?: number } = {}) {
  const freq = mtof(midi)
  const release = opts.release ?? 0.12
  const total = Math.round((seconds + release) * SR)
  const out = new Float32Array(total)
  const w = (2 * Math.PI * freq) / SR
  const tone = opts.tone ?? 0.3
  const env = adsr(total, Math.round(seconds * SR), 0.006, 0.4, 0.6, release)
  for (let i = 0; i < total; i++) {
    const s = Math.sin(w * i) + tone * Math.sin(2 * w * i) + tone * 0.3 * Math.sin(3 * w * i)
    out[i] = Math.tanh(1.4 * s) * env[i]
  }
  return out
}

/** A bright analogue-style lead/arp voice: saw through a decaying low-pass. */
export function synthPluck(midi: number, seconds: number, rand: Rng, cutoff = 2400) {
  const freq = mtof(midi)
  const total = Math.round((seconds + 0.3) * SR)
  const out = new Float32Array(total)
  const table = wavetable(freq, (k) => 1 / k)
  readTable(table, out, freq * 1.003, rand(), 0.5)
  readTable(table, out, freq * 0.997, rand(), 0.5)
  filter(out, 'low', (i) => 300 + cutoff * Math.exp(-i / SR / 0.12), 1.2)
  const env = adsr(total, Math.round(seconds * SR), 0.003, 0.25, 0.3, 0.25)
  for (let i = 0; i < total; i++) out[i] *= env[i]
  return out
}

// ---------------------------------------------------------------- drums

function noise(n: number, rand: Rng) {
  const out = new Float32Array(n)
  for (let i = 0; i < n; i++) out[i] = rand() * 2 - 1
  return out
}

export function kick(rand: Rng, punch = 1) {
  const total = Math.round(0.45 * SR)
  const out = new Float32Array(total)
  let phase = 0
  for (let i = 0; i < total; i++) {
    const t = i / SR
    const f = 46 + 90 * punch * Math.exp(-t / 0.035)
    phase += (2 * Math.PI * f) / SR
    out[i] = Math.sin(phase) * Math.exp(-t / 0.22)
  }
  const click = noise(90, rand)
  for (let i = 0; i < click.length; i++) out[i] += 0.25 * punch * click[i] * (1 - i / click.length)
  return out
}

export function snare(rand: Rng, tone = 0.5) {
  const total = Math.round(0.3 * SR)
  const n = filter(noise(total, rand), 'band', 2200, 0.7)
  const w = (2 * Math.PI * 190) / SR
  for (let i = 0; i < total; i++) {
    const t = i / SR
    n[i] = n[i] * 1.6 * Math.exp(-t / 0.09) + tone * Math.sin(w * i) * Math.exp(-t / 0.05)
  }
  return n
}

export function clap(rand: Rng) {
  const total = Math.round(0.35 * SR)
  const n = filter(noise(total, rand), 'band', 1300, 1.1)
  for (let i = 0; i < total; i++) {
    const t = i / SR
    const burst = t < 0.03 ? Math.exp(-((t * 1000) % 10) / 2.5) : Math.exp(-(t - 0.03) / 0.11)
    n[i] *= 2 * burst
  }
  return n
}

export function hat(rand: Rng, open = false) {
  const total = Math.round((open ? 0.35 : 0.09) * SR)
  const n = filter(noise(total, rand), 'high', 7500)
  const d = open ? 0.12 : 0.025
  for (let i = 0; i < total; i++) n[i] *= Math.exp(-i / SR / d)
  return n
}

export function shaker(rand: Rng) {
  const total = Math.round(0.12 * SR)
  const n = filter(noise(total, rand), 'band', 6000, 0.9)
  for (let i = 0; i < total; i++) {
    const t = i / SR
    n[i] *= Math.min(1, t / 0.012) * Math.exp(-Math.max(0, t - 0.012) / 0.035)
  }
  return n
}

export function rim(rand: Rng) {
  const total = Math.round(0.08 * SR)
  const out = filter(noise(total, rand), 'band', 1700, 3)
  const w = (2 * Math.PI * 1650) / SR
  for (let i = 0; i < total; i++) out[i] = (out[i] + 0.6 * Math.sin(w * i)) * Math.exp(-i / SR / 0.018)
  return out
}

// ---------------------------------------------------------------- reverb

const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617]
const ALLPASSES = [556, 441, 341, 225]

function freeverbChannel(input: Float32Array, spread: number, room: number, damp: number): Float32Array {
  const out = new Float32Array(input.length)
  const combs = COMBS.map((n) => ({ buf: new Float32Array(n + spread), i: 0, store: 0 }))
  const aps = ALLPASSES.map((n) => ({ buf: new Float32Array(n + spread), i: 0 }))
  const feedback = 0.7 + 0.28 * room
  for (let s = 0; s < input.length; s++) {
    const x = input[s] * 0.015
    let acc = 0
    for (const c of combs) {
      const y = c.buf[c.i]
      c.store = y * (1 - damp) + c.store * damp
      c.buf[c.i] = x + c.store * feedback
      c.i = (c.i + 1) % c.buf.length
      acc += y
    }
    for (const a of aps) {
      const b = a.buf[a.i]
      a.buf[a.i] = acc + b * 0.5
      a.i = (a.i + 1) % a.buf.length
      acc = b - acc
    }
    out[s] = acc
  }
  return out
}

/** A stereo Freeverb (Jezar's tunings) of a bus: the wet signal only. */
export function reverb(bus: Bus, room = 0.8, damp = 0.35): Bus {
  const mono = new Float32Array(bus.length)
  for (let i = 0; i < bus.length; i++) mono[i] = 0.5 * (bus.l[i] + bus.r[i])
  const out = new Bus(bus.length)
  out.l.set(freeverbChannel(mono, 0, room, damp))
  out.r.set(freeverbChannel(mono, 23, room, damp))
  return out
}
