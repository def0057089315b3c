import * as cheerio from 'cheerio'
import type { ListingFacts } from './facts'
import { readEmbeddedState } from './embedded-state'
import { readJsonLd } from './json-ld'
import { readMetaTags } from './meta-tags'
import { readMicrodata } from './microdata'
import { absoluteUrl } from './photo-urls'
import type { ExtractedListing, ImportSource } from './types'
import { readVisiblePage } from './visible-page'

/*
 * What a listing page says, read in order of trust (docs/listing-import.md): schema.org JSON-LD,
 * microdata, Open Graph/Twitter tags, a portal's embedded state JSON, then the visible page. A later
 * source only fills a field every earlier one left empty; `sources` says which source each came from.
 */

/** Larger pages are cut here (the fetch limit is 5 MB; this bounds the parser's work whatever the caller passes). */
export const MAX_HTML_CHARS = 6_000_000

const FIELDS = [
  'title',
  'addressLine',
  'city',
  'region',
  'postalCode',
  'country',
  'price',
  'currency',
  'offer',
  'rentPeriod',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'floorArea',
  'areaUnit',
  'yearBuilt',
  'features',
  'description',
  'photos',
  'agent',
] as const satisfies readonly (keyof ListingFacts)[]

// fields read as one: a later source never mixes its unit, currency or period into an earlier one's number
const TOGETHER: Partial<Record<keyof ListingFacts, (keyof ListingFacts)[]>> = {
  floorArea: ['areaUnit'],
  price: ['currency'],
  offer: ['rentPeriod'],
}

export function emptyListing(): ExtractedListing {
  return {
    title: null,
    addressLine: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    price: null,
    currency: null,
    offer: null,
    rentPeriod: null,
    propertyType: null,
    bedrooms: null,
    bathrooms: null,
    floorArea: null,
    areaUnit: null,
    yearBuilt: null,
    features: [],
    description: null,
    photos: [],
    agent: null,
    sources: {},
  }
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0)
}

function merge(into: ExtractedListing, facts: ListingFacts, source: ImportSource) {
  const claimed = new Set<keyof ListingFacts>()
  for (const field of FIELDS) {
    if (claimed.has(field) || !isEmpty(into[field]) || isEmpty(facts[field])) continue
    const group = [field, ...(TOGETHER[field] ?? [])]
    for (const f of group) {
      if (f !== field && (!isEmpty(into[f]) || isEmpty(facts[f]))) continue
      ;(into as unknown as Record<string, unknown>)[f] = facts[f]
      into.sources[f] = source
      claimed.add(f)
    }
  }
}

export function extractListing(html: string, pageUrl: string): ExtractedListing {
  const result = emptyListing()
  const $ = cheerio.load(html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html)
  const base = absoluteUrl($('base[href]').first().attr('href'), pageUrl) ?? pageUrl
  const readers: [ImportSource, () => ListingFacts][] = [
    ['json-ld', () => readJsonLd($, base)],
    ['microdata', () => readMicrodata($, base)],
    ['open-graph', () => readMetaTags($, base)],
    ['embedded-state', () => readEmbeddedState($, base)],
    ['page', () => readVisiblePage($, base)], // last: it removes the page's chrome from the document
  ]
  // Open Graph/Twitter images and descriptions are made for sharing (one crop of the first photo, a
  // teaser line): they are used only when no later source (embedded state, the page itself) has them
  let share: ListingFacts = {}
  for (const [source, read] of readers) {
    let facts: ListingFacts
    try {
      facts = read()
    } catch {
      continue // one source's surprise never loses what the others read
    }
    if (source === 'open-graph') {
      share = { photos: facts.photos, description: facts.description }
      facts = { ...facts, photos: [], description: null }
    }
    merge(result, facts, source)
  }
  merge(result, share, 'open-graph')
  // a sale has no rent period; a price read without a currency stays without one (the form asks)
  if (result.offer !== 'rent' && result.rentPeriod) {
    result.rentPeriod = null
    delete result.sources.rentPeriod
  }
  return result
}
