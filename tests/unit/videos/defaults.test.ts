import { describe, expect, it } from 'vitest'
import { defaultCaptions, defaultMusicTrack, defaultVoiceId, TEMPLATE_MUSIC, TEMPLATE_VOICES } from '../../../lib/videos/defaults.ts'
import { draftVideoProps } from '../../../lib/videos/draft.ts'
import { validateVideoProps } from '../../../lib/videos/schema.ts'
import { TEMPLATE_IDS } from '../../../remotion/catalog.ts'
import { SHIPPED_TRACKS, shippedTrack } from '../../../remotion/music.ts'
import { SHIPPED_TRACK_IDS } from '../../../lib/videos/shipped-music.ts'

// Issue 25: what a new video starts with when nothing is changed (lib/videos/defaults.ts).

const SEEDED = [
  { id: 'v-sarah', provider_voice_id: 'slt' },
  { id: 'v-richard', provider_voice_id: 'rms' },
  { id: 'v-alan', provider_voice_id: 'awb' },
  { id: 'v-kal', provider_voice_id: 'kal16' },
]

describe('the default voice', () => {
  it('is the template’s preferred voice when the team has chosen none', () => {
    expect(defaultVoiceId('classic-tour', SEEDED)).toBe('v-sarah')
    expect(defaultVoiceId('social-reel', SEEDED)).toBe('v-sarah')
    expect(defaultVoiceId('luxury-estate', SEEDED)).toBe('v-richard')
  })
  it('is the team’s last choice while that voice is offered', () => {
    expect(defaultVoiceId('luxury-estate', SEEDED, 'v-kal')).toBe('v-kal')
    expect(defaultVoiceId('luxury-estate', SEEDED, 'v-retired')).toBe('v-richard')
  })
  it('falls back through the template’s list, then to the catalogue’s first voice, and is none only without voices', () => {
    expect(defaultVoiceId('luxury-estate', SEEDED.filter((v) => v.provider_voice_id !== 'rms'))).toBe('v-alan')
    expect(defaultVoiceId('classic-tour', [{ id: 'hosted', provider_voice_id: 'EXAVITQu4vr4xnSDxMaL' }])).toBe('hosted')
    expect(defaultVoiceId('classic-tour', [])).toBeNull()
  })
  it('names only voices the product ships, per template', () => {
    for (const template of TEMPLATE_IDS) expect(TEMPLATE_VOICES[template].every((v) => ['slt', 'rms', 'awb', 'kal16', 'kal'].includes(v))).toBe(true)
  })
})

describe('the default music and captions', () => {
  it('gives every template a shipped track of its mood', () => {
    for (const template of TEMPLATE_IDS) expect(SHIPPED_TRACKS.map((t) => t.id)).toContain(TEMPLATE_MUSIC[template])
    const mood = (id: string) => SHIPPED_TRACKS.find((t) => t.id === id)!.mood
    expect(mood(defaultMusicTrack('social-reel').id)).toBe('bright')
    expect(mood(defaultMusicTrack('luxury-estate').id)).toBe('calm')
    expect(mood(defaultMusicTrack('classic-tour').id)).toBe('warm')
    for (const template of TEMPLATE_IDS) expect(shippedTrack(defaultMusicTrack(template).src)?.id).toBe(TEMPLATE_MUSIC[template])
  })
  it('checks the create form against exactly the shipped catalogue (a list without the remotion import)', () => {
    expect([...SHIPPED_TRACK_IDS]).toEqual(SHIPPED_TRACKS.map((t) => t.id))
  })
  it('turns captions on for portrait only', () => {
    expect(defaultCaptions('portrait')).toEqual({ enabled: true, style: 'words' })
    expect(defaultCaptions('landscape')).toBeUndefined()
    expect(defaultCaptions('square')).toBeUndefined()
  })
  it('drafts portrait videos with captions and a shipped track that every template accepts', () => {
    const TEAM = '11111111-1111-4111-8111-111111111111'
    for (const template of TEMPLATE_IDS) {
      const props = draftVideoProps({
        listing: { title: 'T', address_line: '1 Main St', city: 'Town', region: null, postal_code: null, country: 'US', offer: 'sale', price: 500000, currency: 'USD', rent_period: null, property_type: 'house', bedrooms: 3, bathrooms: 2, floor_area: null, area_unit: 'sqft', year_built: null, features: [] },
        photos: [{ id: 'a', path: `${TEAM}/listings/l/u/a.jpg`, caption: 'Front' }],
        agent: null, template, format: 'portrait', musicSrc: defaultMusicTrack(template).src, includeScripts: true,
      })
      expect(props.captions).toEqual({ enabled: true, style: 'words' })
      expect(props.music).toEqual({ src: defaultMusicTrack(template).src, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 })
      expect(validateVideoProps(template, 'portrait', props, TEAM).ok).toBe(true)
    }
  })
})
