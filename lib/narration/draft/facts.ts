import { formatArea, formatCount, formatPrice } from '@/remotion/format'
import type { Listing } from '@/remotion/schema'
import { bestSentences } from './descriptions'
import { countText } from './grammar'
import type { Count, Phrasebook, Tiers } from './phrasebook'
import { roomsIn, type Room } from './rooms'
import { numbersIn } from './spoken'

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
  /** the listing's free text; its best sentences are said as written (descriptions.ts) */
  description?: string | null
  agent?: { name: string; brokerage?: string | null } | null
  /** BCP-47; picks the phrasebook and the number formatting */
  locale: string
}

export type FactKind = 'place' | 'offer' | 'home' | 'feature' | 'description' | 'agent'

export type Fact = {
  id: string
  kind: FactKind
  /** the fact alone, in words (a scene saying it with others words it with them: compose.ts) */
  tiers: Tiers
  /**
   * Facts of one group in the same scene are said together: the address with the offer, features
   * as one list, bedrooms, bathrooms, area and year built as one sentence.
   */
  group?: 'intro' | 'features' | 'home'
  item?: string
  count?: Count
  anchor?: 'first' | 'last'
  evidence: { numbers: number[]; words: string[] }
  /** stems that match a photo's caption or file name to steer the fact onto it */
  keywords: string[]
  /** the part of the home it is about, when its words say (a feature's, a description sentence's) */
  room?: Room
  /** facts a description sentence says too ("a one-bedroom flat" says the bedrooms) */
  covers?: string[]
  /** what "Not in the narration" calls it when it fits no scene */
  label: string
}

/** The order facts are said in, within a scene and across the video. */
export const KIND_ORDER: FactKind[] = ['place', 'offer', 'home', 'description', 'feature', 'agent']

/** Lower-case word stems (plural s dropped) without the phrasebook's stopwords. */
export function keywordsOf(text: string, book: Phrasebook): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !book.stopwords.has(w) && !/\d/.test(w))
    .map(stem)
}

/** A word without its plural ending: "fireplaces" and "fireplace", "benches" and "bench", "glass" stays. */
export const stem = (word: string) => (/(ss|us|is)$/.test(word) ? word : word.replace(/(?<=\w{3})(?:(?<=(?:ch|sh|x|z))es|s)$/, ''))

const same = (a: number, b: number) => Math.abs(a - b) < 0.005

