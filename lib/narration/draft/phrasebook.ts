import type { Listing } from '@/remotion/schema'

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

export interface Phrasebook {
  /** BCP-47 language subtag, "en" */
  language: string
  /** the opening: the street address, and the city when there is room */
  place(line: string, city?: string): Tiers
  /** what it is and the offer, with the price when the listing has one ("per month" for rent) */
  offer(type: Listing['propertyType'], offer: Listing['offer'], price?: { amount: string; period?: 'day' | 'week' | 'month' | 'year' }): Tiers
  rooms(bedrooms?: { count: number; text: string }, bathrooms?: { count: number; text: string }): Tiers
  area(text: string): Tiers
  yearBuilt(year: number): Tiers
  /** one or more of the listing's own features, as written (case kept for proper nouns) */
  features(items: string[]): Tiers
  /** a sentence of the listing's own description about its surroundings, said as written */
  neighbourhood(sentence: string): Tiers
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

const PERIOD = { day: 'a day', week: 'a week', month: 'a month', year: 'a year' } as const

const article = (phrase: string) => (/^[aeiou]/i.test(phrase) && !/^(one|uni|use|eu)/i.test(phrase) ? 'an' : 'a')

/** A feature as said mid-sentence: lower-cased unless it holds a capital past its first letter (a name). */
function inline(feature: string): string {
  const t = feature.trim().replace(/[.!?;:,]+$/, '')
  return /\p{Lu}/u.test(t.slice(1)) ? t : t.charAt(0).toLowerCase() + t.slice(1)
}

/**
 * "a gym", "an open fireplace"; plurals ("harbour views"), mass nouns ending in -ing ("secure
 * parking"), names, numbers and phrases that start with a preposition or adjective of place ("close
 * to schools") stay as they are.
 */
function withArticle(feature: string): string {
  const words = feature.split(/\s+/)
  const lastWord = words[words.length - 1].toLowerCase()
  if (/^(a|an|the|\d|close|near|walk|walking|within|opposite|next|moments|minutes|steps|north|south|east|west|fully|newly)\b/i.test(feature)) return feature
  if (/\p{Lu}/u.test(feature) || /(s|ing|ry|ure|ment|age|ware)$/.test(lastWord) && !/(ss|us|is|tage|garage|cottage|terrace)$/.test(lastWord)) return feature
  return `${article(feature)} ${feature}`
}

/** A fragment as a sentence: first letter up, a full stop unless it has an ending. */
export function asSentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ')
  if (!t) return ''
  const first = t.charAt(0).toUpperCase() + t.slice(1)
  return /[.!?…]$/.test(first) ? first : `${first}.`
}

const english: Phrasebook = {
  language: 'en',
  place: (line, city) => [
    ...(city ? [[`Welcome to ${line}, ${city}.`, `Welcome home to ${line}, ${city}.`, `This is ${line}, ${city}.`]] : []),
    [`Welcome to ${line}.`, `Welcome home to ${line}.`, `This is ${line}.`],
    [`${line}.`],
  ],
  offer: (type, offer, price) => {
    const what = TYPE[type]
    const a = `${article(what)} ${what}`
    const verb = offer === 'rent' ? 'for rent' : 'for sale'
    if (!price) return [[`Here is ${a} ${verb}.`, `This ${what} is ${verb}.`], [asSentence(`${a} ${verb}`)]]
    const cost = price.period ? `${price.amount} ${PERIOD[price.period]}` : price.amount
    if (offer === 'rent') {
      return [
        [`This ${what} is for rent at ${cost}.`, `The rent for this ${what} is ${cost}.`],
        [`For rent at ${cost}.`, `Rent is ${cost}.`],
        [`${cost}.`],
      ]
    }
    return [
      [`This ${what} is for sale at ${cost}.`, `The asking price for this ${what} is ${cost}.`, `This ${what} is offered at ${cost}.`],
      [`For sale at ${cost}.`, `Offered at ${cost}.`, `Asking ${cost}.`],
      [`${cost}.`],
    ]
  },
  rooms: (bedrooms, bathrooms) => {
    const parts = [
      bedrooms ? `${bedrooms.text} bedroom${bedrooms.count === 1 ? '' : 's'}` : '',
      bathrooms ? `${bathrooms.text} bathroom${bathrooms.count === 1 ? '' : 's'}` : '',
    ].filter(Boolean)
    const single = parts.length === 1 && (bedrooms ?? bathrooms)!.count === 1
    const both = parts.join(' and ')
    return [
      [`Inside, there ${single ? 'is' : 'are'} ${both}.`, `It has ${both}.`, `You will find ${both}.`],
      [asSentence(parts.join(', '))],
    ]
  },
  area: (text) => [[`It offers ${text} of space.`, `There are ${text} to enjoy.`, `It spans ${text}.`], [`${text} in all.`, `${text}.`]],
  yearBuilt: (year) => [[`It was built in ${year}.`, `It dates from ${year}.`], [`Built in ${year}.`]],
  features: (items) => {
    const list = english.list(items.map((item) => withArticle(inline(item))))
    return [
      [`Highlights include ${list}.`, `You will also find ${list}.`, `There is also ${list}.`].slice(0, /^(a|an) /.test(list) ? 3 : 2),
      [asSentence(english.list(items.map(inline)))],
    ]
  },
  neighbourhood: (sentence) => [[asSentence(sentence)]],
  callToAction: (agent) =>
    agent
      ? [
          ...(agent.brokerage ? [[`To arrange a viewing, contact ${agent.name} at ${agent.brokerage}.`, `Call ${agent.name} of ${agent.brokerage} to see it in person.`]] : []),
          [`To arrange a viewing, contact ${agent.name} today.`, `Call ${agent.name} to arrange your viewing.`, `${agent.name} would love to show you around.`],
          [`Call ${agent.name} today.`, `Contact ${agent.name}.`],
        ]
      : [[`Get in touch today to arrange a viewing.`, `Book your viewing today.`], [`Book a viewing.`]],
  caption: (caption) => [[asSentence(caption)]],
  fillers: ['Take a closer look.', 'Have a look around.', 'Take it all in.'],
  neighbourhoodWords:
    /\b(neighbou?rhood|suburb|street|walk|walking|minutes?|close to|near|nearby|moments from|schools?|parks?|shops|shopping|caf[eé]s?|restaurants?|beach|station|transport|bus|train|tram|village|community|quiet|local|amenities|city cent(re|er)|cbd)\b/i,
  stopwords: new Set(
    'a an and the of with to in on at for from by is are it its this that your our room area view views new large small big open plan space'.split(' '),
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
  list: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`),
}

export const PHRASEBOOKS: Record<string, Phrasebook> = { en: english }

/** The phrasebook for a locale's language, and whether it fell back to English. */
export function phrasebookFor(locale: string): { book: Phrasebook; fellBack: boolean } {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? 'en'
  const book = PHRASEBOOKS[language]
  return book ? { book, fellBack: false } : { book: english, fellBack: true }
}
