import { describe, expect, it } from 'vitest'
import { checkScripts, listingNumbers } from '../../../lib/narration/draft/check.ts'
import { composeDraft, MIN_SCENE_SPEECH_SECONDS, speechSeconds, speechSecondsOf, SPEAKING_RATE, spokenWordCount } from '../../../lib/narration/draft/index.ts'
import { numbersIn } from '../../../lib/narration/draft/spoken.ts'
import { TEMPLATE_IDS, TEMPLATES } from '../../../remotion/catalog.ts'
import { NARRATION_TAIL_SECONDS } from '../../../remotion/duration.ts'
import { agentRow, drafted, occurrences, slotsOf } from './draft-fixtures.ts'

// The deterministic draft (lib/narration/draft): sized to the scenes, every fact once, nothing the
// listing lacks, the same words for the same listing.

describe('fits each scene', () => {
  it.each(TEMPLATE_IDS)('%s: every line fits its scene at 2.5 spoken words a second', { timeout: 30_000 }, (template) => {
    for (const seconds of [undefined, 3, 6, 10]) {
      const d = drafted({ template, seconds, captions: ['Living room with harbour views', null, 'Gym on level 2'] })
      // the scene's seconds for speech, or the least a drafted scene gets (its voice then stretches it)
      const available = speechSeconds(template, d.props).map((s) => Math.max(MIN_SCENE_SPEECH_SECONDS, s))
      d.draft.scenes.forEach((scene, i) => {
        const words = spokenWordCount(scene.script, d.source.locale)
        expect(words).toBe(scene.words)
        // words at the speaking rate, and the pauses at each sentence's end and comma on top
        expect(words).toBeLessThanOrEqual(Math.floor(available[i] * SPEAKING_RATE + 1e-9))
        expect(speechSecondsOf(scene.script, d.source.locale)).toBe(scene.seconds)
        expect(scene.seconds).toBeLessThanOrEqual(available[i] + 1e-9)
        expect(scene.budget).toBeCloseTo(available[i], 9)
      })
    }
  })

  it('gives a scene the seconds between its transitions, less the tail (remotion/duration.ts)', () => {
    const d = drafted({ template: 'classic-tour', seconds: 6 })
    const { transitionSeconds } = TEMPLATES['classic-tour'].pacing
    for (const s of speechSeconds('classic-tour', d.props)) expect(s).toBeCloseTo(6 - 2 * transitionSeconds - NARRATION_TAIL_SECONDS, 5)
  })

  it('ignores narration already spoken (it stretches its scene; a new script fits the scene as set)', () => {
    const d = drafted({ seconds: 4 })
    const spoken = { ...d.props, scenes: d.props.scenes.map((s) => ({ ...s, narration: { src: 'media:x.wav', seconds: 9, text: 'x', voiceId: 'v', timing: 'estimated' as const, words: [] } })) }
    expect(speechSeconds('classic-tour', spoken)).toEqual(speechSeconds('classic-tour', d.props))
  })

  it('counts numbers as the voice says them (the spoken-form normaliser)', () => {
    expect(spokenWordCount('$850,000.', 'en-AU')).toBe(6) // eight hundred and fifty thousand dollars
    expect(spokenWordCount('$850,000.', 'en-US')).toBe(5) // eight hundred fifty thousand dollars
    expect(spokenWordCount('Built in 1998.', 'en-AU')).toBe(5) // built in nineteen ninety eight
    expect(spokenWordCount('It has 1.5 bathrooms.', 'en-AU')).toBe(7) // one and a half
    expect(spokenWordCount('92 m².', 'en-AU')).toBe(4) // ninety two square metres
    expect(spokenWordCount('850 000 €', 'fr-FR')).toBe(6) // eight hundred and fifty thousand euros
    expect(spokenWordCount('£1,650 pcm', 'en-GB')).toBe(9) // one thousand six hundred and fifty pounds a month
    expect(spokenWordCount('1180 Old Mill Road', 'en-US')).toBe(5) // eleven eighty Old Mill Road
    // and the pauses: 'Pool.' is 1 word but half a second of pause; '2.5' is no sentence end
    expect(speechSecondsOf('Pool.', 'en-US')).toBeCloseTo(0.4 + 0.5, 9)
    expect(speechSecondsOf('Two bedrooms, 2.5 bathrooms. Pool.', 'en-US')).toBeCloseTo(8 / 2.5 + 2 * 0.5 + 0.2, 9)
  })

  it('leaves a fact out rather than overrun a short scene, and says which', () => {
    const d = composeDraft(drafted({ template: 'social-reel' }).source, [{ seconds: 1.3 }, { seconds: 1.3 }, { seconds: 1.3 }])
    expect(d.omitted).toContain('offer')
    for (const scene of d.scenes) expect(scene.seconds).toBeLessThanOrEqual(scene.budget)
  })

  it('gives even a fast template room for a sentence: Social Reel says the address and the price', () => {
    const d = drafted({ template: 'social-reel' })
    expect(d.draft.omitted).not.toContain('place')
    expect(d.draft.omitted).not.toContain('offer')
    for (const scene of d.draft.scenes) expect(scene.budget).toBeGreaterThanOrEqual(MIN_SCENE_SPEECH_SECONDS)
  })
})

