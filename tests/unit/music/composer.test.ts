import { describe, expect, it } from 'vitest'
import { levels } from '@/scripts/music/measure'
import { parseChord, Song, voicing } from '@/scripts/music/song'
import { SR } from '@/scripts/music/synth'
import { renderTrack, TRACKS } from '@/scripts/music/tracks'

const byId = (id: string) => TRACKS.find((t) => t.id === id)!

describe('the composer', () => {
  it('renders the same samples every time (seeded, no Math.random)', { timeout: 30_000 }, () => {
    const a = renderTrack(byId('front-porch'), 4).mix
    const b = renderTrack(byId('front-porch'), 4).mix
    expect(a.length).toBe(b.length)
    expect(Buffer.from(a.l.buffer).equals(Buffer.from(b.l.buffer))).toBe(true)
    expect(Buffer.from(a.r.buffer).equals(Buffer.from(b.r.buffer))).toBe(true)
  })

  // the first bars of a drummed and an acoustic track (a whole track takes seconds: compose.ts checks those)
  it('gives sound in every band, below full scale, a loop of whole bars', { timeout: 60_000 }, () => {
    for (const id of ['sunny-side', 'hearth']) {
      const spec = byId(id)
      const { mix } = renderTrack(spec, 4)
      expect(mix.length).toBe(Math.round(((4 * 4 * 60) / spec.bpm) * SR))
      const lv = levels([mix.l, mix.r])
      // the bus levels put the raw mix near -20 dBFS RMS; compose.ts then sets the loudness
      expect(lv.rmsDb, id).toBeGreaterThan(-30)
      expect(lv.rmsDb, id).toBeLessThan(-10)
      expect(lv.peakDb, id).toBeLessThan(0)
      expect(lv.clipped, id).toBe(0)
      for (const band of Object.values(lv.bands)) expect(band, id).toBeGreaterThan(-65)
    }
  })

  it('folds what rings past the end onto the start (a seamless loop)', () => {
    const song = new Song({ bpm: 120, bars: 2, seed: 1, chords: ['C'] })
    song.bus('x', { level: -20, send: 0.5 })
    // a long note in the last beat rings past the loop's end
    const tone = new Float32Array(SR).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / SR))
    song.play('x', tone, 7.5, 1)
    const mix = song.render()
    const start = levels([mix.l.subarray(0, SR / 4)]).rmsDb
    const middle = levels([mix.l.subarray(SR, SR + SR / 4)]).rmsDb
    expect(start).toBeGreaterThan(middle + 20)
  })

  it('parses and voices chords', () => {
    expect(parseChord('F#m7')).toMatchObject({ root: 6, bass: 6, intervals: [0, 3, 7, 10] })
    expect(parseChord('C/E')).toMatchObject({ root: 0, bass: 4 })
    expect(parseChord('Bbmaj7').root).toBe(10)
    expect(() => parseChord('Cxyz')).toThrow()
    const v = voicing(parseChord('Cmaj7'), 64)
    expect(v.map((n) => n % 12).sort((a, b) => a - b)).toEqual([0, 4, 7, 11])
    expect(Math.abs(v.reduce((a, b) => a + b) / v.length - 64)).toBeLessThan(6)
  })
})
