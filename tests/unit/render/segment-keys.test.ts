import { describe, expect, it } from 'vitest'
import { completeProps, timelineFor } from '../../../remotion/catalog.ts'
import type { Timeline } from '../../../remotion/duration.ts'
import { sampleListing } from '../../../remotion/sample-listing.ts'
import type { ClassicTourProps, PhotoScene, VideoProps } from '../../../remotion/schema.ts'
import { audioKey, globalVisuals, KEY_VERSION, sceneVisuals, videoSegmentKey, type KeyContext } from '../../../worker/segments/keys.ts'
import { planSegments, type PlannedSegment } from '../../../worker/segments/plan.ts'

/*
 * The render cache's keys (issue 28, worker/segments/keys.ts): a segment's key changes when, and
 * only when, its frames can change: a prop it shows, a picture's content, the template's code, the
 * output; never for the sound, which has a key of its own (audioKey).
 */

const TEAM = '7d1f0c1e-3a52-4c1b-9d7e-2f8a6b0c4e11'

const PHOTO = (name: string) => `/remotion/samples/${name}.jpg`
const REF = (name: string) => `media:${TEAM}/photos/${name}.jpg`

const words = (...list: string[]) => list.map((text, i) => ({ text, start: 0.1 + 0.4 * i, end: 0.4 + 0.4 * i }))

function baseProps(): ClassicTourProps {
  const scenes: PhotoScene[] = [
    { id: 'a', src: PHOTO('exterior-dusk'), caption: 'Modern living at dusk', motion: 'zoom-in' },
    {
      id: 'b', src: REF('living'), caption: 'Sun-filled living room', script: 'A bright living room.', scriptDraft: 'A bright living room.',
      narration: { src: `media:${TEAM}/narration/b.m4a`, seconds: 2.5, text: 'A bright living room.', voiceId: 'flite-slt', timing: 'estimated', words: words('A', 'bright', 'living', 'room.') },
    },
    { id: 'c', src: PHOTO('kitchen'), caption: "Chef's kitchen with island", motion: 'pan-left' },
    {
      id: 'd', src: REF('dining'), caption: 'Dining for eight',
      narration: { src: '/remotion/samples/narration-4.m4a', seconds: 3, text: 'Dinner for eight.', voiceId: 'flite-slt', timing: 'provider', words: words('Dinner', 'for', 'eight.') },
    },
    { id: 'e', src: PHOTO('bedroom'), caption: 'Calm primary suite' },
  ]
  return completeProps('classic-tour', {
    listing: sampleListing,
    scenes,
    agent: { fullName: 'Maya Thompson', title: 'Senior Listing Agent', phone: '(503) 555-0142', brokerage: 'Harbor Realty Group', photoSrc: PHOTO('agent') },
    brandColor: '#1f4e79',
    music: { src: '/music/front-porch.m4a', volume: 0.6, fadeOutSeconds: 2, duckVolume: 0.2 },
    narration: { src: `media:${TEAM}/narration/voice-over.m4a`, volume: 1, startSeconds: 4 },
    captions: { enabled: true, style: 'words' },
    fps: 30,
    locale: 'en-US',
    theme: 'light',
  })
}

const CTX: KeyContext = {
  codeVersion: 'a'.repeat(64),
  teamId: TEAM,
  compositionId: 'classic-tour-portrait',
  width: 1080,
  height: 1920,
  fps: 30,
  scale: 1,
  videoBitrate: 3_110_400,
  keyframeIntervalInSeconds: 2,
  mediaVersions: {
    [PHOTO('exterior-dusk')]: 'sha-exterior',
    [REF('living')]: 'obj-living:etag-1:2026-11-01T10:00:00Z',
    [PHOTO('kitchen')]: 'sha-kitchen',
    [REF('dining')]: 'obj-dining:etag-1:2026-11-01T10:00:00Z',
    [PHOTO('bedroom')]: 'sha-bedroom',
    [PHOTO('agent')]: 'sha-agent',
    [`media:${TEAM}/narration/b.m4a`]: 'obj-narration-b:etag-1',
    '/remotion/samples/narration-4.m4a': 'sha-narration-4',
    '/music/front-porch.m4a': 'sha-music',
    [`media:${TEAM}/narration/voice-over.m4a`]: 'obj-voice-over:etag-1',
  },
}

