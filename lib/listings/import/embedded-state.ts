import type { CheerioAPI } from 'cheerio'
import { LISTING } from '@/lib/constants'
import { first, isObject, list, scalar, type JsonObject, type ListingFacts } from './facts'
import {
  areaUnitFrom,
  bathroomCount,
  cleanFeatures,
  cleanLine,
  cleanText,
  countryCode,
  currencyCode,
  offerFrom,
  parseArea,
  parseNumber,
  parsePrice,
  propertyTypeFrom,
  rentPeriodFrom,
  wholeNumber,
  yearFrom,
} from './normalise'
import { cleanPhotos, largestFromSrcset, type PhotoCandidate } from './photo-urls'
import { emailFrom, landFeature } from './schema-org'

/*
 * Portals built as single-page apps ship the listing as JSON: Next.js's __NEXT_DATA__, a
 * `window.__INITIAL_STATE__ = {…}` / `__PRELOADED_STATE__` assignment, or a
 * <script type="application/json"> blob. The JSON is walked for the object that looks most like a
 * listing (a price plus bedrooms, an address or photos, under the names portals use), and that
 * object is read by the same common names.
 */

const MAX_NODES = 50_000
const ASSIGNMENT = /(?:window\.|self\.|globalThis\.)?(__INITIAL_STATE__|__PRELOADED_STATE__|__APOLLO_STATE__|__NUXT__|__APP_STATE__|__REDUX_STATE__)\s*=\s*/

/** The JSON value starting at `start` (an object or array), by matching brackets outside strings. */
function balancedJson(text: string, start: number): string | null {
  const open = text[start]
  if (open !== '{' && open !== '[') return null
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      depth--
      if (depth === 0) return text.slice(start, i + 1)
    }
  }
  return null
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Every embedded state blob the page carries. */
export function embeddedStates($: CheerioAPI): unknown[] {
  const states: unknown[] = []
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').trim().toLowerCase()
    const text = $(el).text()
    if (!text.trim() || text.length > 5_000_000) return
    if (type === 'application/json' || $(el).attr('id') === '__NEXT_DATA__') {
      const value = parse(text.trim())
      if (value !== undefined) states.push(value)
    } else if (!type || type === 'text/javascript' || type === 'application/javascript' || type === 'module') {
      const m = ASSIGNMENT.exec(text)
      if (!m) return
      const start = m.index + m[0].length
      const json = balancedJson(text, start)
      let value = json ? parse(json) : undefined
      // JSON.parse("…") assigned as a string
      if (value === undefined) {
        const quoted = /^JSON\.parse\(\s*("(?:[^"\\]|\\.)*")\s*\)/.exec(text.slice(start))
        const inner = quoted ? parse(quoted[1]) : undefined
        if (typeof inner === 'string') value = parse(inner)
      }
      if (value !== undefined) states.push(value)
    }
  })
  return states
}

const KEYS = {
  price: ['price', 'listPrice', 'askingPrice', 'salePrice', 'rent', 'monthlyRent', 'rentPrice', 'priceValue', 'displayPrice', 'formattedPrice'],
  bedrooms: ['bedrooms', 'beds', 'bedroomCount', 'numBedrooms', 'numberOfBedrooms', 'bedroom', 'bedroomsCount'],
  bathrooms: ['bathrooms', 'baths', 'bathroomCount', 'numBathrooms', 'numberOfBathrooms', 'bathroomsCount', 'bathroomsTotal'],
  halfBathrooms: ['halfBathrooms', 'halfBaths', 'partialBathrooms', 'numberOfPartialBathrooms'],
  fullBathrooms: ['fullBathrooms', 'fullBaths', 'numberOfFullBathrooms'],
  address: ['address', 'location', 'displayAddress', 'fullAddress', 'streetAddress'],
  photos: ['photos', 'images', 'media', 'gallery', 'pictures', 'imageUrls', 'photoUrls', 'propertyImages'],
  title: ['title', 'headline', 'name', 'heading'],
  description: ['description', 'summary', 'remarks', 'text', 'body'],
  currency: ['currency', 'currencyCode', 'priceCurrency'],
  offer: ['offerType', 'listingType', 'transactionType', 'channel', 'saleType', 'tenure', 'status'],
  rentPeriod: ['rentFrequency', 'rentPeriod', 'pricePeriod', 'frequency', 'period', 'paymentFrequency'],
  propertyType: ['propertyType', 'homeType', 'propertySubType', 'buildingType', 'type', 'category'],
  area: ['floorArea', 'livingArea', 'floorSize', 'area', 'size', 'surface', 'livingSpace', 'sqft', 'squareFeet', 'sqm', 'squareMeters', 'squareMetres'],
  yearBuilt: ['yearBuilt', 'constructionYear', 'builtYear', 'buildYear', 'year_built'],
  features: ['features', 'amenities', 'keyFeatures', 'highlights', 'facilities'],
  agent: ['agent', 'listingAgent', 'contact', 'broker', 'agents', 'listedBy'],
} as const

