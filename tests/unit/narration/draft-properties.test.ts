import { describe, expect, it } from 'vitest'
import type { Tables } from '../../../lib/database.types.ts'
import { listingNumbers } from '../../../lib/narration/draft/check.ts'
import { draftForVideo, seeded, slotsFor, type Draft, type DraftSource } from '../../../lib/narration/draft/index.ts'
import { numbersIn } from '../../../lib/narration/draft/spoken.ts'
import { draftVideoProps, listingForVideo, narrationSource } from '../../../lib/videos/draft.ts'
import type { TemplateId } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { agentRow, listingRow, TEAM } from '../videos/fixtures.ts'

// Properties of the drafted narration over many varied listings (issue 25, "Scripts a copywriter
// would sign"): built from a seeded generator, so every run checks the same 80 listings.

/** Features whose grammatical number is known: no "a" before a plural or an uncountable. */
const SINGULAR = ['Home office', 'Heated pool', 'Wine cellar', 'Three-car garage', 'Gym', 'Walled garden', 'Tennis court', 'Roof deck', 'Private balcony', 'Dishwasher', 'Double garage', 'Open fireplace', 'Outdoor kitchen']
const PLURAL = ['Two fireplaces', 'Harbour views', 'Wood floors', 'Stables', 'Inglenook fireplaces', 'French doors', 'Solar panels']
const MASS = ['Floor-to-ceiling glass', 'Secure parking', 'Ducted heating', 'Exposed brick', 'Underfloor heating', 'Creek frontage', 'Air conditioning']
/** The photo caption that shows each feature (its own words), for the "right photo" property. */
const SHOWS: Record<string, string> = {
  'Heated pool': 'Pool at dusk', 'Wine cellar': 'The wine cellar', 'Walled garden': 'Walled garden in June', 'Tennis court': 'Tennis court',
  'Roof deck': 'Roof deck at sunset', 'Stables': 'Stables and yard', 'Home office': 'Home office', 'Gym': 'Gym on level 2',
}
const SENTENCES = [
  'It is a five-minute walk from Camden Road station.',
  'A light-filled home with a renovated kitchen.',
  'The kitchen opens onto the garden.',
  'Local shops and cafés are moments away.',
  'Strata levies apply.',
  'Pets considered.',
  'The village school is a short walk away.',
  'The main bedroom has a dressing room.',
  'Available from January.',
]
const COUNTRIES = [
  { country: 'US', currency: 'USD', unit: 'sqft' },
  { country: 'GB', currency: 'GBP', unit: 'sqm' },
  { country: 'AU', currency: 'AUD', unit: 'sqm' },
  { country: 'GB', currency: 'GBP', unit: 'sqft' },
] as const
const TYPES = ['house', 'apartment', 'townhouse', 'land', 'other'] as const
const NAMES = ['Ann Lee', 'Dana Whitfield', 'Priya Shah', 'Hugo Marsh', 'Marco Ruiz']

type Case = { row: Tables<'listings'>; props: VideoProps; source: DraftSource; draft: Draft; template: TemplateId; features: string[] }

