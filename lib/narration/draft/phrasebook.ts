import type { Listing } from '@/remotion/schema'
import { article, asSentence, countText, inline, listOf, verbFor, withArticle, withThe } from './grammar'

export { asSentence } from './grammar'

/*
 * The words around the facts, per language. A phrase function answers tiers of alternatives: tier 0
 * the fullest wording, the last the shortest; alternatives within a tier say the same facts and are
 * picked by the listing's seed, so two listings read differently and one listing always the same.
 * Every phrase says only what it is given: nothing here may add a fact (no "stunning views", no
 * "spacious"). Numbers arrive formatted for the listing's locale.
 *
 * English is complete. A listing whose language has no phrasebook is drafted in English, with its
 * locale's number formatting; add a language by adding a Phrasebook to PHRASEBOOKS.
 */

export type Tiers = string[][]

export type Count = { count: number; text: string }
export type Price = { amount: string; period?: 'day' | 'week' | 'month' | 'year' }

/** The home's size and age as one sentence: whatever of them a scene holds. */
export type HomeFacts = { bedrooms?: Count; bathrooms?: Count; area?: string; year?: number; land: boolean }

export interface Phrasebook {
  /** BCP-47 language subtag, "en" */
  language: string
  /** the opening alone: the street address, and the city when there is room */
  place(line: string, city?: string): Tiers
  /** the opening with the offer: where it is, what it is and that it is for sale or rent (and the price) */
  intro(line: string, city: string | undefined, type: Listing['propertyType'], offer: Listing['offer'], price: Price | undefined, locale: string): Tiers
  /** the offer said later in the video: every wording says "for sale" or "for rent" */
  offer(type: Listing['propertyType'], offer: Listing['offer'], price: Price | undefined, locale: string): Tiers
  /** bedrooms, bathrooms, floor area and year built, as one sentence (whichever a scene holds) */
  home(facts: HomeFacts): Tiers
  /**
   * one or more of the listing's own features, as written; `subject`: the scene's photo shows it
   * (its caption or file name names it), so it may be pointed at ("Here is the heated pool.")
   */
  features(items: string[], subject: boolean): Tiers
  /** a sentence of the listing's own description, said as written */
  sentence(sentence: string): Tiers
  /** the close: with the agent's name when there is one */
  callToAction(agent?: { name: string; brokerage?: string }): Tiers
  /** a scene's photo caption, said when that scene has nothing else to say */
  caption(caption: string): Tiers
  /** fact-free lines for a scene with nothing to say and time to say it */
  fillers: string[]
  /** words that mark a description sentence as being about the surroundings */
  neighbourhoodWords: RegExp
  /** words that carry no meaning for matching a caption to a feature */
  stopwords: ReadonlySet<string>
  /**
   * Amenities and claims a hosted model might add that the listing may not hold; a polished draft
   * saying one the listing does not mention is refused (check.ts).
   */
  claimWords: readonly string[]
  /** "a, b and c" */
  list(items: string[]): string
}

const TYPE: Record<Listing['propertyType'], string> = {
  house: 'house',
  apartment: 'apartment',
  townhouse: 'townhouse',
  land: 'block of land',
  commercial: 'commercial property',
  other: 'property',
}

/** What British and Irish English call an apartment. */
const typeWord = (type: Listing['propertyType'], locale: string) =>
  type === 'apartment' && /^en-(GB|IE)$/i.test(locale) ? 'flat' : TYPE[type]

const PERIOD = { day: 'a day', week: 'a week', month: 'a month', year: 'a year' } as const

/** "for sale at $850,000", "for rent at £1,650 a month", "for sale" */
function terms(offer: Listing['offer'], price: Price | undefined): string {
  const verb = offer === 'rent' ? 'for rent' : 'for sale'
  if (!price) return verb
  return `${verb} at ${price.period ? `${price.amount} ${PERIOD[price.period]}` : price.amount}`
}

const plural = (n: Count, word: string) => `${countText(n.count, n.text)} ${word}${n.count === 1 ? '' : 's'}`

