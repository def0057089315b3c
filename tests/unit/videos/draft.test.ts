import { describe, expect, it } from 'vitest'
import { agentForVideo, clip, draftVideoProps, listingForVideo, localeForCountry } from '../../../lib/videos/draft.ts'
import { validateVideoProps } from '../../../lib/videos/schema.ts'
import { TEMPLATE_IDS } from '../../../remotion/catalog.ts'
import { agentRow, listingRow, photos, TEAM } from './fixtures.ts'

describe('localeForCountry', () => {
  it.each([
    ['AU', 'en-AU'],
    ['US', 'en-US'],
    ['FR', 'fr-FR'],
    ['gb', 'en-GB'],
    ['ZZ', 'en-US'],
    [null, 'en-US'],
  ])('%s → %s', (country, locale) => {
    expect(localeForCountry(country)).toBe(locale)
  })
})

describe('listingForVideo', () => {
  it('maps the row to the templates’ listing shape', () => {
    expect(listingForVideo(listingRow())).toEqual({
      title: 'Sunny harbour flat',
      address: { line: '1 Harbour Street', city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' },
      offer: 'sale',
      price: { amount: 850000, currency: 'AUD' },
      propertyType: 'apartment',
      bedrooms: 2,
      bathrooms: 1.5,
      area: { value: 92, unit: 'sqm' },
      yearBuilt: 2015,
      features: ['Harbour views', 'Balcony', 'Secure parking', 'Gym'],
    })
  })

  it('keeps the rent period, drops missing facts and caps features at the template’s 24', () => {
    const listing = listingForVideo(listingRow({
      offer: 'rent', rent_period: 'week', price: 650, region: null, postal_code: null, floor_area: null,
      bedrooms: null, bathrooms: null, year_built: null, features: Array.from({ length: 30 }, (_, i) => `Feature ${i}`),
    }))
    expect(listing.price).toEqual({ amount: 650, currency: 'AUD', period: 'week' })
    expect(listing.address).toEqual({ line: '1 Harbour Street', city: 'Sydney', country: 'AU' })
    expect(listing).toMatchObject({ area: null, bedrooms: null, bathrooms: null, yearBuilt: null })
    expect(listing.features).toHaveLength(24)
  })

  it('has no price when the listing has none', () => {
    expect(listingForVideo(listingRow({ price: null })).price).toBeNull()
  })
})

describe('agentForVideo', () => {
  it('turns the photo and logo into refs and leaves out empty fields', () => {
    expect(agentForVideo(agentRow())).toEqual({
      fullName: 'Ann Lee',
      title: 'Principal',
      email: 'ann@harbour.example',
      phone: '+61 2 5550 1234',
      brokerage: 'Harbour Realty',
      photoSrc: `media:${TEAM}/agents/ann/photo.jpg`,
      logoSrc: `media:${TEAM}/agents/ann/logo.png`,
    })
  })

  it('clips a 120-character name to the end card’s 100', () => {
    const name = `${'Annabelle '.repeat(12)}`.trim()
    expect(agentForVideo(agentRow({ full_name: name })).fullName.length).toBeLessThanOrEqual(100)
  })
})

describe('clip', () => {
  it('cuts at a word boundary and turns blanks into undefined', () => {
    expect(clip('  Sun   filled  room ', 80)).toBe('Sun filled room')
    expect(clip('Spacious open-plan living with harbour glimpses', 20)).toBe('Spacious open-plan')
    expect(clip('   ', 10)).toBeUndefined()
    expect(clip(null, 10)).toBeUndefined()
  })
})

// the narration's drafting itself: tests/unit/narration/draft*.test.ts

describe('draftVideoProps', () => {
  const input = {
    listing: listingRow({ agent_id: agentRow().id }),
    photos: photos(3, ['Front garden', null, 'x'.repeat(150)]),
    agent: agentRow(),
    template: 'classic-tour' as const,
    format: 'landscape' as const,
    musicPath: `${TEAM}/audio/u/song.mp3`,
    includeScripts: true,
  }

  it('makes one scene per photo in order with media refs, the agent card, brand colour and music', () => {
    const props = draftVideoProps(input)
    expect(props.scenes.map((s) => s.id)).toEqual(input.photos.map((p) => `scene-${p.id}`))
    expect(props.scenes.map((s) => s.src)).toEqual(input.photos.map((p) => `media:${p.path}`))
    expect(props.scenes[0].caption).toBe('Front garden')
    expect(props.scenes[1].caption).toBeUndefined()
    expect(props.scenes[2].caption!.length).toBeLessThanOrEqual(80)
    expect(props.agent?.photoSrc).toBe(`media:${TEAM}/agents/ann/photo.jpg`)
    expect(props.brandColor).toBe('#1a73e8')
    expect(props.music).toEqual({ src: `media:${TEAM}/audio/u/song.mp3`, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 })
    expect(props).toMatchObject({ fps: 30, locale: 'en-AU', show: { price: true, facts: true, features: true } })
    expect(props.scenes.every((s) => s.script)).toBe(true)
    expect(props.scenes[2].script).toContain('Ann Lee')
    // each drafted script is recorded as its draft, so a later edit can be told apart
    expect(props.scenes.every((s) => s.scriptDraft === s.script)).toBe(true)
  })

  it('leaves scripts, music and the agent out when asked to', () => {
    const props = draftVideoProps({ ...input, agent: null, musicPath: null, includeScripts: false })
    expect(props.scenes.some((s) => s.script)).toBe(false)
    expect(props.music).toBeNull()
    expect(props.agent).toBeNull()
    expect(props.brandColor).toBeUndefined()
  })

  it('gives photos without ids stable scene ids and keeps at most 40 scenes', () => {
    const many = photos(45).map(({ path }) => ({ path }))
    const props = draftVideoProps({ ...input, photos: many })
    expect(props.scenes).toHaveLength(40)
    expect(props.scenes[0].id).toBe('scene-1')
    expect(new Set(props.scenes.map((s) => s.id)).size).toBe(40)
  })

  it.each(TEMPLATE_IDS)('drafts props that %s accepts inside the team folder', (template) => {
    const checked = validateVideoProps(template, 'portrait', draftVideoProps({ ...input, template }), TEAM)
    expect(checked.ok).toBe(true)
  })
})