function generate(n: number): Case[] {
  const random = seeded('draft-properties')
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]
  const some = <T,>(items: readonly T[], max: number) => items.filter(() => random() < max / items.length)
  return Array.from({ length: n }, (_, i) => {
    const place = pick(COUNTRIES)
    const offer = random() < 0.4 ? 'rent' : 'sale'
    const type = pick(TYPES)
    const features = [...some(SINGULAR, 3), ...some(PLURAL, 1.5), ...some(MASS, 1.5)]
    const id = `${String(i).padStart(8, '0')}-2222-4333-8444-555555555555`
    const row = listingRow({
      id, country: place.country, currency: place.currency, offer, property_type: type,
      rent_period: offer === 'rent' ? pick(['week', 'month'] as const) : null,
      price: random() < 0.9 ? (offer === 'rent' ? 400 + Math.floor(random() * 40) * 50 : 250000 + Math.floor(random() * 300) * 10000) : null,
      bedrooms: random() < 0.85 ? 1 + Math.floor(random() * 6) : null,
      bathrooms: random() < 0.85 ? pick([1, 1.5, 2, 2.5, 3, 3.5]) : null,
      floor_area: random() < 0.8 ? 40 + Math.floor(random() * 600) : null, area_unit: place.unit,
      year_built: random() < 0.6 ? 1700 + Math.floor(random() * 325) : null,
      address_line: `${1 + Math.floor(random() * 400)} ${pick(['Harbour Street', 'Old Mill Road', 'Agar Grove', 'Napier St'])}`,
      city: pick(['Sydney', 'London', 'Greenwich', '']),
      features,
      description: random() < 0.8 ? some(SENTENCES, 3).join(' ') : null,
    })
    const count = 2 + Math.floor(random() * 7)
    const captions = [...features.filter((f) => SHOWS[f]).map((f) => SHOWS[f]), 'Front of the house', 'Kitchen', null, null, 'Living room']
    const photos = Array.from({ length: count }, (_, k) => ({
      id: `aaaaaaaa-0000-4000-8000-${String(i * 100 + k).padStart(12, '0')}`,
      path: `${TEAM}/listings/${id}/u${k}/${pick(['IMG_20', 'kitchen-', 'bedroom', 'DSC_0', 'bath'])}${k}.jpg`,
      caption: captions[(k + i) % captions.length] ?? null,
    }))
    const agent = random() < 0.8 ? agentRow({ full_name: pick(NAMES), brokerage: random() < 0.5 ? 'Harbour Realty' : null }) : null
    const template = pick(['classic-tour', 'social-reel', 'luxury-estate'] as const)
    const props = draftVideoProps({ listing: row, photos, agent, template, format: 'landscape', includeScripts: false })
    const source = narrationSource(row, listingForVideo(row), agent)
    return { row, props, source, draft: draftForVideo(source, template, props), template, features }
  })
}