const english: Phrasebook = {
  language: 'en',
  place: (line, city) => [
    ...(city ? [[`Welcome to ${line}, ${city}.`, `Welcome home to ${line}, ${city}.`, `This is ${line}, ${city}.`]] : []),
    [`Welcome to ${line}.`, `Welcome home to ${line}.`, `This is ${line}.`],
  ],
  intro: (line, city, type, offer, price, locale) => {
    const what = typeWord(type, locale)
    const a = `${article(what)} ${what}`
    const on = terms(offer, price)
    const at = (where: string) => [`Welcome to ${where}, ${a} ${on}.`, `This ${what} at ${where} is ${on}.`, `${where} is ${a} ${on}.`]
    return [...(city ? [at(`${line}, ${city}`).map((s, i) => (i === 2 ? `${line} in ${city} is ${a} ${on}.` : s))] : []), at(line)]
  },
  offer: (type, offer, price, locale) => {
    const what = typeWord(type, locale)
    const on = terms(offer, price)
    const short = !price ? [`It is ${on}.`] : offer === 'rent' ? [`The rent is ${terms('sale', price).slice('for sale at '.length)}.`] : [`The asking price is ${price.amount}.`]
    return [[`This ${what} is ${on}.`, `The ${what} is offered ${on}.`], [`It is ${on}.`], short]
  },
  home: ({ bedrooms, bathrooms, area, year, land }) => {
    const rooms = [bedrooms ? plural(bedrooms, 'bedroom') : '', bathrooms ? plural(bathrooms, 'bathroom') : ''].filter(Boolean).join(' and ')
    const single = Boolean(rooms) && (bedrooms ?? bathrooms)!.count === 1
    if (land) return area ? [[`The land covers ${area}.`, `The block spans ${area}.`]] : []
    if (rooms && area && year) return [[`Built in ${year}, it has ${rooms} across ${area}.`, `It was built in ${year} and has ${rooms} across ${area}.`]]
    if (rooms && area) return [[`It has ${rooms} across ${area}.`, `There ${single ? 'is' : 'are'} ${rooms} across ${area}.`]]
    if (rooms && year) return [[`Built in ${year}, it has ${rooms}.`, `It was built in ${year} and has ${rooms}.`]]
    if (area && year) return [[`Built in ${year}, it offers ${area} of space.`, `It was built in ${year} and spans ${area}.`]]
    if (rooms) return [[`Inside, there ${single ? 'is' : 'are'} ${rooms}.`, `It has ${rooms}.`, `There ${single ? 'is' : 'are'} ${rooms}.`, `You will find ${rooms}.`]]
    if (area) return [[`It offers ${area} of space.`, `It spans ${area}.`]]
    if (year) return [[`It was built in ${year}.`, `It dates from ${year}.`]]
    return []
  },
  features: (items, subject) => {
    const said = items.map(inline)
    const list = english.list(said.map(withArticle))
    const verb = verbFor(said)
    const one = said.length === 1 ? said[0] : undefined
    const pointed =
      subject && one && !/^(two|three|four|five|six|seven|eight|nine|ten|\d)/i.test(one)
        ? [[`Here ${verb} ${withThe(one)}.`, `This ${verb === 'is' ? 'is' : 'are'} ${withThe(one)}.`.replace(/^This are/, 'These are')]]
        : []
    return [...pointed, [`There ${verb} also ${list}.`, `It also has ${list}.`, `You will also find ${list}.`], [`It has ${list}.`, `There ${verb} ${list}.`]]
  },
  sentence: (sentence) => [[asSentence(sentence)]],
  callToAction: (agent) =>
    agent
      ? [
          ...(agent.brokerage
            ? [[
                `To arrange a viewing, contact ${agent.name} at ${agent.brokerage}.`,
                `Call ${agent.name} at ${agent.brokerage} to see it for yourself.`,
                `${agent.name} at ${agent.brokerage} would be glad to show you around.`,
                `For a private viewing, speak to ${agent.name} at ${agent.brokerage}.`,
                `Book your viewing with ${agent.name} at ${agent.brokerage}.`,
                `Ask ${agent.name} at ${agent.brokerage} to show you around.`,
              ]]
            : []),
          [
            `To arrange a viewing, contact ${agent.name} today.`,
            `Call ${agent.name} to arrange your viewing.`,
            `${agent.name} would be glad to show you around.`,
            `For a private viewing, speak to ${agent.name}.`,
            `Book your viewing with ${agent.name}.`,
          ],
          [`Call ${agent.name} today.`, `Contact ${agent.name}.`],
        ]
      : [[
          'Get in touch today to arrange a viewing.',
          'Book a viewing to see it for yourself.',
          'Arrange a viewing to see it in person.',
          'Come and see it for yourself.',
        ], ['Book a viewing.']],
  caption: (caption) => {
    const c = inline(caption.replace(/[.!?]+$/, ''))
    if (/^(from|at|in|on|by|with|looking|view from|seen)\b/i.test(c)) return []
    return [[`Here is ${/^(the|a|an|this|our|its)\s/i.test(c) ? c.replace(/^(this|our|its)\s/i, 'the ') : withThe(c)}.`]]
  },
  fillers: ['Take a closer look.', 'Have a look around.', 'Take it all in.'],
  neighbourhoodWords:
    /\b(neighbou?rhood|suburb|street|walk|walking|minutes?|close to|near|nearby|moments from|schools?|parks?|shops|shopping|caf[eé]s?|restaurants?|pubs?|beach|station|transport|bus|train|trains|tram|trams|subway|village|community|quiet|local|amenities|city cent(re|er)|cbd|blocks? from|away)\b/i,
  stopwords: new Set(
    'a an and the of with to in on at for from by is are it its this that your our room area view views new large small big open plan space img dsc dscn pic photo image jpg jpeg png webp heic copy edit final'.split(' '),
  ),
  claimWords: [
    'pool', 'spa', 'garage', 'carport', 'garden', 'yard', 'balcony', 'terrace', 'deck', 'patio', 'fireplace', 'ocean',
    'sea', 'harbour', 'harbor', 'river', 'lake', 'mountain', 'beach', 'park', 'school', 'station', 'renovated', 'new',
    'modern', 'heritage', 'ensuite', 'study', 'office', 'gym', 'sauna', 'cellar', 'solar', 'air conditioning', 'heating',
    'parking', 'lift', 'elevator', 'concierge', 'waterfront', 'acre', 'hectare', 'furnished', 'pet', 'storage',
    'laundry', 'basement', 'attic', 'penthouse', 'corner', 'view', 'quiet', 'spacious', 'luxury', 'stunning', 'sunny',
    'north-facing', 'walk', 'minutes', 'bedroom', 'bathroom', 'kitchen', 'stone', 'marble', 'timber', 'hardwood',
    'tennis', 'shed', 'workshop', 'vineyard', 'dock', 'jetty', 'rooftop', 'courtyard', 'security', 'smart',
  ],
  list: listOf,
}

export const PHRASEBOOKS: Record<string, Phrasebook> = { en: english }

/** The phrasebook for a locale's language, and whether it fell back to English. */
export function phrasebookFor(locale: string): { book: Phrasebook; fellBack: boolean } {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? 'en'
  const book = PHRASEBOOKS[language]
  return book ? { book, fellBack: false } : { book: english, fellBack: true }
}
