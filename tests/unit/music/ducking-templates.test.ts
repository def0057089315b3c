import { describe, expect, it } from 'vitest'
import { MUSIC_DEFAULTS } from '@/components/editor/doc'
import { TEMPLATE_IDS, timelineFor, type TemplateId } from '@/remotion/catalog'
import { narrationOffsetFrames, segmentStarts } from '@/remotion/duration'
import { DUCK_HOLD_GAP_SECONDS, DUCK_RAMP_SECONDS, narrationWindows, trackVolume } from '@/remotion/scenes/AudioTracks'
import type { AudioTrack, PhotoScene, VideoProps } from '@/remotion/schema'

// The music under every template's real narration: clip lengths measured by speaking a drafted
// six-photo listing with four Flite voices through the app's synthesis (`npx tsx
// scripts/ducking-timings.ts`; the drafts fill each scene's speech time, so the three templates
// speak the same lines at their default pacing). Between two narrated scenes the music must stay
// down (no swell: Luxury Estate's clips are 1.50–1.53 s apart, over the old 1.5 s hold); where a
// pause is longer than the hold it comes back up, smoothly.

const CLIPS: Record<string, number[]> = {
  slt: [3.8, 4.08, 3.445, 4.33, 2.445, 4.68],
  kal16: [3.908, 3.854, 4.319, 4.749, 2.31, 4.88],
  awb: [4.245, 4.495, 3.91, 4.025, 2.39, 4.465],
  rms: [4.205, 4.685, 3.985, 4.815, 2.525, 4.875],
}

const music: AudioTrack = { src: '/music/skyline.m4a', ...MUSIC_DEFAULTS }
const ducked = Math.min(music.duckVolume!, music.volume)

function video(template: TemplateId, clips: number[], sceneSeconds?: number) {
  const scenes: PhotoScene[] = clips.map((seconds, i) => ({
    id: `scene-${i}`,
    src: `/remotion/samples/p${i}.jpg`,
    ...(sceneSeconds ? { seconds: sceneSeconds } : {}),
    narration: { src: `media:t/narration/${i}.wav`, seconds, text: 'Hello.', voiceId: 'v', timing: 'estimated', words: [] },
  }))
  const props: VideoProps = {
    listing: { address: { line: '12 Ridge Road' }, offer: 'sale', propertyType: 'house', features: ['Pool', 'Double garage'] },
    scenes,
    fps: 30,
  }
  const timeline = timelineFor(template, props)
  const starts = segmentStarts(timeline)
  // each narration's frames, in timeline order, with whether the next one follows in the very next segment
  const spoken = timeline.segments.flatMap((segment, index) => {
    if (segment.kind !== 'photo' || segment.sceneIndex === undefined) return []
    const from = starts[index] + narrationOffsetFrames(timeline)
    return [{ index, from, to: from + Math.ceil(clips[segment.sceneIndex] * timeline.fps) }]
  })
  const volume = trackVolume(music, timeline.fps, timeline.durationInFrames, narrationWindows(scenes, timeline))
  return { timeline, spoken, volume }
}

const cases = TEMPLATE_IDS.flatMap((template) =>
  Object.entries(CLIPS).flatMap(([voice, clips]) => [undefined, 8].map((sceneSeconds) => ({ template, voice, clips, sceneSeconds }))),
)

describe('ducking over every template’s real narration', () => {
  it.each(cases)('$template, $voice, scenes $sceneSeconds s: no swell between clips closer than the hold, smooth ramps', ({ template, clips, sceneSeconds }) => {
    const { timeline, spoken, volume } = video(template, clips, sceneSeconds)
    const fps = timeline.fps
    let held = 0
    for (let i = 0; i + 1 < spoken.length; i++) {
      const gap = (spoken[i + 1].from - spoken[i].to) / fps
      if (gap > DUCK_HOLD_GAP_SECONDS) continue
      held++
      for (let f = spoken[i].to; f <= spoken[i + 1].from; f++) expect(volume(f), `frame ${f}, gap ${gap.toFixed(2)} s`).toBeCloseTo(ducked, 6)
    }
    // at the default pacing every pair of scenes is held (the gaps are one transition + the 0.3 s tail)
    if (!sceneSeconds) expect(held).toBe(spoken.length - 1)
    // under every voice, from its first word to its last
    for (const s of spoken) for (let f = s.from; f <= s.to; f++) expect(volume(f)).toBeCloseTo(ducked, 6)
    // no jump anywhere: a frame never moves the level by more than a smooth ramp's steepest step
    const ramp = Math.round(DUCK_RAMP_SECONDS * fps)
    const steepest = ((music.volume - ducked) * Math.PI) / (2 * ramp) + 1e-9
    for (let f = 1; f < timeline.durationInFrames; f++) expect(Math.abs(volume(f) - volume(f - 1))).toBeLessThanOrEqual(Math.max(steepest, music.volume / Math.round((music.fadeInSeconds ?? 1) * fps) + 1e-9))
  })

  it('the templates’ real gaps at their default pacing are all under the hold (Luxury Estate’s are the longest)', () => {
    const gaps = Object.fromEntries(
      TEMPLATE_IDS.map((template) => {
        const all = Object.values(CLIPS).flatMap((clips) => {
          const { spoken, timeline } = video(template, clips)
          return spoken.slice(1).map((s, i) => (s.from - spoken[i].to) / timeline.fps)
        })
        return [template, { min: Math.min(...all), max: Math.max(...all) }]
      }),
    )
    expect(gaps['luxury-estate'].min).toBeGreaterThanOrEqual(1.5)
    for (const { max } of Object.values(gaps)) expect(max).toBeLessThanOrEqual(DUCK_HOLD_GAP_SECONDS)
  })

  it('lets the music up across a pause longer than the hold, over a smooth release', () => {
    // Classic Tour with 8-second scenes and slt's 2.445 s clip: a 5 s pause
    const { spoken, volume, timeline } = video('classic-tour', CLIPS.slt, 8)
    const long = spoken.findIndex((s, i) => i + 1 < spoken.length && (spoken[i + 1].from - s.to) / timeline.fps > DUCK_HOLD_GAP_SECONDS + 1)
    expect(long).toBeGreaterThanOrEqual(0)
    const middle = Math.round((spoken[long].to + spoken[long + 1].from) / 2)
    expect(volume(middle)).toBeCloseTo(music.volume, 6)
    expect(volume(spoken[long].to + 3)).toBeLessThan((music.volume + ducked) / 2)
  })
})
