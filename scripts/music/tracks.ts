import { bassline, broken, drums, melody, pads, range, strums } from './parts'
import { Song, type SongSpec } from './song'

/*
 * The shipped tracks: two per mood, each a loop of whole bars (60–90 s). The catalogue the app
 * reads is remotion/music.ts; tests/unit/music/catalogue.test.ts keeps the two in step.
 */

export type Mood = 'calm' | 'bright' | 'modern' | 'warm'

export type TrackSpec = SongSpec & { id: string; title: string; mood: Mood; arrange: (song: Song) => void }

const all = (song: Song) => range(0, song.spec.bars)

export const TRACKS: TrackSpec[] = [
  {
    id: 'morning-light',
    title: 'Morning Light',
    mood: 'calm',
    bpm: 72,
    bars: 20,
    seed: 101,
    chords: ['Cmaj7', 'Am7', 'Fmaj7', 'G6', 'Em7', 'Am7', 'Dm7', 'G7sus4'],
    arrange(song) {
      song.bus('pad', { level: -28, send: 0.6, highCut: 5000 }).bus('keys', { level: -24, send: 0.35 }).bus('bass', { level: -22, send: 0.05 }).bus('bell', { level: -28, send: 0.7 })
      pads(song, 'pad', all(song), { around: 60, gain: 0.05, brightness: 5 })
      broken(song, 'keys', all(song), [[0, 0, 2], [1, 2, 1.5], [1.5, 3, 1.5], [2.5, 1, 1.5], [3, 2, 1]], 'epiano', { around: 67, gain: 0.16, velocity: 0.5 })
      bassline(song, 'bass', range(2, 18), [[0, 2.5, 0], [2.5, 1.5, 7]], { low: 36, gain: 0.28 })
      melody(song, 'bell', range(4, 16), [[0, 1.5], [1.5, 0.5], [2, 2]], 'bell', { lo: 74, hi: 86, gain: 0.07, restEvery: 4 })
    },
  },
  {
    id: 'quiet-hours',
    title: 'Quiet Hours',
    mood: 'calm',
    bpm: 66,
    bars: 20,
    seed: 202,
    chords: ['Dmaj9', 'Bm7', 'Gmaj7', 'A7sus4', 'Dmaj7/F#', 'Em7', 'Gmaj7', 'A7sus4'],
    arrange(song) {
      song.bus('pad', { level: -28, send: 0.7, highCut: 4000 }).bus('guitar', { level: -23, send: 0.35 }).bus('bass', { level: -22, send: 0.05 }).bus('bell', { level: -28, send: 0.8 })
      pads(song, 'pad', all(song), { around: 62, gain: 0.045, brightness: 4 })
      const picking: [number, number, number][] = [[0, 0, 2], [0.5, 2, 1], [1, 1, 1], [1.5, 3, 1], [2, 0, 2], [2.5, 2, 1], [3, 1, 1], [3.5, 4, 1]]
      broken(song, 'guitar', all(song), picking, 'pluck', { around: 64, gain: 0.2, velocity: 0.6, count: 5, brightness: 0.35 })
      bassline(song, 'bass', range(2, 20), [[0, 3.5, 0]], { low: 38, gain: 0.24, tone: 0.15 })
      melody(song, 'bell', range(6, 18), [[0, 2], [2, 2]], 'bell', { lo: 76, hi: 88, gain: 0.055, restEvery: 2 })
    },
  },
  {
    id: 'open-house',
    title: 'Open House',
    mood: 'bright',
    bpm: 118,
    bars: 32,
    seed: 303,
    chords: ['G', 'D/F#', 'Em7', 'Cadd9', 'G', 'D/F#', 'Em7', 'Cadd9', 'C', 'G/B', 'Am7', 'D', 'C', 'G/B', 'Am7', 'Dsus4'],
    arrange(song) {
      song.bus('pad', { level: -28, send: 0.4, highCut: 6000 }).bus('keys', { level: -24, send: 0.25 }).bus('bass', { level: -22, send: 0 }).bus('drums', { level: -23, send: 0.12 }).bus('lead', { level: -28, send: 0.45 })
      pads(song, 'pad', range(4, 32), { around: 62, gain: 0.035, brightness: 8 })
      const stabs: [number, number, number][] = [[0, 0, 0.5], [0, 1, 0.5], [0, 2, 0.5], [0.75, 1, 0.5], [0.75, 2, 0.5], [0.75, 3, 0.5], [1.5, 0, 0.5], [1.5, 2, 0.5], [2.5, 1, 0.5], [2.5, 3, 0.5], [3, 0, 0.5], [3, 2, 0.5]]
      broken(song, 'keys', all(song), stabs, 'epiano', { around: 66, gain: 0.11, velocity: 0.75 })
      bassline(song, 'bass', range(4, 32), [[0, 0.5, 0], [0.5, 0.5, 12], [1, 0.5, 0], [1.5, 0.5, 12], [2, 0.5, 0], [2.5, 0.5, 12], [3, 0.5, 7], [3.5, 0.5, 12]], { low: 36, gain: 0.22, tone: 0.35 })
      drums(song, 'drums', range(0, 4), { hat: 'o.x.o.x.o.x.o.x.' }, 0.9)
      drums(song, 'drums', range(4, 28), { kick: 'x.......x.x.....', snare: '....x.......x...', hat: 'o.x.o.x.o.x.o.xo', open: '..............x.' }, 0.9)
      drums(song, 'drums', range(28, 32), { hat: 'o.x.o.x.o.x.o.x.', clap: '....x.......x...' }, 0.8)
      melody(song, 'lead', range(12, 28), [[0, 0.75], [0.75, 0.75], [1.5, 1], [3, 1]], 'bell', { lo: 74, hi: 86, gain: 0.06, restEvery: 4 })
    },
  },
  {
    id: 'sunny-side',
    title: 'Sunny Side',
    mood: 'bright',
    bpm: 124,
    bars: 36,
    seed: 404,
    chords: ['F', 'C/E', 'Dm7', 'Bbmaj7', 'F', 'C/E', 'Dm7', 'Bbmaj7', 'Gm7', 'Bbmaj7', 'F/A', 'C7sus4'],
    arrange(song) {
      song.bus('guitar', { level: -23, send: 0.25 }).bus('pad', { level: -28, send: 0.4, highCut: 6000 }).bus('bass', { level: -22, send: 0 }).bus('drums', { level: -23, send: 0.1 }).bus('lead', { level: -28, send: 0.35 })
      strums(song, 'guitar', all(song), '..D...D...D...DU', { gain: 0.075, brightness: 0.6 })
      pads(song, 'pad', range(8, 36), { around: 64, gain: 0.03, brightness: 7 })
      bassline(song, 'bass', range(4, 36), [[0, 1, 0], [1.5, 0.5, 7], [2, 1, 12], [3, 0.5, 7], [3.5, 0.5, 10]], { low: 36, gain: 0.22, tone: 0.3 })
      drums(song, 'drums', range(0, 4), { shaker: 'xoxoxoxoxoxoxoxo' }, 0.9)
      drums(song, 'drums', range(4, 32), { kick: 'x...x...x...x...', clap: '....x.......x...', shaker: 'xoxoxoxoxoxoxoxo', hat: '..x...x...x...x.' }, 0.85, 0.8)
      drums(song, 'drums', range(32, 36), { shaker: 'xoxoxoxoxoxoxoxo', clap: '....x.......x...' }, 0.8)
      melody(song, 'lead', range(12, 32), [[0, 0.5], [0.5, 0.5], [1, 1], [2.5, 0.5], [3, 1]], 'synth', { lo: 72, hi: 84, gain: 0.05, restEvery: 4 })
    },
  },
  {
    id: 'skyline',
    title: 'Skyline',
    mood: 'modern',
    bpm: 100,
    bars: 28,
    seed: 505,
    chords: ['Am9', 'Fmaj9', 'Cadd9', 'G6'],
    arrange(song) {
      song.bus('pad', { level: -26, send: 0.45, pump: 0.55, highCut: 7000 }).bus('arp', { level: -24, send: 0.4 }).bus('bass', { level: -22, send: 0 }).bus('drums', { level: -23, send: 0.08 })
      pads(song, 'pad', all(song), { around: 60, gain: 0.035, brightness: 12, voices: 5, detune: 14 })
      const arp: [number, number, number][] = range(0, 16).map((i) => [i * 0.25, [0, 1, 2, 3, 4, 3, 2, 1][i % 8], 0.25])
      broken(song, 'arp', range(2, 28), arp, 'synth', { around: 69, gain: 0.1, velocity: 0.7, count: 4, cutoff: (bar) => 900 + 2600 * (0.5 - 0.5 * Math.cos((bar / 8) * Math.PI)) })
      bassline(song, 'bass', range(4, 28), [[0.5, 0.4, 0], [1.5, 0.4, 0], [2.5, 0.4, 0], [3.5, 0.4, 12]], { low: 33, gain: 0.26, tone: 0.15 })
      drums(song, 'drums', [...range(4, 16), ...range(20, 28)], { kick: 'x...x...x...x...', hat: '..x...x...x...x.' }, 0.85)
      drums(song, 'drums', [...range(8, 16), ...range(20, 26)], { clap: '....x.......x...' }, 0.7)
      drums(song, 'drums', range(16, 20), { hat: '..x...x...x...xx' }, 0.7)
    },
  },
  {
    id: 'glass-and-steel',
    title: 'Glass and Steel',
    mood: 'modern',
    bpm: 110,
    bars: 32,
    seed: 606,
    chords: ['Em9', 'Cmaj7', 'G', 'Dsus2', 'Em9', 'Cmaj7', 'G', 'D', 'Am7', 'Cmaj7', 'Em7', 'Dsus2', 'Am7', 'Cmaj7', 'Em7', 'D'],
    arrange(song) {
      song.bus('pad', { level: -26, send: 0.5, pump: 0.45, highCut: 6500 }).bus('keys', { level: -24, send: 0.3 }).bus('bass', { level: -22, send: 0 }).bus('drums', { level: -23, send: 0.1 }).bus('lead', { level: -27, send: 0.5 })
      pads(song, 'pad', all(song), { around: 62, gain: 0.035, brightness: 10, voices: 4, detune: 12 })
      const chops: [number, number, number][] = [[0, 0, 1], [0, 2, 1], [0.75, 1, 0.5], [0.75, 3, 0.5], [1.5, 0, 1], [1.5, 2, 1], [2.5, 1, 0.5], [2.5, 3, 0.5], [3.25, 2, 0.5]]
      broken(song, 'keys', range(0, 32), chops, 'epiano', { around: 64, gain: 0.1, velocity: 0.8 })
      bassline(song, 'bass', range(4, 32), [[0, 0.6, 0], [0.75, 0.4, 0], [1.5, 0.5, 12], [2.5, 0.6, 0], [3.25, 0.5, 7]], { low: 28, gain: 0.25, tone: 0.25 })
      drums(song, 'drums', range(4, 30), { kick: 'x...x...x...x...', rim: '....x.......x...', hat: 'xoxoxoxoxoxoxoxo', open: '..x...x...x...x.' }, 0.8)
      drums(song, 'drums', range(30, 32), { hat: 'xoxoxoxoxoxoxoxo', rim: '....x.......x...' }, 0.7)
      melody(song, 'lead', range(16, 30), [[0, 1.5], [1.5, 1], [2.5, 1.5]], 'epiano', { lo: 71, hi: 83, gain: 0.09, restEvery: 4 })
    },
  },
  {
    id: 'front-porch',
    title: 'Front Porch',
    mood: 'warm',
    bpm: 84,
    bars: 24,
    seed: 707,
    chords: ['C', 'G/B', 'Am7', 'F', 'C/E', 'F', 'Dm7', 'G'],
    arrange(song) {
      song.bus('guitar', { level: -23, send: 0.3 }).bus('bass', { level: -24, send: 0.05 }).bus('drums', { level: -28, send: 0.2 }).bus('lead', { level: -27, send: 0.4 })
      strums(song, 'guitar', all(song), 'D.D.UDU.', { gain: 0.085, brightness: 0.35 })
      bassline(song, 'bass', range(2, 24), [[0, 1.5, 0], [2, 1.5, 7]], { low: 36, voice: 'upright', gain: 0.22 })
      drums(song, 'drums', range(4, 22), { kick: 'x.......x.......', rim: '....x.......x...', shaker: 'x.o.x.o.x.o.x.o.' }, 0.75, 0.6)
      melody(song, 'lead', range(8, 20), [[0, 1], [1, 0.5], [1.5, 1.5], [3, 1]], 'pluck', { lo: 67, hi: 81, gain: 0.13, restEvery: 4 })
    },
  },
  {
    id: 'hearth',
    title: 'Hearth',
    mood: 'warm',
    bpm: 76,
    bars: 20,
    seed: 808,
    chords: ['D', 'A/C#', 'Bm7', 'G', 'Em7', 'G', 'Asus4', 'A'],
    arrange(song) {
      song.bus('guitar', { level: -22, send: 0.35 }).bus('pad', { level: -29, send: 0.6, highCut: 3500 }).bus('bass', { level: -24, send: 0.05 }).bus('keys', { level: -28, send: 0.5 })
      // Travis picking: the thumb on the beats, fingers between
      const travis: [number, number, number][] = [[0, 0, 1], [0.5, 3, 1], [1, 1, 1], [1.5, 4, 1], [2, 0, 1], [2.5, 3, 1], [3, 1, 1], [3.5, 2, 1]]
      broken(song, 'guitar', all(song), travis, 'pluck', { around: 60, gain: 0.2, velocity: 0.6, count: 5, brightness: 0.3 })
      pads(song, 'pad', range(4, 20), { around: 62, gain: 0.03, brightness: 3.5 })
      bassline(song, 'bass', range(4, 20), [[0, 1.8, 0], [2, 1.8, 7]], { low: 38, voice: 'upright', gain: 0.2 })
      melody(song, 'keys', range(8, 18), [[0, 1.5], [1.5, 1.5], [3, 1]], 'epiano', { lo: 69, hi: 81, gain: 0.08, restEvery: 2 })
    },
  },
]

/** Renders one track: the whole loop, or its first `bars` bars (tests). */
export function renderTrack(spec: TrackSpec, bars?: number) {
  const song = new Song(bars ? { ...spec, bars } : spec)
  spec.arrange(song)
  return { song, mix: song.render() }
}
