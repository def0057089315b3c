import { describe, expect, it } from 'vitest'
import {
  addScenes,
  agentProps,
  fieldError,
  isShown,
  moveAnnouncement,
  moveItem,
  moveScene,
  normalizeHex,
  parseSeconds,
  removeScene,
  sceneFromPhoto,
  scriptStats,
  selectedAgentId,
  setAgent,
  setBrandColor,
  setMusic,
  setMusicLevel,
  setScripts,
  setShow,
  setTemplate,
  setTemplateOption,
  setTitleCard,
  titleForTemplate,
  unplacedErrors,
  unusedPhotos,
  updateScene,
  type EditorAgent,
  type EditorDoc,
} from '@/components/editor/doc'
import { TEMPLATES } from '@/remotion/catalog'

const doc = (): EditorDoc => ({
  title: 'Harbour house — Classic Tour',
  template: 'classic-tour',
  format: 'landscape',
  voiceId: null,
  props: {
    listing: { address: { line: '1 Harbour St' }, offer: 'sale', propertyType: 'house' },
    scenes: [
      { id: 'scene-a', src: 'media:t/a.jpg', caption: 'Front' },
      { id: 'scene-b', src: 'media:t/b.jpg', caption: 'Kitchen' },
      { id: 'scene-c', src: 'media:t/c.jpg' },
    ],
    theme: 'dark',
  },
})

const agent = (over: Partial<EditorAgent> = {}): EditorAgent => ({
  id: 'ag1',
  fullName: 'Maya Thompson',
  title: 'Listing agent',
  phone: '',
  email: 'maya@example.test',
  brokerage: null,
  licenseNo: null,
  brandColor: '#1F4E79',
  photoRef: 'media:t/agents/maya.jpg',
  logoRef: null,
  ...over,
})

const ids = (d: EditorDoc) => d.props.scenes.map((s) => s.id)
const valid = (d: EditorDoc) => TEMPLATES[d.template].schema.safeParse(d.props).success

describe('moving scenes', () => {
  it('moves one item and clamps the target', () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1])
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2])
    expect(moveItem([1, 2, 3], 1, 9)).toEqual([1, 3, 2])
    const same = [1, 2, 3]
    expect(moveItem(same, 1, 1)).toBe(same)
    expect(moveItem(same, 0, -1)).toBe(same)
  })

  it('keeps ids and captions with their scene', () => {
    const d = moveScene(doc(), 0, 2)
    expect(ids(d)).toEqual(['scene-b', 'scene-c', 'scene-a'])
    expect(d.props.scenes[2].caption).toBe('Front')
    expect(valid(d)).toBe(true)
    const original = doc()
    expect(moveScene(original, 0, 0)).toBe(original)
  })

  it('announces the move in words', () => {
    const d = doc()
    expect(moveAnnouncement(d.props.scenes[1], 1, 0, 3)).toBe('Moved Kitchen to position 1 of 3.')
    expect(moveAnnouncement(d.props.scenes[2], 2, 1, 3)).toBe('Moved Scene 3 to position 2 of 3.')
  })
})

describe('adding and removing scenes', () => {
  it('lists only photos no scene uses', () => {
    const photos = ['a', 'b', 'c', 'd', 'e'].map((n) => ({ id: n, ref: `media:t/${n}.jpg`, caption: null }))
    expect(unusedPhotos(photos, doc().props.scenes).map((p) => p.id)).toEqual(['d', 'e'])
  })

  it('adds scenes with unique ids and the photo caption (clamped to 80)', () => {
    const d = addScenes(doc(), [
      { id: 'd', ref: 'media:t/d.jpg', caption: 'x'.repeat(100) },
      { id: 'a', ref: 'media:t/a2.jpg', caption: null },
    ])
    expect(d.props.scenes).toHaveLength(5)
    expect(d.props.scenes[3]).toEqual({ id: 'scene-d', src: 'media:t/d.jpg', caption: 'x'.repeat(80) })
    expect(d.props.scenes[4]).toEqual({ id: 'scene-a-2', src: 'media:t/a2.jpg' })
    const again = sceneFromPhoto({ id: 'a', ref: 'media:t/a3.jpg', caption: ' ' }, d.props.scenes)
    expect(again).toEqual({ id: 'scene-a-3', src: 'media:t/a3.jpg' })
    expect(valid(d)).toBe(true)
  })

  it('stops at the scene limit', () => {
    const photos = Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, ref: `media:t/p${i}.jpg`, caption: null }))
    expect(addScenes(doc(), photos, 5).props.scenes).toHaveLength(5)
  })

  it('removes a scene but never the last one', () => {
    let d = removeScene(doc(), 'scene-b')
    expect(ids(d)).toEqual(['scene-a', 'scene-c'])
    d = removeScene(removeScene(d, 'scene-a'), 'scene-c')
    expect(ids(d)).toEqual(['scene-c'])
  })
})

describe('scene fields', () => {
  it('sets and clears a caption, seconds and motion', () => {
    let d = updateScene(doc(), 'scene-c', { caption: 'Garden', seconds: 6, motion: 'pan-left' })
    expect(d.props.scenes[2]).toEqual({ id: 'scene-c', src: 'media:t/c.jpg', caption: 'Garden', seconds: 6, motion: 'pan-left' })
    d = updateScene(d, 'scene-c', { caption: '', seconds: undefined, motion: undefined })
    expect(d.props.scenes[2]).toEqual({ id: 'scene-c', src: 'media:t/c.jpg' })
    expect(doc().props.scenes[2]).toEqual({ id: 'scene-c', src: 'media:t/c.jpg' })
  })

  it('reads the seconds input inside 1–12 in half seconds, blank for the template pace', () => {
    expect(parseSeconds('')).toBeUndefined()
    expect(parseSeconds('abc')).toBeUndefined()
    expect(parseSeconds('4')).toBe(4)
    expect(parseSeconds('4.3')).toBe(4.5)
    expect(parseSeconds('0')).toBe(1)
    expect(parseSeconds('99')).toBe(12)
  })
})