describe('every fact once, none invented', () => {
  const long = drafted({ seconds: 12, captions: ['Living room with harbour views', null, 'Gym on level 2'] })

  it('says each of the listing’s facts exactly once when the scenes have time', () => {
    expect(long.draft.omitted).toEqual([])
    const all = long.draft.scenes.map((s) => s.script).join(' ')
    for (const needle of ['$850,000', '1 Harbour Street', '92 m²', '2015', 'Ann Lee', 'balcony', 'gym', 'secure parking', 'harbour views', 'Circular Quay']) {
      expect(occurrences(long.draft, needle), `${needle} in: ${all}`).toBe(1)
    }
    expect(occurrences(long.draft, /\btwo bedrooms\b/g)).toBe(1)
    expect(occurrences(long.draft, /\b1\.5 bathrooms\b/g)).toBe(1)
    expect(long.draft.scenes.flatMap((s) => s.facts).filter((f) => f !== 'caption').length).toBe(new Set(long.draft.scenes.flatMap((s) => s.facts)).size)
  })

  it.each(TEMPLATE_IDS)('%s: says no number the listing does not hold, and passes its own checks', (template) => {
    for (const seconds of [undefined, 5, 9]) {
      const d = drafted({ template, seconds, captions: ['Kitchen with 2 ovens'] })
      const known = listingNumbers(d.source, slotsOf(d))
      for (const scene of d.draft.scenes) {
        for (const n of numbersIn(scene.script, d.source.locale)) expect(known).toContain(n)
      }
      expect(checkScripts(d.draft.scenes.map((s) => s.script), d.draft, d.source, slotsOf(d))).toEqual({ ok: true })
    }
  })

  it('says nothing the listing lacks: no price, rooms, area, year, features, surroundings or agent', () => {
    const bare = drafted({
      seconds: 12,
      agent: null,
      row: { price: null, bedrooms: null, bathrooms: null, floor_area: null, year_built: null, features: [], description: 'Freshly painted.' },
    })
    const all = bare.draft.scenes.map((s) => s.script).join(' ')
    expect(all).not.toMatch(/\$|bedroom|bathroom|m²|built|dates from|highlights|include|painted/i)
    expect(numbersIn(all, 'en-AU')).toEqual([1]) // the street number
    expect(all).toMatch(/viewing|see it/i)
    expect(all).not.toContain('Ann')
  })

  it('keeps rooms out of land, and reads rent with its period', () => {
    const land = drafted({ seconds: 12, row: { property_type: 'land', bedrooms: 3, year_built: 1990 } })
    expect(land.draft.scenes.map((s) => s.script).join(' ')).not.toMatch(/bedroom|1990/)
    const rent = drafted({ seconds: 12, row: { offer: 'rent', rent_period: 'month', price: 3200 } })
    expect(rent.draft.scenes.map((s) => s.script).join(' ')).toMatch(/\$3,200 a month/)
  })

  it('says the description’s best sentences as written, and never its small print', () => {
    const all = long.draft.scenes.map((s) => s.script).join(' ')
    expect(all).toContain('It is a short walk to Circular Quay and the ferries, with cafés on the corner.')
    // a verbless "A …" sentence is said as "It is a …"
    expect(all).toContain('It is a light-filled flat with a renovated kitchen.')
    expect(all).not.toMatch(/levies|strata/i)
  })

  it('puts a feature a caption names on that photo', () => {
    const d = drafted({ seconds: 8, captions: [null, null, 'Gym on level 2', null, 'Balcony at dusk'] })
    expect(d.draft.scenes[2].script.toLowerCase()).toContain('gym')
    expect(d.draft.scenes[4].script.toLowerCase()).toContain('balcony')
  })

  it('opens with the address and closes with the agent', () => {
    const d = drafted()
    expect(d.draft.scenes[0].script).toContain('1 Harbour Street')
    expect(d.draft.scenes[d.draft.scenes.length - 1].script).toContain('Ann Lee')
    const one = drafted({ count: 1, seconds: 12 })
    expect(one.draft.scenes[0].script).toMatch(/1 Harbour Street.*Ann Lee/)
  })

  it('drafts nothing for no scenes and leaves a scene with no time silent', () => {
    expect(composeDraft(drafted().source, []).scenes).toEqual([])
    const silent = composeDraft(drafted().source, [{ seconds: 0 }, { seconds: 0.3 }])
    expect(silent.scenes.map((s) => s.script)).toEqual(['', ''])
  })
})

