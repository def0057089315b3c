import { describe, expect, it } from 'vitest'
import { applyNarrations, clearNarrations, narrationState, scenesToNarrate, spokenScript } from '@/lib/narration/apply'
import { spokenText } from '@/lib/narration/clips'
import type { PhotoScene, SceneNarration } from '@/remotion/schema'

const VOICE = '11111111-1111-4111-8111-111111111111'
const narration = (text: string, voiceId = VOICE): SceneNarration => ({ src: 'media:t/narration/a.wav', seconds: 2, text, voiceId, timing: 'estimated', words: [] })
const scene = (id: string, script?: string, n?: SceneNarration): PhotoScene => ({ id, src: `media:t/${id}.jpg`, ...(script !== undefined ? { script } : {}), ...(n ? { narration: n } : {}) })

describe('narration in the editor’s document', () => {
  it('is current while the script (as spoken) and the voice match, stale after either changes', () => {
    expect(narrationState(scene('a', 'Hi'), VOICE)).toBe('none')
    expect(narrationState(scene('a', '  Hi  there ', narration('Hi there')), VOICE)).toBe('current')
    expect(narrationState(scene('a', 'Hi you', narration('Hi there')), VOICE)).toBe('stale')
    expect(narrationState(scene('a', 'Hi there', narration('Hi there')), '22222222-2222-4222-8222-222222222222')).toBe('stale')
    expect(narrationState(scene('a', '', narration('Hi there')), VOICE)).toBe('stale')
  })

  it('compares the script as the server speaks it', () => {
    for (const s of ['  Hi\n there ', 'a  b', '']) expect(spokenScript(s)).toBe(spokenText(s))
  })

  it('puts answers into the scenes by id, whatever moved meanwhile, and clears on request', () => {
    const scenes = [scene('a', 'One'), scene('b', 'Two')]
    const next = applyNarrations(scenes, { b: narration('Two'), gone: narration('Three') })
    expect(next[0]).toBe(scenes[0])
    expect(next[1].narration?.text).toBe('Two')
    expect(applyNarrations(scenes, {})).toBe(scenes)
    expect(clearNarrations(next, ['b'])[1]).not.toHaveProperty('narration')
  })

  it('narrates all: the scenes with a script and no current narration', () => {
    const scenes = [scene('a', 'One', narration('One')), scene('b', 'Two changed', narration('Two')), scene('c', '  '), scene('d', 'Four')]
    expect(scenesToNarrate(scenes, VOICE)).toEqual([
      { id: 'b', script: 'Two changed' },
      { id: 'd', script: 'Four' },
    ])
  })
})