describe('title card, options and toggles', () => {
  it('sets the heading and drops an emptied one', () => {
    let d = setTitleCard(doc(), 'heading', 'Welcome home')
    expect(d.props.titleCard).toEqual({ heading: 'Welcome home' })
    d = setTitleCard(d, 'heading', '')
    expect(d.props.titleCard).toEqual({})
  })

  it('a template keeps only its own option', () => {
    const d = setTemplate(doc(), 'social-reel')
    expect(d.props.theme).toBeUndefined()
    const hooked = setTemplateOption(d, 'Open Saturday')
    expect(hooked.props.hook).toBe('Open Saturday')
    expect(setTemplateOption(hooked, '').props).not.toHaveProperty('hook')
    expect(valid(hooked)).toBe(true)
    expect(setTemplateOption(doc(), 'light').props.theme).toBe('light')
  })

  it('shows cards unless switched off', () => {
    expect(isShown(doc().props, 'price')).toBe(true)
    const d = setShow(doc(), 'price', false)
    expect(isShown(d.props, 'price')).toBe(false)
    expect(isShown(d.props, 'facts')).toBe(true)
  })

  it('normalises typed colours', () => {
    expect(normalizeHex('#1D4ED8')).toBe('#1d4ed8')
    expect(normalizeHex('1d4ed8')).toBe('#1d4ed8')
    expect(normalizeHex('#abc')).toBe('#aabbcc')
    expect(normalizeHex('blue')).toBeNull()
    expect(setBrandColor(doc(), '#123456').props.brandColor).toBe('#123456')
    expect(setBrandColor(setBrandColor(doc(), '#123456'), undefined).props).not.toHaveProperty('brandColor')
  })
})

describe('agent end card', () => {
  it('builds the card from a team agent, leaving blanks out, and takes their colour', () => {
    expect(agentProps(agent())).toEqual({
      fullName: 'Maya Thompson',
      title: 'Listing agent',
      email: 'maya@example.test',
      photoSrc: 'media:t/agents/maya.jpg',
    })
    const d = setAgent(doc(), agent())
    expect(d.props.brandColor).toBe('#1f4e79')
    expect(valid(d)).toBe(true)
    expect(setAgent(d, null).props.agent).toBeNull()
  })

  it('finds which agent is on the card', () => {
    const team = [agent(), agent({ id: 'ag2', fullName: 'Sam Lee', photoRef: null })]
    expect(selectedAgentId(setAgent(doc(), team[1]).props, team)).toBe('ag2')
    expect(selectedAgentId(doc().props, team)).toBeNull()
    const twins = [agent({ id: 'x', photoRef: 'media:t/x.jpg' }), agent({ id: 'y', photoRef: 'media:t/y.jpg' })]
    expect(selectedAgentId(setAgent(doc(), twins[1]).props, twins)).toBe('y')
  })
})

describe('music and narration', () => {
  it('picks a track with the default levels and keeps levels when switching', () => {
    let d = setMusic(doc(), 'media:t/audio/song.mp3')
    expect(d.props.music).toEqual({ src: 'media:t/audio/song.mp3', volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 })
    d = setMusicLevel(d, { volume: 0.3 })
    d = setMusic(d, 'media:t/audio/other.mp3')
    expect(d.props.music).toMatchObject({ src: 'media:t/audio/other.mp3', volume: 0.3 })
    expect(valid(d)).toBe(true)
    expect(setMusic(d, null).props.music).toBeNull()
    const none = doc()
    expect(setMusicLevel(none, { volume: 1 })).toBe(none)
  })

  it('sets one script per scene and counts the words', () => {
    const d = setScripts(doc(), ['Welcome to 1 Harbour St.', '', 'Call Maya today.'])
    expect(d.props.scenes.map((s) => s.script)).toEqual(['Welcome to 1 Harbour St.', undefined, 'Call Maya today.'])
    expect(d.props.scenes[1]).not.toHaveProperty('script')
    expect(scriptStats(d.props)).toEqual({ words: 8, seconds: 3 })
  })
})

describe('field errors', () => {
  it('finds a field error whichever way the path is written, and lists the rest', () => {
    expect(fieldError({ 'props.scenes.1.caption': 'Too long' }, 'scenes.1.caption')).toBe('Too long')
    expect(fieldError({ title: 'Required' }, 'title')).toBe('Required')
    expect(unplacedErrors({ title: 'Required', 'props.listing.price': 'Bad price' }, (p) => p === 'title')).toEqual(['Bad price'])
  })
})

describe('title and template', () => {
  it('a drafted title follows the template; a written one stays', () => {
    expect(titleForTemplate('Harbour house — Classic Tour', 'Harbour house', 'Classic Tour', 'Social Reel')).toBe('Harbour house — Social Reel')
    expect(titleForTemplate('Spring open home', 'Harbour house', 'Classic Tour', 'Social Reel')).toBe('Spring open home')
  })
})