const CASES = generate(80)
const scriptOf = (c: Case) => c.draft.scenes.map((s) => s.script).join(' ')
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean)
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('drafts over 80 varied listings', () => {
  it('fit each scene’s time at the speaking rate', () => {
    for (const c of CASES) for (const scene of c.draft.scenes) expect(scene.seconds).toBeLessThanOrEqual(scene.budget + 1e-9)
  })

  it('say whole sentences: a capital (or a street number) first, an ending last, no bare number or one-word fragment', () => {
    for (const c of CASES) {
      for (const scene of c.draft.scenes) {
        for (const sentence of sentencesOf(scene.script)) {
          expect(sentence, scene.script).toMatch(/^[\p{Lu}\d]/u)
          expect(sentence, scene.script).toMatch(/[.!?]$/)
          expect(sentence.split(/\s+/).length, sentence).toBeGreaterThan(2)
          expect(sentence, scene.script).not.toMatch(/^[$£€A]*[\d,.]+( a (week|month))?\.$/)
        }
      }
    }
  })

  it('say no number the listing does not hold', () => {
    for (const c of CASES) {
      const known = listingNumbers(c.source, slotsFor(c.template, c.props))
      for (const n of numbersIn(scriptOf(c), c.source.locale)) expect(known, `${n} in ${scriptOf(c)}`).toContain(n)
    }
  })

  it('say every fact at most once', () => {
    for (const c of CASES) {
      const ids = c.draft.scenes.flatMap((s) => s.facts).filter((f) => f !== 'caption')
      expect(new Set(ids).size, ids.join()).toBe(ids.length)
      const text = scriptOf(c).toLowerCase()
      for (const feature of c.features) {
        expect(text.split(feature.toLowerCase()).length - 1, `${feature} in ${text}`).toBeLessThanOrEqual(1)
      }
      const price = c.row.price
      if (price) expect(numbersIn(scriptOf(c), c.source.locale).filter((n) => n === price).length).toBeLessThanOrEqual(1)
    }
  })

  it('name everything they leave out: each fact is said, said by a description sentence, or listed as left out', () => {
    for (const c of CASES) {
      const said = new Set(c.draft.scenes.flatMap((s) => s.facts))
      for (const feature of c.features) {
        const id = `feature:${c.row.features.indexOf(feature)}`
        const named = said.has(id) || c.draft.covered[id] !== undefined || c.draft.left.some((l) => l.id === id && l.label === feature)
        expect(named, `${feature} in ${scriptOf(c)}`).toBe(true)
      }
      for (const id of ['bedrooms', 'bathrooms', 'area', 'year']) {
        const held = { bedrooms: c.row.bedrooms, bathrooms: c.row.bathrooms, area: c.row.floor_area, year: c.row.year_built }[id]
        if (!held || (c.row.property_type === 'land' && id !== 'area')) continue
        expect(said.has(id) || c.draft.covered[id] !== undefined || c.draft.left.some((l) => l.id === id), `${id}: ${scriptOf(c)}`).toBe(true)
      }
    }
  })

  it('put no "a" or "an" before a plural or an uncountable, nor before a count', () => {
    for (const c of CASES) {
      const text = scriptOf(c).toLowerCase()
      for (const feature of [...PLURAL, ...MASS]) expect(text, feature).not.toMatch(new RegExp(`\\b(a|an) ${escape(feature.toLowerCase())}\\b`))
      expect(text).not.toMatch(/\b(a|an) (two|three|four|five|six|\d)\b(?!-)/)
      expect(text).not.toMatch(/\bhighlights include a floor-to-ceiling glass/)
      for (const feature of SINGULAR) {
        if (text.includes(feature.toLowerCase())) expect(text, feature).not.toMatch(new RegExp(`\\b(include|are also|are|is also|find|has) ${escape(feature.toLowerCase())}\\b`))
      }
    }
  })

  it('state the offer: for sale or for rent', () => {
    for (const c of CASES) {
      const text = scriptOf(c)
      if (c.row.offer === 'rent') expect(text, JSON.stringify(c.draft.scenes.map((s) => [s.script, s.budget]))).toMatch(/\bfor rent\b|\bthe rent is\b/i)
      else expect(text, JSON.stringify(c.draft.scenes.map((s) => [s.script, s.budget]))).toMatch(/\bfor sale\b|\basking price\b/i)
    }
  })

  it('put a feature on the photo whose caption shows it', () => {
    let checked = 0
    for (const c of CASES) {
      c.draft.scenes.forEach((scene, i) => {
        const caption = c.props.scenes[i].caption
        for (const feature of c.features) {
          if (!caption || SHOWS[feature] !== caption) continue
          // said on a photo showing it (the first such photo), or not at all (and then named as left out)
          const shownAt = c.props.scenes.findIndex((s) => s.caption === caption)
          const saidAt = c.draft.scenes.findIndex((s) => s.script.toLowerCase().includes(feature.toLowerCase()))
          if (saidAt >= 0 && i === shownAt) {
            checked++
            expect(c.props.scenes[saidAt].caption, `${feature} said over “${c.props.scenes[saidAt].caption}”: ${scriptOf(c)}`).toBe(caption)
          }
        }
      })
    }
    expect(checked).toBeGreaterThan(20)
  })

  it('end in closing lines that vary from listing to listing, and draft one listing the same way every time', () => {
    const closings = new Set(CASES.map((c) => sentencesOf(c.draft.scenes.at(-1)!.script).at(-1)!.replace(new RegExp(NAMES.join('|'), 'g'), 'NAME')))
    expect(closings.size).toBeGreaterThanOrEqual(5)
    for (const c of CASES.slice(0, 10)) expect(draftForVideo(c.source, c.template, c.props)).toEqual(c.draft)
  })
})
