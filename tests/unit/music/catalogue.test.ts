import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { probe } from '@/worker/ffmpeg'
import { MUSIC_MOODS, musicUrl, SHIPPED_TRACKS, shippedTrack, tracksOfMood } from '@/remotion/music'
import { TRACKS } from '@/scripts/music/tracks'

const publicDir = path.resolve(import.meta.dirname, '../../../public')

describe('the shipped music catalogue', () => {
  it('has two tracks per mood, unique ids and sources, all CC0', () => {
    for (const mood of MUSIC_MOODS) expect(tracksOfMood(mood)).toHaveLength(2)
    expect(new Set(SHIPPED_TRACKS.map((t) => t.id)).size).toBe(SHIPPED_TRACKS.length)
    expect(new Set(SHIPPED_TRACKS.map((t) => t.src)).size).toBe(SHIPPED_TRACKS.length)
    for (const t of SHIPPED_TRACKS) {
      expect(t.licence.id).toBe('CC0-1.0')
      expect(t.src).toBe(`/music/${t.id}.m4a`)
      expect(t.seconds).toBeGreaterThanOrEqual(60)
      expect(t.seconds).toBeLessThanOrEqual(90)
    }
  })

  it('matches the composer’s specs (title, mood, tempo, length of the loop)', () => {
    expect(TRACKS.map((t) => t.id)).toEqual(SHIPPED_TRACKS.map((t) => t.id))
    for (const spec of TRACKS) {
      const entry = shippedTrack(`/music/${spec.id}.m4a`)!
      expect({ title: entry.title, mood: entry.mood, bpm: entry.bpm }).toEqual({ title: spec.title, mood: spec.mood, bpm: spec.bpm })
      expect(entry.seconds).toBeCloseTo((spec.bars * 4 * 60) / spec.bpm, 1)
    }
  })

  it('has every file in public/music, of the catalogued length, AAC, small', async () => {
    let total = 0
    for (const t of SHIPPED_TRACKS) {
      const file = path.join(publicDir, t.src)
      total += (await stat(file)).size
      const info = await probe(file)
      const audio = info.streams.find((s) => s.codec_type === 'audio')
      expect(audio?.codec_name).toBe('aac')
      expect(Number(info.format.duration)).toBeCloseTo(t.seconds, 1)
    }
    expect(total).toBeLessThan(6 * 1024 * 1024)
  })

  it('names each track in public/music/LICENSE', async () => {
    const licence = await readFile(path.join(publicDir, 'music/LICENSE'), 'utf8')
    expect(licence).toMatch(/CC0 1\.0/)
    for (const t of SHIPPED_TRACKS) expect(licence).toContain(`${t.id}.m4a`)
  })

  it('loads shipped tracks through staticFile and leaves other sources alone', () => {
    expect(musicUrl('/music/skyline.m4a')).toBe('/music/skyline.m4a')
    expect(musicUrl('https://x.test/a.mp3?token=1')).toBe('https://x.test/a.mp3?token=1')
    expect(shippedTrack('/music/unknown.m4a')).toBeUndefined()
    expect(shippedTrack(null)).toBeUndefined()
  })
})