describe('deterministic and varied', () => {
  it('drafts the same words for the same listing, every time', () => {
    expect(drafted({ seconds: 8 }).draft).toEqual(drafted({ seconds: 8 }).draft)
  })

  it('words two listings with the same facts differently (seeded by the listing id)', () => {
    const ids = ['11111111-2222-4333-8444-555555555555', 'a1111111-2222-4333-8444-555555555555', 'b1111111-2222-4333-8444-555555555555', 'c1111111-2222-4333-8444-555555555555']
    const versions = new Set(ids.map((id) => drafted({ seconds: 8, row: { id } }).draft.scenes.map((s) => s.script).join('|')))
    expect(versions.size).toBeGreaterThan(1)
  })

  it('does not repeat a lead-in across scenes', () => {
    const d = drafted({ seconds: 6, row: { features: ['Pool', 'Double garage', 'Fireplace', 'Wine cellar'] } })
    const leads = d.draft.scenes.map((s) => /(Highlights include|You will also find|There is also)/.exec(s.script)?.[1]).filter(Boolean)
    expect(new Set(leads).size).toBe(leads.length)
  })
})

describe('locales', () => {
  it('drafts in English with the locale’s numbers when its language has no phrasebook', () => {
    const fr = drafted({ seconds: 12, row: { country: 'FR', currency: 'EUR', price: 850000, floor_area: 1234 } })
    expect(fr.draft).toMatchObject({ locale: 'fr-FR', language: 'en', fellBack: true })
    const all = fr.draft.scenes.map((s) => s.script).join(' ')
    expect(all).toMatch(/850\u202f000\s€/)
    expect(all).toMatch(/1\u202f234 m²/)
    expect(checkScripts(fr.draft.scenes.map((s) => s.script), fr.draft, fr.source, slotsOf(fr))).toEqual({ ok: true })
  })

  it('uses the English phrasebook for every English locale, with its currency style', () => {
    const us = drafted({ seconds: 12, row: { country: 'US' } })
    expect(us.draft).toMatchObject({ locale: 'en-US', fellBack: false })
    expect(us.draft.scenes.map((s) => s.script).join(' ')).toContain('A$850,000')
    const de = drafted({ seconds: 12, row: { country: 'DE', currency: 'EUR', bathrooms: 1.5 } })
    expect(de.draft.scenes.map((s) => s.script).join(' ')).toMatch(/1,5 bathrooms/)
  })

  it('reads a German-formatted number as the listing’s, not as a new one', () => {
    expect(numbersIn('850.000 € und 1,5 Bäder', 'de-DE')).toEqual([850000, 1.5])
    expect(numbersIn('three bedrooms and twenty-five minutes, a hundred and twenty', 'en-AU')).toEqual([3, 25, 120])
  })

  it('names the agent’s brokerage only when there is time', () => {
    const long = drafted({ seconds: 12, agent: agentRow() })
    expect(long.draft.scenes.at(-1)!.script).toContain('Harbour Realty')
  })
})
