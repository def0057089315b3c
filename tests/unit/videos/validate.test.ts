import { describe, expect, it } from 'vitest'
import { draftVideoProps } from '../../../lib/videos/draft.ts'
import { createVideoSchema, fieldLabel, formatDuration, saveVideoSchema, validateVideoProps } from '../../../lib/videos/schema.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { listingRow, OTHER_TEAM, photos, TEAM } from './fixtures.ts'

const base = (count = 3): VideoProps =>
  draftVideoProps({ listing: listingRow(), photos: photos(count), agent: null, template: 'classic-tour', format: 'landscape', includeScripts: true })

describe('validateVideoProps', () => {
  it('accepts a draft and reports size, fps and a duration that matches the timeline', () => {
    const props = base()
    const checked = validateVideoProps('classic-tour', 'portrait', props, TEAM)
    if (!checked.ok) throw new Error(checked.error)
    const timeline = timelineFor('classic-tour', props)
    expect(checked.details).toEqual({
      width: 1080,
      height: 1920,
      fps: 30,
      durationInFrames: timeline.durationInFrames,
      seconds: timeline.durationInFrames / 30,
    })
    expect(checked.details.seconds).toBeGreaterThanOrEqual(5)
    expect(checked.details.seconds).toBeLessThanOrEqual(120)
  })

  it('follows the props’ frame rate and the format’s size', () => {
    const checked = validateVideoProps('social-reel', 'square', { ...base(), fps: 60 })
    expect(checked.ok && checked.details).toMatchObject({ width: 1080, height: 1080, fps: 60 })
  })

  it('keeps 40 long scenes inside two minutes', () => {
    const props = base(40)
    props.scenes = props.scenes.map((s) => ({ ...s, seconds: 12 }))
    const checked = validateVideoProps('luxury-estate', 'landscape', props)
    expect(checked.ok && checked.details.seconds).toBeLessThanOrEqual(120)
  })

  it('names the scene and field of a bad value in plain words', () => {
    const props = base()
    props.scenes[1] = { ...props.scenes[1], caption: 'x'.repeat(81) }
    const checked = validateVideoProps('classic-tour', 'landscape', props)
    expect(checked).toEqual({
      ok: false,
      error: 'Scene 2 caption: keep it to 80 characters or fewer.',
      fieldErrors: { 'scenes.1.caption': 'Scene 2 caption: keep it to 80 characters or fewer.' },
    })
  })

  it('refuses no scenes, 41 scenes, a bad brand colour and a too-long hook', () => {
    expect(validateVideoProps('classic-tour', 'landscape', { ...base(), scenes: [] })).toMatchObject({
      ok: false, error: 'A video needs at least one scene.',
    })
    const tooMany = base(40)
    tooMany.scenes.push({ ...tooMany.scenes[0], id: 'extra' })
    expect(validateVideoProps('classic-tour', 'landscape', tooMany)).toMatchObject({ ok: false, error: 'A video has at most 40 scenes.' })
    expect(validateVideoProps('classic-tour', 'landscape', { ...base(), brandColor: 'blue' })).toMatchObject({
      ok: false, fieldErrors: { brandColor: 'Brand colour: use a colour like #1d4ed8.' },
    })
    expect(validateVideoProps('social-reel', 'landscape', { ...base(), hook: 'x'.repeat(25) })).toMatchObject({
      ok: false, fieldErrors: { hook: 'Hook: keep it to 24 characters or fewer.' },
    })
  })

  it('refuses something that is not props at all, an unknown template and an unknown format', () => {
    expect(validateVideoProps('classic-tour', 'landscape', 'hello').ok).toBe(false)
    expect(validateVideoProps('classic-tour', 'landscape', null).ok).toBe(false)
    expect(validateVideoProps('slideshow', 'landscape', base())).toMatchObject({ ok: false, error: 'Choose a template.' })
    expect(validateVideoProps('classic-tour', 'widescreen', base())).toMatchObject({ ok: false, error: 'Choose landscape, portrait or square.' })
  })

  it('refuses a media ref of another team only when it knows the team', () => {
    const props = base()
    props.scenes[2] = { ...props.scenes[2], src: `media:${OTHER_TEAM}/listings/x/photo.jpg` }
    expect(validateVideoProps('classic-tour', 'landscape', props).ok).toBe(true)
    const checked = validateVideoProps('classic-tour', 'landscape', props, TEAM)
    expect(checked).toMatchObject({ ok: false, fieldErrors: { 'scenes.2.src': expect.stringContaining('Scene 3') } })
    expect(!checked.ok && checked.error).toMatch(/another team/)
  })

  it('returns the parsed props: trimmed text and no unknown keys', () => {
    const props = { ...base(), extra: 'dropped' } as VideoProps
    props.scenes[0] = { ...props.scenes[0], caption: '  Front garden  ' }
    const checked = validateVideoProps('classic-tour', 'landscape', props)
    expect(checked.ok && checked.props.scenes[0].caption).toBe('Front garden')
    expect(checked.ok && 'extra' in checked.props).toBe(false)
  })
})

describe('createVideoSchema and saveVideoSchema', () => {
  it('trims the title, defaults voice and music to none and refuses a bad template', () => {
    expect(createVideoSchema.parse({ title: '  Tour ', template: 'classic-tour', format: 'square' })).toEqual({
      title: 'Tour', template: 'classic-tour', format: 'square', voiceId: null, musicAssetId: null, musicTrackId: null,
    })
    const bad = createVideoSchema.safeParse({ title: '', template: 'slideshow', format: 'square', voiceId: 'nope' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Give the video a title.', 'Choose a template.', 'Choose a voice from the list.'])
  })

  it('refuses a 601-character narration line and a 121-character title', () => {
    const scripts = createVideoSchema.safeParse({ title: 'T', template: 'classic-tour', format: 'square', scripts: ['x'.repeat(601)] })
    expect(scripts.error?.issues[0].message).toBe('Keep each narration line to 600 characters or fewer.')
    const title = createVideoSchema.safeParse({ title: 'x'.repeat(121), template: 'classic-tour', format: 'square' })
    expect(title.error?.issues[0].message).toBe('Keep the title to 120 characters or fewer.')
  })

  it('needs a whole expected version of at least 1', () => {
    const ok = { title: 'T', template: 'classic-tour', format: 'landscape', voiceId: null, props: {}, expectedVersion: 3 }
    expect(saveVideoSchema.safeParse(ok).success).toBe(true)
    for (const expectedVersion of [0, 1.5, '3', undefined]) {
      expect(saveVideoSchema.safeParse({ ...ok, expectedVersion }).success, String(expectedVersion)).toBe(false)
    }
  })
})

describe('labels and durations', () => {
  it.each([
    [['scenes', 0, 'script'], 'Scene 1 narration script'],
    [['titleCard', 'heading'], 'Title card heading'],
    [['agent', 'fullName'], 'Agent card name'],
    [['music', 'volume'], 'Music volume'],
    [['brandColor'], 'Brand colour'],
  ])('%j → %s', (path, label) => {
    expect(fieldLabel(path as PropertyKey[])).toBe(label)
  })

  it('formats m:ss', () => {
    expect(formatDuration(42)).toBe('0:42')
    expect(formatDuration(120)).toBe('2:00')
    expect(formatDuration(65.4)).toBe('1:05')
  })
})
