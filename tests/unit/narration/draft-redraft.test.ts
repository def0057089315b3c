import { describe, expect, it } from 'vitest'
import { applyRedraft, editedCount, isUntouched } from '../../../lib/narration/draft/index.ts'
import { draftVideoProps } from '../../../lib/videos/draft.ts'
import type { PhotoScene } from '../../../remotion/schema.ts'
import { agentRow, listingRow, photos } from './draft-fixtures.ts'

// "Redraft scripts" keeps the person's edits unless asked: a script equal to its recorded draft is
// untouched and takes the new line; anything else is theirs.

const scene = (id: string, script?: string, scriptDraft?: string): PhotoScene => ({
  id, src: `media:t/${id}.jpg`, ...(script !== undefined ? { script } : {}), ...(scriptDraft !== undefined ? { scriptDraft } : {}),
})

describe('drafted or edited', () => {
  it('tells an untouched script from an edit', () => {
    expect(isUntouched(scene('a', 'Welcome home.', 'Welcome home.'))).toBe(true)
    expect(isUntouched(scene('a', '  Welcome   home. ', 'Welcome home.'))).toBe(true) // spacing is not an edit
    expect(isUntouched(scene('a'))).toBe(true) // nothing to lose
    expect(isUntouched(scene('a', 'Our own words.', 'Welcome home.'))).toBe(false)
    expect(isUntouched(scene('a', undefined, 'Welcome home.'))).toBe(false) // cleared on purpose
    expect(isUntouched(scene('a', 'Welcome home.'))).toBe(false) // from before drafts were recorded
  })

  it('a new video records each drafted line as its draft', () => {
    const props = draftVideoProps({ listing: listingRow(), photos: photos(4), agent: agentRow(), template: 'luxury-estate', format: 'portrait', includeScripts: true })
    expect(props.scenes.every((s) => s.script && s.scriptDraft === s.script)).toBe(true)
    expect(editedCount(props.scenes)).toBe(0)
  })
})

describe('applyRedraft', () => {
  const scenes = [
    scene('a', 'Old draft one.', 'Old draft one.'),
    scene('b', 'My own line.', 'Old draft two.'),
    scene('c', undefined, 'Old draft three.'),
    scene('d'),
    scene('e', 'Legacy line.'),
  ]
  const drafts = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, script: `New ${id}.` }))

  it('rewrites only untouched scenes and keeps every edit', () => {
    const out = applyRedraft(scenes, drafts, false)
    expect(out.scenes.map((s) => s.script)).toEqual(['New a.', 'My own line.', undefined, 'New d.', 'Legacy line.'])
    expect(out.scenes.map((s) => s.scriptDraft)).toEqual(['New a.', 'Old draft two.', 'Old draft three.', 'New d.', undefined])
    expect(out).toMatchObject({ changed: 2, kept: 3 })
    expect(editedCount(out.scenes)).toBe(3)
  })

  it('replaces the edits too when asked, leaving every scene untouched', () => {
    const out = applyRedraft(scenes, drafts, true)
    expect(out.scenes.map((s) => s.script)).toEqual(['New a.', 'New b.', 'New c.', 'New d.', 'New e.'])
    expect(out).toMatchObject({ changed: 5, kept: 0 })
    expect(editedCount(out.scenes)).toBe(0)
  })

  it('an empty new line clears an untouched scene; scenes not drafted are left alone; nothing is mutated', () => {
    const before = structuredClone(scenes)
    const out = applyRedraft(scenes, [{ id: 'a', script: '' }], false)
    expect(out.scenes[0]).toEqual({ id: 'a', src: 'media:t/a.jpg' })
    expect(out.scenes.slice(1)).toEqual(scenes.slice(1))
    expect(scenes).toEqual(before)
  })

  it('a second redraft of untouched scenes changes nothing', () => {
    const once = applyRedraft(scenes, drafts, false).scenes
    expect(applyRedraft(once, drafts, false)).toMatchObject({ changed: 0, kept: 3 })
  })
})
