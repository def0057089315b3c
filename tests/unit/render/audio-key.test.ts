import { describe, expect, it } from 'vitest'
import type { ClassicTourProps } from '../../../remotion/schema.ts'
import { audioKey, globalVisuals, sceneVisuals } from '../../../worker/segments/keys.ts'
import { TEAM, REF, CTX, base, before, SCENES, baseProps, edit, keyed } from './segment-keys-fixture.ts'

// The render cache's sound key (audioKey) and the visual fields the video keys read (issue 28,
// worker/segments/keys.ts). The fixture is segment-keys-fixture.ts.

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
