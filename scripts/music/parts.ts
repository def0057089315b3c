import { bassNote, chordTones, voicing, type Song } from './song'
import { bass, bell, epiano, hat, kick, pad, pluck, rim, shaker, snare, clap, synthPluck } from './synth'

/*
 * Reusable parts for the tracks in tracks.ts. Each writes notes for a range of bars into a bus of
 * the song; everything that varies draws from the song's seeded generator.
 */

export type Bars = readonly number[]
export const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i)

/** Sustained chords: one voicing per bar, voice-led around `around`. */
export function pads(song: Song, bus: string, bars: Bars, opts: { around?: number; gain?: number; brightness?: number; voices?: number; detune?: number; count?: number } = {}) {
  for (const bar of bars) {
    const notes = voicing(song.chordAt(bar), opts.around ?? 62, opts.count ?? 4)
    for (const n of notes) {
      const sig = pad(n, song.secs(4) + 0.15, song.rand, { brightness: opts.brightness, voices: opts.voices, detuneCents: opts.detune })
      song.play(bus, sig, bar * 4, opts.gain ?? 0.06, (n - 62) / 24)
    }
  }
}

/** Broken chords: `pattern` lists [beat in bar, index into the voicing, length in beats]. */
export function broken(
  song: Song,
  bus: string,
  bars: Bars,
  pattern: readonly [number, number, number][],
  voice: 'epiano' | 'pluck' | 'synth' | 'bell',
  opts: { around?: number; gain?: number; velocity?: number; count?: number; brightness?: number; cutoff?: (bar: number) => number } = {},
) {
  for (const bar of bars) {
    const notes = voicing(song.chordAt(bar), opts.around ?? 64, opts.count ?? 4)
    for (const [beat, index, length] of pattern) {
      const n = notes[index % notes.length] + 12 * Math.floor(index / notes.length)
      const vel = (opts.velocity ?? 0.6) * (0.85 + 0.15 * song.rand())
      const sig =
        voice === 'epiano'
          ? epiano(n, song.secs(length), vel)
          : voice === 'pluck'
            ? pluck(n, song.secs(length), song.rand, opts.brightness ?? 0.45)
            : voice === 'synth'
              ? synthPluck(n, song.secs(length), song.rand, opts.cutoff?.(bar) ?? 2400)
              : bell(n, song.secs(length))
      song.play(bus, sig, bar * 4 + beat, (opts.gain ?? 0.12) * vel, ((index % 4) - 1.5) / 4, voice === 'pluck' ? 6 : 3)
    }
  }
}

/** Guitar-like strums: "D" down, "U" up, "." rest, spread over the bar; six strings, bass first. */
export function strums(song: Song, bus: string, bars: Bars, pattern: string, opts: { gain?: number; brightness?: number } = {}) {
  const steps = pattern.replace(/\s+/g, '')
  const per = 4 / steps.length
  for (const bar of bars) {
    const chord = song.chordAt(bar)
    const strings = [bassNote(chord, 40), ...voicing(chord, 60, 5)]
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]
      if (s !== 'D' && s !== 'U') continue
      const order = s === 'D' ? strings : strings.slice(1).reverse()
      const vel = s === 'D' ? 1 : 0.6
      order.forEach((n, k) => {
        const beat = bar * 4 + i * per + (k * 0.011) / song.beatSeconds
        const sig = pluck(n, song.secs(per * 2), song.rand, (opts.brightness ?? 0.4) * (s === 'D' ? 1 : 1.2))
        song.play(bus, sig, beat, (opts.gain ?? 0.09) * vel, (k - 2.5) / 6, 4)
      })
    }
  }
}

/**
 * A tune of chord tones: `rhythm` holds [beat in bar, length in beats] per note; each note steps from
 * the last to a nearby chord tone inside [lo, hi]. The same rhythm every bar, repeated phrases.
 */
