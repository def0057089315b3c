import { formatArea, formatCount, formatPrice } from '@/remotion/format'
import type { Listing } from '@/remotion/schema'
import type { Phrasebook, Tiers } from './phrasebook'
import { numbersIn, spokenWordCount } from './spoken'

/*
 * The listing's facts as sayable units. Each fact is said at most once in a draft and only facts
 * the listing holds exist: no price, no price line; no agent, a call to action without a name.
 * `evidence` is what a line must contain for the fact to count as said (the checks and the hosted
 * model's validation use it); `keywords` match a scene's photo caption to steer a fact onto it.
 */

/** What a draft is made from: the listing, its description, its agent, the locale and the seed. */
export type DraftSource = {
  /** the listing's id: the same listing always drafts the same words */
  seed: string
  listing: Listing
  /** the listing's free text; only its sentences about the surroundings are said, as written */
  description?: string | null
  agent?: { name: string; brokerage?: string | null } | null
  /** BCP-47; picks the phrasebook and the number formatting */
  locale: string
}

export type FactKind = 'place' | 'offer' | 'rooms' | 'area' | 'year' | 'feature' | 'neighbourhood' | 'agent'

export type Fact = {
  id: string
  kind: FactKind
  tiers: Tiers
  /**
   * Facts of one group in the same scene are said together: features as one list, bedrooms and
   * bathrooms as one line. `item` is the feature as written, `count` the number of rooms.
   */
  group?: 'features' | 'rooms'
  item?: string
  count?: { count: number; text: string }
  anchor?: 'first' | 'last'
  evidence: { numbers: number[]; words: string[] }
  keywords: string[]
}

/** The order facts are said in, within a scene and across the video. */
export const KIND_ORDER: FactKind[] = ['place', 'offer', 'rooms', 'area', 'feature', 'neighbourhood', 'year', 'agent']

/** Lower-case word stems (plural s dropped) without the phrasebook's stopwords. */
export function keywordsOf(text: string, book: Phrasebook): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !book.stopwords.has(w) && !/^\d+$/.test(w))
    .map(stem)
}

export const stem = (word: string) => word.replace(/(?<=\w{3})(es|s)$/, '')

/** Sentences of a description about the surroundings, at most two, each short enough to say. */
export function neighbourhoodSentences(description: string | null | undefined, book: Phrasebook, locale: string): string[] {
  const text = (description ?? '').replace(/[•·▪●]/g, '. ').replace(/\s+/g, ' ').trim()
  if (!text) return []
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/^[-–—*]\s*/, ''))
    .filter((s) => s.length > 3 && book.neighbourhoodWords.test(s) && spokenWordCount(s, locale) <= 30)
    .slice(0, 2)
}

/** Every fact the listing holds, in KIND_ORDER. */
export function buildFacts(source: DraftSource, book: Phrasebook): Fact[] {
  const { listing, locale } = source
  const facts: Fact[] = []
  const line = listing.address.line.trim()
  facts.push({
    id: 'place',
    kind: 'place',
    tiers: book.place(line, listing.address.city?.trim() || undefined),
    anchor: 'first',
    evidence: { numbers: numbersIn(line, locale), words: keywordsOf(line, book).slice(0, 1) },
    keywords: [],
  })

  const price = formatPrice(listing, locale)
  facts.push({
    id: 'offer',
    kind: 'offer',
    tiers: book.offer(listing.propertyType, listing.offer, price ? { amount: price.amount, period: listing.price?.period } : undefined),
    evidence: { numbers: listing.price ? [listing.price.amount] : [], words: [] },
    keywords: [],
  })

  if (listing.propertyType !== 'land') {
    for (const [id, n] of [['bedrooms', listing.bedrooms], ['bathrooms', listing.bathrooms]] as const) {
      if (!n) continue
      const count = { count: n, text: formatCount(n, locale) }
      facts.push({
        id,
        kind: 'rooms',
        group: 'rooms',
        count,
        tiers: id === 'bedrooms' ? book.rooms(count, undefined) : book.rooms(undefined, count),
        evidence: { numbers: [n], words: [id.slice(0, -1)] },
        keywords: [id.slice(0, -1)],
      })
    }
  }

  if (listing.area) {
    const text = formatArea(listing.area, locale)
    facts.push({ id: 'area', kind: 'area', tiers: book.area(text), evidence: { numbers: numbersIn(text, locale), words: [] }, keywords: [] })
  }

  const seen = new Set<string>()
  ;(listing.features ?? []).forEach((feature, i) => {
    const item = feature.trim()
    const key = item.toLowerCase()
    if (!item || seen.has(key)) return
    seen.add(key)
    const keywords = keywordsOf(item, book)
    facts.push({
      id: `feature:${i}`,
      kind: 'feature',
      group: 'features',
      item,
      tiers: book.features([item]),
      evidence: { numbers: numbersIn(item, locale), words: keywords.length ? keywords : [key] },
      keywords,
    })
  })

  neighbourhoodSentences(source.description, book, locale).forEach((sentence, i) => {
    facts.push({
      id: `neighbourhood:${i}`,
      kind: 'neighbourhood',
      tiers: book.neighbourhood(sentence),
      evidence: { numbers: numbersIn(sentence, locale), words: keywordsOf(sentence, book).slice(0, 2) },
      keywords: keywordsOf(sentence, book),
    })
  })

  if (listing.yearBuilt && listing.propertyType !== 'land') {
    facts.push({ id: 'year', kind: 'year', tiers: book.yearBuilt(listing.yearBuilt), evidence: { numbers: [listing.yearBuilt], words: [] }, keywords: [] })
  }

  const name = source.agent?.name.trim()
  facts.push({
    id: 'agent',
    kind: 'agent',
    tiers: book.callToAction(name ? { name, brokerage: source.agent?.brokerage?.trim() || undefined } : undefined),
    anchor: 'last',
    evidence: { numbers: [], words: name ? keywordsOf(name, book).slice(0, 1) : [] },
    keywords: [],
  })
  return facts
}

