import { describe, expect, it } from 'vitest'
import { TEMPLATE_IDS, timelineFor } from '@/remotion/catalog'
import { VIDEO_FORMAT_IDS } from '@/remotion/constants'
import { narrationOffsetFrames, segmentStarts, type Timeline } from '@/remotion/duration'
import { CAPTION_LAYOUTS, captionCues, cueAt, groupPhrases, joinWords, wordAt, wrapLines, type CaptionCue, type CaptionLayout } from '@/remotion/captions/timing'
import type { VideoProps } from '@/remotion/schema'
import { narratedProps, narratedScene, SCRIPTS } from './fixtures'

/** Every rule a cue list must keep, checked against the timeline it came from. */
function expectWellFormed(cues: CaptionCue[], timeline: Timeline, layout: CaptionLayout, props: VideoProps) {
  const starts = segmentStarts(timeline)
  const offset = narrationOffsetFrames(timeline)
  cues.forEach((cue, i) => {
    expect(cue.endFrame).toBeGreaterThan(cue.startFrame)
    expect(cue.startFrame).toBeGreaterThanOrEqual(0)
    expect(cue.endFrame).toBeLessThanOrEqual(timeline.durationInFrames)
    if (i > 0) expect(cue.startFrame).toBeGreaterThanOrEqual(cues[i - 1].endFrame)
    // inside its scene: after its narration starts, before the next segment's transition
    const segment = timeline.segments.findIndex((s) => s.kind === 'photo' && s.sceneIndex === cue.sceneIndex)
    expect(cue.startFrame).toBeGreaterThanOrEqual(starts[segment] + offset)
    expect(cue.endFrame).toBeLessThanOrEqual(starts[segment] + timeline.segments[segment].durationInFrames - timeline.transitionFrames)
    // bounded: lines, characters per line (a single longer word excepted), seconds of speech
    expect(cue.lines.length).toBeLessThanOrEqual(layout.maxLines)
    for (const line of cue.lines) if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(layout.maxLineChars)
    const spoken = (cue.words[cue.words.length - 1].endFrame - cue.words[0].startFrame) / timeline.fps
    expect(spoken).toBeLessThanOrEqual(layout.maxSeconds + 1 / timeline.fps)
    // words in order, inside the cue
    cue.words.forEach((w, j) => {
      expect(w.startFrame).toBeGreaterThanOrEqual(cue.startFrame)
      expect(w.endFrame).toBeLessThanOrEqual(cue.endFrame)
      if (j > 0) expect(w.startFrame).toBeGreaterThanOrEqual(cue.words[j - 1].startFrame)
    })
  })
  // every word is captioned once, in order, when nothing was cut
  const spoken = props.scenes.flatMap((s) => s.narration?.words.map((w) => w.text) ?? [])
  expect(cues.flatMap((c) => c.words.map((w) => w.text))).toEqual(spoken)
}