function get(node: JsonObject, keys: readonly string[]): unknown {
  for (const key of keys) {
    const direct = node[key]
    if (direct !== undefined && direct !== null && direct !== '') return direct
  }
  // case-insensitive, and snake_case
  const wanted = new Set(keys.map((k) => k.toLowerCase().replace(/_/g, '')))
  for (const [key, value] of Object.entries(node)) if (wanted.has(key.toLowerCase().replace(/_/g, '')) && value !== null && value !== '') return value
  return undefined
}

function looksLikeListing(node: JsonObject): number {
  if (get(node, KEYS.price) === undefined) return 0
  let score = 1
  if (get(node, KEYS.bedrooms) !== undefined) score += 2
  if (get(node, KEYS.address) !== undefined) score += 2
  if (Array.isArray(get(node, KEYS.photos))) score += 2
  if (get(node, KEYS.bathrooms) !== undefined) score += 1
  if (get(node, KEYS.area) !== undefined) score += 1
  return score >= 3 ? score : 0
}

/** The object most like a listing; the shallower wins a tie (the page's listing, not a related one deep inside). */
export function findListingObject(states: unknown[]): JsonObject | null {
  let best: JsonObject | null = null
  let bestScore = 0
  const queue: unknown[] = [...states]
  for (let seen = 0; queue.length && seen < MAX_NODES; seen++) {
    const node = queue.shift()
    if (Array.isArray(node)) queue.push(...node.slice(0, 500))
    else if (isObject(node)) {
      const s = looksLikeListing(node)
      if (s > bestScore) {
        best = node
        bestScore = s
      }
      for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) queue.push(value)
    }
  }
  return best
}

function text(value: unknown): string | undefined {
  const v = scalar(value)
  return v === undefined ? undefined : String(v)
}

function readAddress(value: unknown, facts: ListingFacts) {
  if (typeof value === 'string') {
    const parts = value.split(',').map((p) => p.trim()).filter(Boolean)
    facts.addressLine = cleanLine(parts[0], LISTING.addressLineMax)
    if (parts.length > 1) facts.city = cleanLine(parts[1].replace(/\s+\d[\d\s-]*$/, ''), LISTING.cityMax)
    facts.country = countryCode(parts[parts.length - 1])
    return
  }
  if (!isObject(value)) return
  const line =
    text(get(value, ['streetAddress', 'street', 'addressLine', 'addressLine1', 'line1', 'address1', 'displayAddress'])) ??
    [text(get(value, ['houseNumber', 'streetNumber'])), text(get(value, ['streetName']))].filter(Boolean).join(' ')
  facts.addressLine = cleanLine(line, LISTING.addressLineMax)
  facts.city = cleanLine(text(get(value, ['city', 'locality', 'town', 'addressLocality', 'suburb', 'municipality'])), LISTING.cityMax)
  facts.region = cleanLine(text(get(value, ['region', 'state', 'county', 'province', 'addressRegion', 'stateCode'])), LISTING.regionMax)
  facts.postalCode = cleanLine(text(get(value, ['postalCode', 'postcode', 'zip', 'zipCode', 'postCode'])), LISTING.postalCodeMax)
  facts.country = countryCode(text(get(value, ['countryCode', 'country', 'addressCountry', 'countryName'])))
}

function photoFrom(value: unknown): PhotoCandidate | null {
  if (typeof value === 'string') return { url: value }
  if (!isObject(value)) return null
  const sizes = get(value, ['sizes', 'variants', 'urls', 'resolutions'])
  let url = text(get(value, ['original', 'full', 'large', 'xl', 'highRes', 'hiRes', 'url', 'src', 'href', 'contentUrl', 'uri']))
  let width = parseNumber(scalar(get(value, ['width', 'w'])))
  if (isObject(sizes)) {
    // {"small": "...", "large": "..."} or {"640": "...", "1600": "..."}: the widest, else the last
    const entries = Object.entries(sizes).filter(([, v]) => typeof v === 'string' || isObject(v))
    const numeric = entries.filter(([k]) => /^\d+$/.test(k)).sort((a, b) => Number(b[0]) - Number(a[0]))
    const pickEntry = numeric[0] ?? entries[entries.length - 1]
    if (pickEntry) {
      url = typeof pickEntry[1] === 'string' ? pickEntry[1] : text(get(pickEntry[1] as JsonObject, ['url', 'src']))
      width = numeric[0] ? Number(numeric[0][0]) : width
    }
  }
  const srcset = largestFromSrcset(text(get(value, ['srcset', 'srcSet'])))
  if (srcset && (srcset.width ?? 0) > (width ?? 0)) ({ url, width } = srcset)
  return url ? { url, width, caption: text(get(value, ['caption', 'alt', 'title', 'description', 'label'])) } : null
}

