import { describe, expect, it } from 'vitest'
import { NARRATION_TARGET_LUFS, VOICE_OVER_MUSIC_DB } from '@/lib/audio/targets'
import { timelineFor } from '@/remotion/catalog'
import { narrationOffsetFrames, segmentStarts } from '@/remotion/duration'
import { DUCK_HOLD_GAP_SECONDS, DUCK_RAMP_SECONDS, DUCK_RELEASE_SECONDS, duckAmount, MAX_DUCK_VOLUME, narrationWindows, trackVolume } from '@/remotion/scenes/AudioTracks'
import type { AudioTrack, PhotoScene, SceneNarration, VideoProps } from '@/remotion/schema'

const FPS = 30
const narration = (seconds: number): SceneNarration => ({ src: 'media:t/narration.wav', seconds, text: 'Hello.', voiceId: 'v', timing: 'estimated', words: [] })
const scene = (i: number, speech?: number, seconds?: number): PhotoScene => ({
  id: `scene-${i}`,
  src: `/remotion/samples/p${i}.jpg`,
  ...(seconds ? { seconds } : {}),
  ...(speech ? { narration: narration(speech) } : {}),
})
const props = (scenes: PhotoScene[]): VideoProps => ({
  listing: { address: { line: '12 Elm Street' }, offer: 'sale', propertyType: 'house' },
  scenes,
  fps: FPS,
})

describe('narration windows', () => {
  it('start after each narrated scene’s transition in and last the measured narration', () => {
    const scenes = [scene(1, 2), scene(2), scene(3, 3.5, 9)]
    const timeline = timelineFor('classic-tour', props(scenes))
    const starts = segmentStarts(timeline)
    const photo = (sceneIndex: number) => timeline.segments.findIndex((s) => s.kind === 'photo' && s.sceneIndex === sceneIndex)
    const windows = narrationWindows(scenes, timeline)
    expect(windows).toEqual([
      { from: starts[photo(0)] + narrationOffsetFrames(timeline), to: starts[photo(0)] + narrationOffsetFrames(timeline) + 60 },
      { from: starts[photo(2)] + narrationOffsetFrames(timeline), to: starts[photo(2)] + narrationOffsetFrames(timeline) + 105 },
    ])
  })

  it('join across a pause shorter than the hold gap (back-to-back narrated scenes)', () => {
    const scenes = [scene(1, 3), scene(2, 3), scene(3, 3)]
    const timeline = timelineFor('classic-tour', props(scenes))
    const windows = narrationWindows(scenes, timeline)
    // narrated scenes end 0.3 s after their voice, and the next voice waits one transition (0.6 s)
    expect(windows).toHaveLength(1)
    const starts = segmentStarts(timeline)
    const last = timeline.segments.findIndex((s) => s.sceneIndex === 2)
    expect(windows[0].to).toBe(starts[last] + narrationOffsetFrames(timeline) + 90)
    expect(DUCK_HOLD_GAP_SECONDS * FPS).toBeGreaterThan(0.9 * FPS)
  })

  it('stay apart when a silent scene lies between', () => {
    const scenes = [scene(1, 2), scene(2, undefined, 6), scene(3, 2)]
    expect(narrationWindows(scenes, timelineFor('classic-tour', props(scenes)))).toHaveLength(2)
  })

  it('are empty without narration', () => {
    const scenes = [scene(1), scene(2)]
    expect(narrationWindows(scenes, timelineFor('social-reel', props(scenes)))).toEqual([])
  })
})

describe('duck amount', () => {
  const windows = [{ from: 100, to: 200 }]
  const ramp = Math.round(DUCK_RAMP_SECONDS * FPS)
  const smooth = (t: number) => 0.5 - 0.5 * Math.cos(Math.PI * t)
  it('is full inside a window, none well outside, raised-cosine ramps', () => {
    expect(ramp).toBe(9)
    expect(duckAmount(150, windows, ramp)).toBe(1)
    expect(duckAmount(100, windows, ramp)).toBe(1)
    expect(duckAmount(200, windows, ramp)).toBe(1)
    expect(duckAmount(50, windows, ramp)).toBe(0)
    expect(duckAmount(91, windows, ramp)).toBe(0)
    expect(duckAmount(250, windows, ramp)).toBe(0)
    expect(duckAmount(209, windows, ramp)).toBe(0)
    expect(duckAmount(97, windows, ramp)).toBeCloseTo(smooth(6 / 9))
    expect(duckAmount(203, windows, ramp)).toBeCloseTo(smooth(6 / 9))
    // a slower release than attack when asked
    const release = Math.round(DUCK_RELEASE_SECONDS * FPS)
    expect(release).toBe(24)
    expect(duckAmount(212, windows, ramp, release)).toBeCloseTo(smooth(12 / 24))
    expect(duckAmount(224, windows, ramp, release)).toBe(0)
  })
})

describe('track volume', () => {
  const music: AudioTrack = { src: '/music/skyline.m4a', volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 }
  const windows = [{ from: 100, to: 200 }]
  const end = 600

  it('drops to the duck volume inside a narration window and returns after the release', () => {
    const v = trackVolume(music, FPS, end, windows)
    expect(v(60)).toBeCloseTo(0.6)
    expect(v(150)).toBeCloseTo(0.15)
    expect(v(95.5)).toBeCloseTo(0.6 - 0.45 * 0.5)
    expect(v(212)).toBeCloseTo(0.6 - 0.45 * 0.5)
    expect(v(225)).toBeCloseTo(0.6)
  })

  it('combines with the fades (multiplied)', () => {
    const v = trackVolume(music, FPS, end, [{ from: 10, to: 590 }])
    expect(v(0)).toBe(0)
    expect(v(15)).toBeCloseTo(0.15 * 0.5)
    expect(v(end - 30)).toBeCloseTo(0.15 * 0.5)
    expect(v(end)).toBe(0)
  })

  it('shifts windows by where the track starts in the video', () => {
    const v = trackVolume(music, FPS, end, windows, 40)
    expect(v(150 - 40)).toBeCloseTo(0.15)
    expect(v(250)).toBeCloseTo(0.6)
  })

  it('keeps the voice ≥ 12 dB over the music: a missing or higher duck level plays at MAX_DUCK_VOLUME under a voice', () => {
    const plain = trackVolume({ ...music, duckVolume: undefined }, FPS, end, windows)
    expect(plain(150)).toBeCloseTo(MAX_DUCK_VOLUME)
    expect(plain(60)).toBeCloseTo(0.6)
    const louder = trackVolume({ ...music, duckVolume: 0.9 }, FPS, end, windows)
    expect(louder(150)).toBeCloseTo(MAX_DUCK_VOLUME)
    // a quiet track under its cap is left alone
    const quiet = trackVolume({ ...music, volume: 0.2, duckVolume: undefined }, FPS, end, windows)
    expect(quiet(150)).toBeCloseTo(0.2)
    // voice −16 LUFS, shipped music −18 LUFS: the cap leaves the music ≥ 12 dB under the voice
    expect(NARRATION_TARGET_LUFS - (-18 + 20 * Math.log10(MAX_DUCK_VOLUME))).toBeGreaterThanOrEqual(VOICE_OVER_MUSIC_DB)
  })

  it('keeps the old curve without windows (fade in, hold, fade out)', () => {
    const v = trackVolume(music, FPS, end)
    expect(v(15)).toBeCloseTo(0.3)
    expect(v(300)).toBeCloseTo(0.6)
    expect(v(end - 30)).toBeCloseTo(0.3)
  })
})