export function melody(
  song: Song,
  bus: string,
  bars: Bars,
  rhythm: readonly [number, number][],
  voice: 'bell' | 'epiano' | 'pluck' | 'synth',
  opts: { lo?: number; hi?: number; gain?: number; restEvery?: number } = {},
) {
  const lo = opts.lo ?? 72
  const hi = opts.hi ?? 86
  let last = Math.round((lo + hi) / 2)
  const phrase: number[][] = []
  bars.forEach((bar, i) => {
    if (opts.restEvery && i % opts.restEvery === opts.restEvery - 1) return
    const tones = chordTones(song.chordAt(bar), lo, hi)
    const notes: number[] = []
    for (const [beat, length] of rhythm) {
      // answer the phrase two bars back (same contour) half the time: tunes that repeat sound composed
      const echo = phrase[i - 2]?.[notes.length]
      const wanted = echo !== undefined && song.rand() < 0.5 ? echo : last + Math.round((song.rand() * 2 - 1) * 4 + (last > hi - 4 ? -2 : last < lo + 4 ? 2 : 0))
      const n = tones.reduce((best, t) => (Math.abs(t - wanted) < Math.abs(best - wanted) ? t : best), tones[0])
      notes.push(n)
      last = n
      const sig =
        voice === 'bell'
          ? bell(n, song.secs(length))
          : voice === 'epiano'
            ? epiano(n, song.secs(length), 0.55)
            : voice === 'pluck'
              ? pluck(n, song.secs(length), song.rand, 0.7)
              : synthPluck(n, song.secs(length), song.rand, 3000)
      song.play(bus, sig, bar * 4 + beat, opts.gain ?? 0.1, 0.15, 8)
    }
    phrase[i] = notes
  })
}

/** Bass line: `pattern` holds [beat in bar, length in beats, interval above the bass note]. */
export function bassline(song: Song, bus: string, bars: Bars, pattern: readonly [number, number, number][], opts: { low?: number; gain?: number; voice?: 'synth' | 'upright'; tone?: number } = {}) {
  for (const bar of bars) {
    const root = bassNote(song.chordAt(bar), opts.low ?? 36)
    for (const [beat, length, interval] of pattern) {
      const n = root + interval
      const sig = opts.voice === 'upright' ? pluck(n, song.secs(length), song.rand, 0.12, 0.994) : bass(n, song.secs(length) * 0.92, { tone: opts.tone })
      song.play(bus, sig, bar * 4 + beat, (opts.gain ?? 0.3) * (opts.voice === 'upright' ? 1.8 : 1), 0)
    }
  }
}

export type DrumKit = { kick?: string; snare?: string; clap?: string; hat?: string; open?: string; shaker?: string; rim?: string }

/** Drum patterns (16 steps, "x" full, "o" soft) over bars. Kicks are remembered for pumping. */
export function drums(song: Song, bus: string, bars: Bars, kit: DrumKit, gain = 1, punch = 1) {
  for (const bar of bars) {
    if (kit.kick)
      song.steps(kit.kick, bar, (beat, v) => {
        song.markKick(beat)
        song.play(bus, kick(song.rand, punch), beat, 0.55 * v * gain)
      })
    if (kit.snare) song.steps(kit.snare, bar, (beat, v) => song.play(bus, snare(song.rand), beat, 0.3 * v * gain, 0.05, 4))
    if (kit.clap) song.steps(kit.clap, bar, (beat, v) => song.play(bus, clap(song.rand), beat, 0.3 * v * gain, -0.05, 4))
    if (kit.hat) song.steps(kit.hat, bar, (beat, v) => song.play(bus, hat(song.rand), beat, 0.12 * v * gain, 0.3, 5))
    if (kit.open) song.steps(kit.open, bar, (beat, v) => song.play(bus, hat(song.rand, true), beat, 0.09 * v * gain, 0.35, 5))
    if (kit.shaker) song.steps(kit.shaker, bar, (beat, v) => song.play(bus, shaker(song.rand), beat, 0.12 * v * gain, -0.3, 7))
    if (kit.rim) song.steps(kit.rim, bar, (beat, v) => song.play(bus, rim(song.rand), beat, 0.2 * v * gain, 0.1, 4))
  }
}