/** Every fact the listing holds, in KIND_ORDER. */
export function buildFacts(source: DraftSource, book: Phrasebook): Fact[] {
  const { listing, locale } = source
  const facts: Fact[] = []
  const line = listing.address.line.trim()
  facts.push({
    id: 'place',
    kind: 'place',
    group: 'intro',
    tiers: book.place(line, listing.address.city?.trim() || undefined),
    anchor: 'first',
    evidence: { numbers: numbersIn(line, locale), words: keywordsOf(line, book).slice(0, 1) },
    keywords: [],
    label: 'the address',
  })

  const price = formatPrice(listing, locale)
  const priceOf = price ? { amount: price.amount, period: listing.price?.period } : undefined
  facts.push({
    id: 'offer',
    kind: 'offer',
    group: 'intro',
    tiers: book.offer(listing.propertyType, listing.offer, priceOf, locale),
    evidence: { numbers: listing.price ? [listing.price.amount] : [], words: [listing.offer === 'rent' ? 'rent' : 'sale'] },
    keywords: [],
    label: price ? `the ${listing.offer === 'rent' ? 'rent' : 'price'} (${price.amount})` : `that it is for ${listing.offer === 'rent' ? 'rent' : 'sale'}`,
  })

  const land = listing.propertyType === 'land'
  if (!land) {
    for (const [id, n] of [['bedrooms', listing.bedrooms], ['bathrooms', listing.bathrooms]] as const) {
      if (!n) continue
      const count = { count: n, text: formatCount(n, locale) }
      facts.push({
        id,
        kind: 'home',
        group: 'home',
        count,
        tiers: book.home({ [id]: count, land }),
        evidence: { numbers: [n], words: [id.slice(0, -1)] },
        keywords: [],
        label: `the ${id} (${count.text})`,
      })
    }
  }

  if (listing.area) {
    const text = formatArea(listing.area, locale)
    facts.push({
      id: 'area', kind: 'home', group: 'home', item: text, tiers: book.home({ area: text, land }),
      evidence: { numbers: numbersIn(text, locale), words: [] }, keywords: [], label: `the ${land ? 'land' : 'floor'} area (${text})`,
    })
  }

  if (listing.yearBuilt && !land) {
    facts.push({
      id: 'year', kind: 'home', group: 'home', count: { count: listing.yearBuilt, text: String(listing.yearBuilt) },
      tiers: book.home({ year: listing.yearBuilt, land }), evidence: { numbers: [listing.yearBuilt], words: [] }, keywords: [],
      label: `the year built (${listing.yearBuilt})`,
    })
  }

  const seen = new Set<string>()
  const features: string[] = []
  ;(listing.features ?? []).forEach((feature, i) => {
    const item = feature.trim()
    const key = item.toLowerCase()
    if (!item || seen.has(key)) return
    seen.add(key)
    features.push(item)
    const keywords = keywordsOf(item, book)
    const room = roomsIn(item)[0]
    facts.push({
      id: `feature:${i}`,
      kind: 'feature',
      group: 'features',
      item,
      tiers: book.features([item], false),
      evidence: { numbers: numbersIn(item, locale), words: keywords.length ? keywords : [key] },
      keywords,
      ...(room ? { room } : {}),
      label: item,
    })
  })

  // the description's best sentences; one that says the price or the address again is not used,
  // one that says a feature, the bedrooms, the area or the year says that fact for it
  const priceValue = listing.price?.amount
  bestSentences(source.description, book, locale, features).forEach((sentence, i) => {
    const numbers = numbersIn(sentence.text, locale)
    if (priceValue !== undefined && numbers.some((n) => same(n, priceValue))) return
    if (sentence.text.toLowerCase().includes(line.toLowerCase())) return
    const lower = sentence.text.toLowerCase()
    const covers = facts
      .filter((f) => {
        if (f.kind === 'feature') return lower.includes(f.item!.toLowerCase())
        if (f.id === 'bedrooms' || f.id === 'bathrooms') return new RegExp(`\\b(${f.count!.count}|${countText(f.count!.count, String(f.count!.count))})[- ]${f.id === 'bedrooms' ? 'bed' : 'bath'}`, 'i').test(lower)
        if (f.id === 'area' || f.id === 'year') return f.evidence.numbers.some((n) => numbers.some((m) => same(m, n)))
        return false
      })
      .map((f) => f.id)
    facts.push({
      id: `description:${i}`,
      kind: 'description',
      tiers: book.sentence(sentence.text),
      // evidence words as the checks read a line: hyphenated words whole ("light-filled")
      evidence: {
        numbers,
        words: sentence.text.toLowerCase().split(/[^\p{L}\p{N}-]+/u).filter((w) => w.length > 3 && !book.stopwords.has(w) && !/\d/.test(w)).slice(0, 2),
      },
      keywords: keywordsOf(sentence.text, book),
      ...(sentence.room ? { room: sentence.room } : {}),
      ...(covers.length ? { covers } : {}),
      label: `“${sentence.written}”`,
    })
  })

  const name = source.agent?.name.trim()
  facts.push({
    id: 'agent',
    kind: 'agent',
    tiers: book.callToAction(name ? { name, brokerage: source.agent?.brokerage?.trim() || undefined } : undefined),
    anchor: 'last',
    evidence: { numbers: [], words: name ? keywordsOf(name, book).slice(0, 1) : [] },
    keywords: [],
    label: name ? `the call to action (${name})` : 'the call to action',
  })
  return facts
}