/** A copy of the props with one edit (an edit makes a new object, as in the editor). */
function edit(props: ClassicTourProps, change: (p: ClassicTourProps) => void): ClassicTourProps {
  const copy = structuredClone(props)
  change(copy)
  return copy
}

interface Keyed {
  timeline: Timeline
  plan: PlannedSegment[]
  keys: string[]
  audio: string
}

function keyed(props: VideoProps, ctx: KeyContext = CTX, range?: [number, number]): Keyed {
  const timeline = timelineFor('classic-tour', props)
  const [first, last] = range ?? [0, timeline.durationInFrames - 1]
  const plan = planSegments(timeline, first, last)
  return { timeline, plan, keys: plan.map((s) => videoSegmentKey(ctx, props, timeline, s)), audio: audioKey(ctx, props, timeline, first, last) }
}

/** The segments (by place in the plan) whose keys differ; the two plans must be the same. */
function changed(a: Keyed, b: Keyed): number[] {
  expect(b.plan).toEqual(a.plan)
  return a.keys.flatMap((key, i) => (key === b.keys[i] ? [] : [i]))
}

const showsScene = (plan: PlannedSegment[], k: number) =>
  plan.flatMap((s, i) => (s.overlaps.some((o) => o.kind === 'photo' && o.sceneIndex === k) ? [i] : []))
const showsCard = (plan: PlannedSegment[]) => plan.flatMap((s, i) => (s.overlaps.some((o) => o.kind !== 'photo') ? [i] : []))
const union = (...lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b)

/** The same value with every object's keys in the reverse order. */
function reversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversed) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)])) as T
  return value
}

const base = baseProps()
const before = keyed(base)
const SCENES = base.scenes.length
const ALL = before.keys.map((_, i) => i)

describe('the fixture', () => {
  it('has several segments, each scene shown by some and not all, cards at both ends', () => {
    expect(before.plan.length).toBeGreaterThan(5)
    for (let k = 0; k < SCENES; k++) {
      expect(showsScene(before.plan, k).length).toBeGreaterThan(0)
      expect(showsScene(before.plan, k).length).toBeLessThan(before.plan.length - 1)
    }
    const cards = showsCard(before.plan)
    expect(cards).toContain(0)
    expect(cards).toContain(before.plan.length - 1)
    expect(cards.length).toBeLessThan(before.plan.length)
  })
})

