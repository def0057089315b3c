import { Bus, filter, reverb, rng, SR, type Rng } from './synth'

/*
 * Arranging on top of synth.ts: a song is a number of 4/4 bars at a tempo, one chord per bar (or
 * two), and named buses (each with a level and a reverb send) that notes are played into. Rendering
 * mixes the buses, adds the reverb and folds everything that rings past the last bar back onto the
 * start, so the file loops without a seam: the end flows into the beginning as the song would.
 */

const NOTE_PC: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }

const QUALITIES: Record<string, number[]> = {
  '': [0, 4, 7],
  m: [0, 3, 7],
  '7': [0, 4, 7, 10],
  maj7: [0, 4, 7, 11],
  m7: [0, 3, 7, 10],
  '6': [0, 4, 7, 9],
  m6: [0, 3, 7, 9],
  sus2: [0, 2, 7],
  sus4: [0, 5, 7],
  '7sus4': [0, 5, 7, 10],
  add9: [0, 4, 7, 14],
  madd9: [0, 3, 7, 14],
  maj9: [0, 4, 7, 11, 14],
  m9: [0, 3, 7, 10, 14],
}

export type Chord = { name: string; root: number; bass: number; intervals: number[] }

/** "Am7", "Fmaj9", "C/E", "Bb", "F#m" → pitch classes (0 = C). */
export function parseChord(name: string): Chord {
  const m = /^([A-G])([#b]?)([^/]*)(?:\/([A-G])([#b]?))?$/.exec(name)
  if (!m) throw new Error(`unknown chord ${name}`)
  const acc = (a: string) => (a === '#' ? 1 : a === 'b' ? -1 : 0)
  const root = (NOTE_PC[m[1]] + acc(m[2]) + 12) % 12
  const intervals = QUALITIES[m[3]]
  if (!intervals) throw new Error(`unknown chord quality ${m[3]} in ${name}`)
  const bass = m[4] ? (NOTE_PC[m[4]] + acc(m[5]) + 12) % 12 : root
  return { name, root, bass, intervals }
}

/** The chord's notes (MIDI) closest to `around`, inside [lo, hi], sorted; voice-led by the caller. */
export function voicing(chord: Chord, around: number, count = 4): number[] {
  const pcs = chord.intervals.map((i) => (chord.root + i) % 12)
  let best: number[] = []
  let bestCost = Infinity
  // try each inversion: start the stack on each chord tone near `around - 6`
  for (let start = 0; start < pcs.length; start++) {
    const notes: number[] = []
    let n = around - 7
    for (let j = 0; notes.length < count; j++) {
      const pc = pcs[(start + j) % pcs.length]
      while (((n % 12) + 12) % 12 !== pc) n++
      notes.push(n)
      n++
    }
    const center = notes.reduce((a, b) => a + b, 0) / notes.length
    const cost = Math.abs(center - around)
    if (cost < bestCost) {
      bestCost = cost
      best = notes
    }
  }
  return best
}

/** The chord's bass note in the octave from `low` up. */
export const bassNote = (chord: Chord, low = 36) => low + ((chord.bass - (low % 12) + 12) % 12)

/** Chord tones (any octave) within [lo, hi]. */
export function chordTones(chord: Chord, lo: number, hi: number): number[] {
  const pcs = new Set(chord.intervals.map((i) => (chord.root + i) % 12))
  const out: number[] = []
  for (let n = lo; n <= hi; n++) if (pcs.has(n % 12)) out.push(n)
  return out
}

/** `level`: the bus's RMS (dBFS) in the mix before the master gain, i.e. the balance between buses. */
type BusSettings = { level: number; send: number; lowCut?: number; highCut?: number; pump?: number }

export type SongSpec = { bpm: number; bars: number; seed: number; chords: string[]; room?: number; damp?: number }

export class Song {
  readonly beatSeconds: number
  readonly barBeats = 4
  /** samples in the loop */
  readonly length: number
  readonly chords: Chord[]
  readonly rand: Rng
  private readonly tail = Math.round(6 * SR)
  private readonly buses = new Map<string, { bus: Bus; settings: BusSettings }>()
  private readonly kicks: number[] = []
  /** RMS (dBFS) of each bus as played, before its level is set; filled by render() */
  readonly busLevels: Record<string, number> = {}

  constructor(readonly spec: SongSpec) {
    this.beatSeconds = 60 / spec.bpm
    this.length = Math.round(spec.bars * this.barBeats * this.beatSeconds * SR)
    this.rand = rng(spec.seed)
    this.chords = spec.chords.map(parseChord)
  }

  get seconds() {
    return this.length / SR
  }

  /** The chord under a beat (the progression repeats; one entry per bar). */
  chordAt(bar: number): Chord {
    return this.chords[((bar % this.chords.length) + this.chords.length) % this.chords.length]
  }

  sample(beat: number) {
    return Math.round(beat * this.beatSeconds * SR)
  }

  /** Seconds for a number of beats. */
  secs(beats: number) {
    return beats * this.beatSeconds
  }

  bus(name: string, settings: BusSettings) {
    this.buses.set(name, { bus: new Bus(this.length + this.tail), settings })
    return this
  }

  /** Plays a rendered note into a bus at a beat, with a little human timing (± `looseMs`). */
  play(busName: string, signal: Float32Array, beat: number, gain: number, pan = 0, looseMs = 0) {
    const target = this.buses.get(busName)
    if (!target) throw new Error(`no bus ${busName}`)
    const jitter = looseMs ? Math.round(((this.rand() * 2 - 1) * looseMs * SR) / 1000) : 0
    target.bus.add(signal, this.sample(beat) + jitter, gain, pan)
  }

  /** Remembers where kicks fall, for buses that pump (side-chain) against them. */
  markKick(beat: number) {
    this.kicks.push(this.sample(beat))
  }

  /** A pattern of steps spread over one bar ("x" full, "o" soft, "." rest); calls `hit(beat, velocity)`. */
  steps(pattern: string, bar: number, hit: (beat: number, velocity: number) => void) {
    const steps = pattern.replace(/\s+/g, '')
    const per = this.barBeats / steps.length
    for (let i = 0; i < steps.length; i++) {
      if (steps[i] === 'x') hit(bar * this.barBeats + i * per, 1)
      else if (steps[i] === 'o') hit(bar * this.barBeats + i * per, 0.55)
    }
  }

  /** The mixed loop: buses, reverb, the tail folded onto the start, DC and rumble removed. */
  render(): Bus {
    const total = this.length + this.tail
    const dry = new Bus(total)
    const send = new Bus(total)
    for (const [name, { bus, settings }] of this.buses) {
      for (const ch of [bus.l, bus.r]) {
        if (settings.lowCut) filter(ch, 'high', settings.lowCut)
        if (settings.highCut) filter(ch, 'low', settings.highCut)
      }
      if (settings.pump) this.pump(bus, settings.pump)
      let sum = 0
      for (let i = 0; i < bus.length; i++) sum += bus.l[i] * bus.l[i] + bus.r[i] * bus.r[i]
      const rms = Math.sqrt(sum / (2 * bus.length))
      const gain = rms > 0 ? 10 ** (settings.level / 20) / rms : 0
      this.busLevels[name] = 20 * Math.log10(rms + 1e-12)
      bus.mixInto(dry, gain)
      bus.mixInto(send, gain * settings.send)
    }
    const wet = reverb(send, this.spec.room ?? 0.82, this.spec.damp ?? 0.4)
    wet.mixInto(dry, 1)
    const out = new Bus(this.length)
    for (let i = 0; i < this.length; i++) {
      out.l[i] = dry.l[i]
      out.r[i] = dry.r[i]
    }
    // the loop: whatever rings past the end continues at the start (the tail is shorter than the loop)
    for (let i = this.length; i < total; i++) {
      out.l[(i - this.length) % this.length] += dry.l[i]
      out.r[(i - this.length) % this.length] += dry.r[i]
    }
    // filter twice around the loop so the filter's state at the seam is the steady one
    for (const ch of [out.l, out.r]) loopFilter(ch, 25)
    return out
  }

  private pump(bus: Bus, depth: number) {
    const env = new Float32Array(bus.length).fill(1)
    const len = Math.round(this.secs(0.75) * SR)
    for (const k of this.kicks) {
      for (let i = 0; i < len; i++) {
        const j = k + i
        if (j >= env.length) break
        const shape = 1 - depth * Math.pow(1 - i / len, 2)
        env[j] = Math.min(env[j], shape)
      }
    }
    for (let i = 0; i < bus.length; i++) {
      bus.l[i] *= env[i]
      bus.r[i] *= env[i]
    }
  }
}

/** A high-pass around a loop: run once to settle the state, then again for the output. */
function loopFilter(ch: Float32Array, cutoff: number) {
  const copy = new Float32Array(ch.length * 2)
  copy.set(ch, 0)
  copy.set(ch, ch.length)
  filter(copy, 'high', cutoff)
  ch.set(copy.subarray(ch.length))
}