describe('caption cues', () => {
  it.each(TEMPLATE_IDS)('%s: monotonic, inside the video and their scenes, never overlapping, bounded (every format and style)', (template) => {
    const props = narratedProps()
    const timeline = timelineFor(template, props)
    for (const layout of [CAPTION_LAYOUTS.file, ...VIDEO_FORMAT_IDS.flatMap((f) => [CAPTION_LAYOUTS.words[f], CAPTION_LAYOUTS.phrases[f]])]) {
      const cues = captionCues(props, timeline, layout)
      expect(cues.length).toBeGreaterThanOrEqual(SCRIPTS.length)
      expectWellFormed(cues, timeline, layout, props)
    }
  })

  it('starts with the first word, at the scene start plus the narration offset', () => {
    const props = narratedProps()
    const timeline = timelineFor('classic-tour', props)
    const [first] = captionCues(props, timeline, CAPTION_LAYOUTS.file)
    const photo = timeline.segments.findIndex((s) => s.kind === 'photo')
    const expected = segmentStarts(timeline)[photo] + narrationOffsetFrames(timeline) + Math.round(props.scenes[0].narration!.words[0].start * timeline.fps)
    expect(first.startFrame).toBe(expected)
    expect(first.sceneIndex).toBe(0)
  })

  it('splits at sentence ends and keeps phrases within 2 × 42 characters and 6 s', () => {
    const props = narratedProps(['One. Two words. ' + 'A much longer sentence that goes on, and on, past what one caption line should ever hold for a reader to follow.'])
    const cues = captionCues(props, timelineFor('luxury-estate', props), CAPTION_LAYOUTS.file)
    expect(cues[0].lines).toEqual(['One.'])
    expect(cues[1].lines).toEqual(['Two words.'])
    expect(cues.length).toBeGreaterThanOrEqual(4)
    // the overflow broke at a comma, not mid-clause
    expect(cues[2].lines.join(' ')).toMatch(/,$/)
  })

  it('balances two lines and attaches lone punctuation', () => {
    const layout = { maxLineChars: 42, maxLines: 2, maxSeconds: 6 }
    const lines = wrapLines('The open kitchen flows into the living room with stone benches'.split(' '), layout)
    expect(lines).toHaveLength(2)
    expect(Math.abs(lines[0].length - lines[1].length)).toBeLessThanOrEqual(8)
    expect(joinWords(['Hello', ',', 'world', '!'])).toBe('Hello, world!')
    expect(wrapLines(['Short', 'line.'], layout)).toEqual(['Short line.'])
  })

  it('breaks at a long pause and never holds a phrase past its seconds', () => {
    const words = [
      { text: 'Before', start: 0, end: 0.4 },
      { text: 'the', start: 0.45, end: 0.6 },
      { text: 'pause', start: 0.65, end: 1 },
      { text: 'after', start: 2.2, end: 2.6 },
    ]
    expect(groupPhrases(words, CAPTION_LAYOUTS.file).map((p) => p.length)).toEqual([3, 1])
    const slow = Array.from({ length: 12 }, (_, i) => ({ text: 'word', start: i * 0.6, end: i * 0.6 + 0.5 }))
    for (const phrase of groupPhrases(slow, CAPTION_LAYOUTS.file)) expect(phrase[phrase.length - 1].end - phrase[0].start).toBeLessThanOrEqual(6)
  })

  it('keeps overlapping or unordered provider timings in order and inside the scene', () => {
    const scene = narratedScene(0, 'x')
    scene.narration!.words = [
      { text: 'third', start: 1.2, end: 1.6 },
      { text: 'first', start: 0.1, end: 0.9 },
      { text: 'second', start: 0.5, end: 1.4 },
      { text: 'late', start: 30, end: 31 },
    ]
    scene.narration!.seconds = 2
    const props: VideoProps = { ...narratedProps([]), scenes: [scene] }
    const timeline = timelineFor('social-reel', props)
    const cues = captionCues(props, timeline, CAPTION_LAYOUTS.file)
    expect(cues.flatMap((c) => c.words.map((w) => w.text))).toEqual(['first', 'second', 'third'])
    const ordered = [1, 2, 0].map((i) => scene.narration!.words[i])
    expectWellFormed(cues, timeline, CAPTION_LAYOUTS.file, { ...props, scenes: [{ ...scene, narration: { ...scene.narration!, words: ordered } }] })
  })

  it('clips to a shorter render and finds the cue and word at a frame', () => {
    const props = narratedProps()
    const timeline = timelineFor('classic-tour', props)
    const all = captionCues(props, timeline, CAPTION_LAYOUTS.words.landscape)
    const limit = Math.round((all[2].startFrame + all[2].endFrame) / 2)
    const clipped = captionCues(props, timeline, CAPTION_LAYOUTS.words.landscape, limit)
    expect(clipped).toHaveLength(3)
    expect(clipped[2].endFrame).toBe(limit)
    const cue = all[1]
    expect(cueAt(all, cue.startFrame)).toBe(cue)
    expect(cueAt(all, cue.endFrame - 1)).toBe(cue)
    expect(cueAt(all, 0)).toBeNull()
    expect(wordAt(cue, cue.startFrame)).toBe(0)
    expect(wordAt(cue, cue.words[cue.words.length - 1].startFrame)).toBe(cue.words.length - 1)
  })

  it('has no cues without narration words', () => {
    const props = { ...narratedProps(), scenes: [{ id: 'a', src: '/a.jpg', script: 'Not spoken yet.' }] }
    expect(captionCues(props, timelineFor('classic-tour', props), CAPTION_LAYOUTS.file)).toEqual([])
  })
})