describe('videoSegmentKey', () => {
  it('is a SHA-256 in hex, one per segment, all different', () => {
    for (const key of before.keys) expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(before.keys).size).toBe(before.keys.length)
    expect(KEY_VERSION).toBeGreaterThanOrEqual(1)
  })

  it('is the same for the same inputs, whatever the order of the objects\' keys', () => {
    expect(keyed(baseProps()).keys).toEqual(before.keys)
    expect(keyed(structuredClone(base)).keys).toEqual(before.keys)
    const again = keyed(reversed(base), reversed(CTX))
    expect(again.keys).toEqual(before.keys)
    expect(again.audio).toBe(before.audio)
    // the same plan, timeline and props, asked twice
    expect(videoSegmentKey(CTX, base, before.timeline, before.plan[2])).toBe(before.keys[2])
  })

  it('ignores a field left undefined (the same as one left out)', () => {
    const withUndefined = edit(base, (p) => {
      p.scenes[4].motion = undefined
      p.titleCard = { heading: undefined }
    })
    expect(changed(before, keyed(withUndefined))).toEqual([])
  })

  describe('a scene\'s visible props change the segments that show it, and no other', () => {
    const cases: [string, (scene: PhotoScene) => void][] = [
      ['caption', (scene) => void (scene.caption = `${scene.caption ?? ''} (edited)`)],
      ['caption removed', (scene) => void delete scene.caption],
      ['motion', (scene) => void (scene.motion = scene.motion === 'pan-right' ? 'zoom-out' : 'pan-right')],
    ]
    for (const [name, change] of cases) {
      it(name, () => {
        for (let k = 0; k < SCENES; k++) {
          const after = keyed(edit(base, (p) => change(p.scenes[k])))
          expect(changed(before, after), `scene ${k}`).toEqual(showsScene(before.plan, k))
          expect(after.audio, `scene ${k}`).toBe(before.audio)
        }
      })
    }

    it('the spoken words (the captions), at the same length', () => {
      for (const k of [1, 3]) {
        const after = keyed(edit(base, (p) => void (p.scenes[k].narration!.words[0].text = 'The')))
        expect(changed(before, after), `scene ${k}`).toEqual(showsScene(before.plan, k))
        expect(after.audio).toBe(before.audio)
        const retimed = keyed(edit(base, (p) => void (p.scenes[k].narration!.words[1].start += 0.05)))
        expect(changed(before, retimed), `scene ${k}`).toEqual(showsScene(before.plan, k))
      }
    })

    it('the photo (a swap): its segments, and the cards\' (a card may draw any scene\'s photo)', () => {
      for (let k = 0; k < SCENES; k++) {
        const after = keyed(edit(base, (p) => void (p.scenes[k].src = REF(`swapped-${k}`))))
        expect(changed(before, after), `scene ${k}`).toEqual(union(showsScene(before.plan, k), showsCard(before.plan)))
        expect(after.audio, `scene ${k}`).toBe(before.audio)
      }
    })
  })

  it('keeps every key for a scene\'s id and for what only the sound uses', () => {
    const edits: [string, (p: ClassicTourProps) => void][] = [
      ['id', (p) => void (p.scenes[2].id = 'renamed')],
      ['script', (p) => void (p.scenes[1].script = 'An edited script.')],
      ['scriptDraft', (p) => void (p.scenes[1].scriptDraft = 'A new draft.')],
      ['a script added', (p) => void (p.scenes[4].script = 'Rest here.')],
      ['narration src', (p) => void (p.scenes[1].narration!.src = `media:${TEAM}/narration/b-2.m4a`)],
      ['narration voiceId', (p) => void (p.scenes[1].narration!.voiceId = 'another-voice')],
      ['narration text', (p) => void (p.scenes[3].narration!.text = 'Dinner for eight, at last.')],
      ['narration timing', (p) => void (p.scenes[3].narration!.timing = 'estimated')],
      ['music volume', (p) => void (p.music!.volume = 0.3)],
      ['music track', (p) => void (p.music!.src = '/music/glass-and-steel.m4a')],
      ['music duck volume', (p) => void (p.music!.duckVolume = 0.1)],
      ['music removed', (p) => void (p.music = null)],
      ['narration track volume', (p) => void (p.narration!.volume = 0.8)],
      ['narration track removed', (p) => void (p.narration = null)],
    ]
    for (const [name, change] of edits) expect(changed(before, keyed(edit(base, change))), name).toEqual([])
  })

  it('changes every key for a prop every frame may show', () => {
    const edits: [string, (p: ClassicTourProps) => void][] = [
      ['brandColor', (p) => void (p.brandColor = '#aa3300')],
      ['listing price', (p) => void (p.listing.price!.amount = 1_199_000)],
      ['listing currency', (p) => void (p.listing.price!.currency = 'EUR')],
      ['listing title', (p) => void (p.listing.title = 'Hillside modern')],
      ['listing address', (p) => void (p.listing.address.line = '2150 Linden Crest Drive')],
      ['listing bedrooms', (p) => void (p.listing.bedrooms = 5)],
      ['agent name', (p) => void (p.agent!.fullName = 'Maya T. Thompson')],
      ['agent photo', (p) => void (p.agent!.photoSrc = PHOTO('logo'))],
      ['agent removed', (p) => void (p.agent = null)],
      ['captions.enabled', (p) => void (p.captions = { enabled: false })],
      ['captions.style', (p) => void (p.captions = { enabled: true, style: 'phrases' })],
      ['watermark', (p) => void (p.watermark = true)],
      ['unbranded', (p) => void (p.unbranded = true)],
      ['locale', (p) => void (p.locale = 'en-GB')],
      ['title card heading', (p) => void (p.titleCard = { heading: 'Just listed' })],
      ['show price', (p) => void (p.show = { price: false })],
      ['theme (a template option)', (p) => void (p.theme = 'dark')],
    ]
    for (const [name, change] of edits) {
      const after = keyed(edit(base, change))
      expect(changed(before, after), name).toEqual(ALL)
      expect(after.audio, name).toBe(before.audio)
    }
  })

  describe('a picture\'s content (the same src, a new version) changes the segments that show it', () => {
    const versioned = (src: string, version: string): KeyContext => ({ ...CTX, mediaVersions: { ...CTX.mediaVersions, [src]: version } })

    it('a scene\'s photo: its segments and the cards\'', () => {
      for (let k = 0; k < SCENES; k++) {
        const after = keyed(base, versioned(base.scenes[k].src, 'replaced'))
        expect(changed(before, after), `scene ${k}`).toEqual(union(showsScene(before.plan, k), showsCard(before.plan)))
        expect(after.audio, `scene ${k}`).toBe(before.audio)
      }
    })

    it('a photo that had no version yet (a missing file) gets one', () => {
      const { [REF('dining')]: _dining, ...rest } = CTX.mediaVersions
      const without = keyed(base, { ...CTX, mediaVersions: rest })
      expect(changed(before, without)).toEqual(union(showsScene(before.plan, 3), showsCard(before.plan)))
    })

    it('a photo two scenes share: both scenes\' segments', () => {
      const shared = edit(base, (p) => void (p.scenes[4].src = p.scenes[0].src))
      const was = keyed(shared)
      const after = keyed(shared, versioned(PHOTO('exterior-dusk'), 'replaced'))
      expect(changed(was, after)).toEqual(union(showsScene(was.plan, 0), showsScene(was.plan, 4), showsCard(was.plan)))
    })

    it('the agent\'s photo (a global prop): every segment, not the sound', () => {
      const after = keyed(base, versioned(PHOTO('agent'), 'replaced'))
      expect(changed(before, after)).toEqual(ALL)
      expect(after.audio).toBe(before.audio)
    })

    it('a sound file: no picture, but the sound', () => {
      for (const src of ['/music/front-porch.m4a', `media:${TEAM}/narration/voice-over.m4a`, `media:${TEAM}/narration/b.m4a`, '/remotion/samples/narration-4.m4a']) {
        const after = keyed(base, versioned(src, 'replaced'))
        expect(changed(before, after), src).toEqual([])
        expect(after.audio, src).not.toBe(before.audio)
      }
    })

    it('a file the props do not use: nothing', () => {
      const after = keyed(base, versioned(REF('unused'), 'v9'))
      expect(changed(before, after)).toEqual([])
      expect(after.audio).toBe(before.audio)
    })
  })

  it('changes every key for another code version, team, composition, size, scale, bitrate, frame rate or keyframe interval', () => {
    const contexts: [string, Partial<KeyContext>][] = [
      ['codeVersion', { codeVersion: 'b'.repeat(64) }],
      ['teamId', { teamId: '0b6c3a8e-1f2d-4e5a-8b7c-9d0e1f2a3b4c' }],
      ['compositionId', { compositionId: 'classic-tour-landscape' }],
      ['width', { width: 1081 }],
      ['height', { height: 1080 }],
      ['scale', { scale: 0.5 }],
      ['videoBitrate', { videoBitrate: 6_220_800 }],
      ['fps', { fps: 60 }],
      ['keyframeIntervalInSeconds', { keyframeIntervalInSeconds: 1 }],
    ]
    for (const [name, change] of contexts) {
      const after = keyed(base, { ...CTX, ...change })
      expect(changed(before, after), name).toEqual(ALL)
      // and no key of one context is a key of the other
      expect(after.keys.filter((key) => before.keys.includes(key)), name).toEqual([])
    }
  })

  it('changes with the frames a segment covers', () => {
    const segment = before.plan[2]
    const key = (s: PlannedSegment) => videoSegmentKey(CTX, base, before.timeline, s)
    expect(key({ ...segment })).toBe(before.keys[2])
    expect(key({ ...segment, from: segment.from + 1 })).not.toBe(before.keys[2])
    expect(key({ ...segment, to: segment.to - 1 })).not.toBe(before.keys[2])
    expect(key({ ...segment, from: segment.from - 1, to: segment.to - 1 })).not.toBe(before.keys[2])
  })

  it('is shared by a part render and the whole video for a segment both cut the same way', () => {
    const whole = before
    const [a, b] = [whole.plan[1].from, whole.plan[4].to]
    const part = keyed(base, CTX, [a, b])
    expect(part.keys).toEqual(whole.keys.slice(1, 5))
    // a range starting off a cut makes its own first segment
    const off = keyed(base, CTX, [a + 3, b])
    expect(off.plan[0].from).toBe(a + 3)
    expect(whole.keys).not.toContain(off.keys[0])
    expect(off.keys.slice(1)).toEqual(whole.keys.slice(2, 5))
    // the sound of another range is another sound
    expect(part.audio).not.toBe(whole.audio)
    expect(off.audio).not.toBe(part.audio)
  })

  it('changes from the edited scene on when a scene\'s length changes (the frames after it move)', () => {
    const longer = keyed(edit(base, (p) => void (p.scenes[2].seconds = 7)))
    expect(longer.timeline.durationInFrames).toBeGreaterThan(before.timeline.durationInFrames)
    const firstShowing = showsScene(before.plan, 2)[0]
    expect(longer.keys.slice(0, firstShowing)).toEqual(before.keys.slice(0, firstShowing))
    for (const key of longer.keys.slice(firstShowing)) expect(before.keys).not.toContain(key)
  })

  it('changes every key for a scene added, removed or moved (the story\'s numbering and transitions move)', () => {
    const added = keyed(edit(base, (p) => void p.scenes.push({ id: 'f', src: PHOTO('pool-garden') })))
    for (const key of added.keys) expect(before.keys).not.toContain(key)
    const removed = keyed(edit(base, (p) => void p.scenes.splice(2, 1)))
    for (const key of removed.keys) expect(before.keys).not.toContain(key)
    // moving scene e to the front: every scene's place (and so its number) changes
    const moved = keyed(edit(base, (p) => void p.scenes.unshift(p.scenes.pop()!)))
    expect(moved.plan.length).toBe(before.plan.length)
    expect(moved.keys.filter((key) => before.keys.includes(key))).toEqual([])
  })
})

