import { describe, expect, it } from 'vitest'
import type { ClassicTourProps, PhotoScene } from '../../../remotion/schema.ts'
import { KEY_VERSION, videoSegmentKey, type KeyContext } from '../../../worker/segments/keys.ts'
import type { PlannedSegment } from '../../../worker/segments/plan.ts'
import { TEAM, PHOTO, REF, CTX, showsScene, showsCard, union, base, before, SCENES, ALL, baseProps, edit, keyed, changed, reversed } from './segment-keys-fixture.ts'

// The render cache's video keys (issue 28, worker/segments/keys.ts): a segment's key changes when,
// and only when, its frames can change; never for the sound. The fixture is segment-keys-fixture.ts.

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