export function readEmbeddedState($: CheerioAPI, pageUrl: string): ListingFacts {
  const listing = findListingObject(embeddedStates($))
  if (!listing) return {}
  const facts: ListingFacts = {}
  facts.title = cleanLine(text(get(listing, KEYS.title)), LISTING.titleMax)
  facts.description = cleanText(text(get(listing, KEYS.description)), LISTING.descriptionMax)
  readAddress(get(listing, KEYS.address), facts)

  const priceValue = first(get(listing, KEYS.price))
  const priceText = isObject(priceValue) ? scalar(get(priceValue, ['amount', 'value', 'price', 'display', 'displayPrice'])) : scalar(priceValue)
  const price = parsePrice(priceText)
  if (price) facts.price = price.amount
  const currencyRaw = text(get(listing, KEYS.currency)) ?? (isObject(priceValue) ? text(get(priceValue, KEYS.currency)) : undefined) ?? price?.currency
  facts.currency = currencyCode(currencyRaw ?? undefined, facts.country)

  const periodRaw = text(get(listing, KEYS.rentPeriod)) ?? (isObject(priceValue) ? text(get(priceValue, ['period', 'frequency', 'qualifier'])) : undefined)
  facts.rentPeriod = rentPeriodFrom(periodRaw) ?? price?.rentPeriod ?? null
  facts.offer = offerFrom(text(get(listing, KEYS.offer))) ?? (facts.rentPeriod ? 'rent' : null) ?? offerFrom(facts.title)
  if (facts.offer !== 'rent') facts.rentPeriod = null
  facts.propertyType = propertyTypeFrom(text(get(listing, KEYS.propertyType))) ?? propertyTypeFrom(facts.title)

  facts.bedrooms = wholeNumber(scalar(get(listing, KEYS.bedrooms)), 0, LISTING.bedroomsMax)
  facts.bathrooms = bathroomCount(scalar(get(listing, KEYS.bathrooms)), scalar(get(listing, KEYS.fullBathrooms)), scalar(get(listing, KEYS.halfBathrooms)))
  if (facts.bathrooms !== null) {
    const half = parseNumber(scalar(get(listing, KEYS.halfBathrooms)))
    if (half && get(listing, KEYS.bathrooms) !== undefined && Number.isInteger(facts.bathrooms)) facts.bathrooms = Math.min(LISTING.bathroomsMax, facts.bathrooms + half * 0.5)
  }
  facts.yearBuilt = yearFrom(scalar(get(listing, KEYS.yearBuilt)))

  const features: unknown[] = []
  for (const key of KEYS.area) {
    const value = listing[key]
    if (value === undefined || value === null) continue
    let area = null
    if (isObject(value)) {
      const n = parseNumber(scalar(get(value, ['value', 'amount', 'size'])))
      const unit = areaUnitFrom(text(get(value, ['unit', 'unitCode', 'unitText', 'units'])))
      area = n && unit ? { value: n, unit } : null
    } else if (typeof value === 'number') {
      const unit = /sqft|squarefeet/i.test(key) ? 'sqft' : /sqm|squaremet/i.test(key) ? 'sqm' : areaUnitFrom(text(get(listing, ['areaUnit', 'sizeUnit', 'unit'])))
      area = unit && value > 0 ? { value, unit } : null
    } else area = parseArea(text(value))
    if (!area) continue
    if (area.unit === 'sqm' || area.unit === 'sqft') {
      facts.floorArea = Math.round(area.value * 100) / 100
      facts.areaUnit = area.unit
      break
    }
    features.push(landFeature(area.value, area.unit))
  }
  for (const f of list(get(listing, KEYS.features))) features.push(isObject(f) ? text(get(f, ['name', 'label', 'text', 'title'])) : f)
  facts.features = cleanFeatures(features)

  facts.photos = cleanPhotos(list(get(listing, KEYS.photos)).map(photoFrom).filter((p): p is PhotoCandidate => p !== null), pageUrl)

  const agent = first(get(listing, KEYS.agent))
  if (isObject(agent)) {
    const company = get(agent, ['agency', 'company', 'brokerage', 'office', 'branch', 'organisation', 'organization'])
    const a = {
      name: cleanLine(text(get(agent, ['name', 'fullName', 'displayName'])), 120),
      phone: cleanLine(text(get(agent, ['phone', 'telephone', 'phoneNumber', 'mobile', 'tel'])), 40),
      email: emailFrom(text(get(agent, ['email', 'emailAddress']))),
      brokerage: cleanLine(isObject(company) ? text(get(company, ['name', 'displayName'])) : text(company), 120),
    }
    facts.agent = a.name || a.phone || a.email || a.brokerage ? a : null
  }
  return facts
}