describe('audioKey', () => {
  it('is a SHA-256 in hex, the same for the same inputs, different from every video key', () => {
    expect(before.audio).toMatch(/^[0-9a-f]{64}$/)
    expect(keyed(baseProps()).audio).toBe(before.audio)
    expect(before.keys).not.toContain(before.audio)
  })

  it('changes for the music, the narration track and each scene\'s spoken clip', () => {
    const edits: [string, (p: ClassicTourProps) => void][] = [
      ['music volume', (p) => void (p.music!.volume = 0.3)],
      ['music track', (p) => void (p.music!.src = '/music/glass-and-steel.m4a')],
      ['music fade out', (p) => void (p.music!.fadeOutSeconds = 4)],
      ['music duck volume', (p) => void (p.music!.duckVolume = 0.1)],
      ['music removed', (p) => void (p.music = null)],
      ['narration track volume', (p) => void (p.narration!.volume = 0.8)],
      ['narration track start', (p) => void (p.narration!.startSeconds = 5)],
      ['narration track removed', (p) => void (p.narration = null)],
      ['scene narration src', (p) => void (p.scenes[1].narration!.src = `media:${TEAM}/narration/b-2.m4a`)],
      ['scene narration removed', (p) => void delete p.scenes[3].narration],
    ]
    for (const [name, change] of edits) expect(keyed(edit(base, change)).audio, name).not.toBe(before.audio)
  })

  it('keeps its key for what only the pictures or the script use (the clip is the sound)', () => {
    const edits: [string, (p: ClassicTourProps) => void][] = [
      ['caption', (p) => void (p.scenes[1].caption = 'Edited')],
      ['motion', (p) => void (p.scenes[0].motion = 'pan-right')],
      ['photo', (p) => void (p.scenes[2].src = REF('swapped'))],
      ['spoken words', (p) => void (p.scenes[1].narration!.words[0].text = 'The')],
      ['script', (p) => void (p.scenes[1].script = 'An edited script.')],
      ['scriptDraft', (p) => void (p.scenes[1].scriptDraft = 'A new draft.')],
      ['narration voiceId', (p) => void (p.scenes[1].narration!.voiceId = 'another-voice')],
      ['narration text', (p) => void (p.scenes[3].narration!.text = 'Dinner for eight, at last.')],
      ['brandColor', (p) => void (p.brandColor = '#aa3300')],
      ['captions', (p) => void (p.captions = { enabled: false })],
      ['watermark', (p) => void (p.watermark = true)],
    ]
    for (const [name, change] of edits) expect(keyed(edit(base, change)).audio, name).toBe(before.audio)
  })

  it('changes with the timeline (a scene\'s length moves every clip after it) and the frames it covers', () => {
    expect(keyed(edit(base, (p) => void (p.scenes[0].seconds = 6))).audio).not.toBe(before.audio)
    const last = before.timeline.durationInFrames - 1
    expect(audioKey(CTX, base, before.timeline, 0, last)).toBe(before.audio)
    expect(audioKey(CTX, base, before.timeline, 1, last)).not.toBe(before.audio)
    expect(audioKey(CTX, base, before.timeline, 0, last - 1)).not.toBe(before.audio)
  })

  it('changes for another code version, team, composition or frame rate, not for the picture\'s size, scale or bitrate', () => {
    for (const change of [{ codeVersion: 'b'.repeat(64) }, { teamId: 'another-team' }, { compositionId: 'classic-tour-landscape' }, { fps: 60 }]) {
      expect(keyed(base, { ...CTX, ...change }).audio, JSON.stringify(change)).not.toBe(before.audio)
    }
    for (const change of [{ width: 1920, height: 1080 }, { scale: 0.5 }, { videoBitrate: 1 }, { keyframeIntervalInSeconds: 1 }]) {
      expect(keyed(base, { ...CTX, ...change }).audio, JSON.stringify(change)).toBe(before.audio)
    }
  })
})

describe('sceneVisuals and globalVisuals', () => {
  it('a scene\'s visuals: photo, caption, length, motion and the spoken words, not the id, scripts, clip or voice', () => {
    const scene = base.scenes[1]
    expect(sceneVisuals(scene)).toEqual({
      src: scene.src,
      caption: scene.caption,
      seconds: undefined,
      motion: undefined,
      narration: { seconds: 2.5, words: scene.narration!.words },
    })
    expect(sceneVisuals(base.scenes[0]).narration).toBeUndefined()
  })

  it('the global visuals: every prop but the scenes and the sound, with the number of scenes', () => {
    const visuals = globalVisuals(base)
    expect(visuals).not.toHaveProperty('scenes')
    expect(visuals).not.toHaveProperty('music')
    expect(visuals).not.toHaveProperty('narration')
    expect(visuals.sceneCount).toBe(SCENES)
    const { scenes: _scenes, music: _music, narration: _narration, ...rest } = base
    expect(visuals).toEqual({ ...rest, sceneCount: SCENES })
    for (const key of ['listing', 'agent', 'brandColor', 'captions', 'watermark', 'unbranded', 'locale', 'fps', 'titleCard', 'show', 'theme']) {
      expect(visuals, key).toHaveProperty(key)
    }
  })
})
