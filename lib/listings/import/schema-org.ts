import { LISTING, type PropertyType } from '@/lib/constants'
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
import { cleanPhotos, type PhotoCandidate } from './photo-urls'
import type { ImportedAgent } from './types'

/*
 * Reads schema.org items (from JSON-LD, or from microdata turned into the same shape) into
 * listing facts. The listing is the best-scored item (RealEstateListing, then an Offer or Product,
 * then a residence); its facts are looked up across that item and the items it links to
 * (mainEntity, about, itemOffered, offers, address, floorSize…).
 */

const TYPE_SCORE: Record<string, number> = {
  RealEstateListing: 10,
  SingleFamilyResidence: 7,
  House: 7,
  Apartment: 7,
  Residence: 6,
  Accommodation: 6,
  Offer: 5,
  Product: 5,
  Place: 2,
}
const RESIDENCE_TYPES: Record<string, PropertyType> = { SingleFamilyResidence: 'house', House: 'house', Apartment: 'apartment', ApartmentComplex: 'apartment' }
const LINKS = ['mainEntity', 'about', 'itemOffered', 'offers', 'containsPlace', 'containedInPlace', 'object', 'subjectOf'] as const

export function typesOf(node: JsonObject): string[] {
  return list(node['@type']).filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#:]/, ''))
}

/** Every item inside the documents (arrays, @graph, nested values), with @id references kept for lookup. */
export function collectItems(documents: unknown[], limit = 5000): { items: JsonObject[]; byId: Map<string, JsonObject> } {
  const items: JsonObject[] = []
  const byId = new Map<string, JsonObject>()
  const stack: unknown[] = [...documents].reverse()
  let seen = 0
  while (stack.length && seen++ < limit) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i])
    } else if (isObject(node)) {
      if (node['@type']) items.push(node)
      if (typeof node['@id'] === 'string' && Object.keys(node).length > 1) byId.set(node['@id'], node)
      const values = Object.entries(node).filter(([k]) => k !== '@context')
      for (let i = values.length - 1; i >= 0; i--) if (typeof values[i][1] === 'object') stack.push(values[i][1])
    }
  }
  return { items, byId }
}

function score(node: JsonObject): number {
  return Math.max(0, ...typesOf(node).map((t) => TYPE_SCORE[t] ?? 0))
}

/**
 * The listing item, everything it links to, and the items that link to it (an Offer whose
 * itemOffered is the house), nearest first.
 */
function cluster(root: JsonObject, items: JsonObject[], byId: Map<string, JsonObject>): JsonObject[] {
  const out: JsonObject[] = []
  const resolve = (node: JsonObject) => (typeof node['@id'] === 'string' && Object.keys(node).length === 1 ? (byId.get(node['@id']) ?? node) : node)
  const linked = (node: JsonObject) => LINKS.flatMap((key) => list(node[key])).filter(isObject).map(resolve)
  const queue: JsonObject[] = [root]
  while (queue.length && out.length < 30) {
    const node = resolve(queue.shift()!)
    if (out.includes(node)) continue
    out.push(node)
    queue.push(...linked(node))
    for (const parent of items) if (!out.includes(parent) && linked(parent).includes(node)) queue.push(parent)
  }
  return out
}

function pick(nodes: JsonObject[], ...keys: string[]): unknown {
  for (const node of nodes) for (const key of keys) if (first(node[key]) !== undefined) return node[key]
  return undefined
}

function deref(value: unknown, byId: Map<string, JsonObject>): unknown {
  if (isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) return byId.get(value['@id']) ?? value
  return value
}

export function readSchemaItems(documents: unknown[], pageUrl: string): ListingFacts {
  const { items, byId } = collectItems(documents)
  const candidates = items.filter((n) => score(n) > 0)
  if (!candidates.length) return {}
  const root = candidates.reduce((best, n) => (score(n) > score(best) ? n : best))
  const nodes = cluster(root, items, byId)
  const facts: ListingFacts = {}
  const offers = nodes.filter((n) => typesOf(n).some((t) => t === 'Offer' || t === 'AggregateOffer') || (n !== root && (n.price !== undefined || n.priceSpecification !== undefined)))
  const offerNodes = offers.length ? offers : nodes

  facts.title = cleanLine(scalar(pick(nodes, 'name', 'headline')), LISTING.titleMax)
  facts.description = cleanText(scalar(pick(nodes, 'description')), LISTING.descriptionMax)

  // address: a PostalAddress on any linked item, or plain text
  const address = deref(first(pick(nodes, 'address')), byId)
  if (isObject(address)) {
    facts.addressLine = cleanLine(scalar(address.streetAddress), LISTING.addressLineMax)
    facts.city = cleanLine(scalar(address.addressLocality), LISTING.cityMax)
    facts.region = cleanLine(scalar(address.addressRegion), LISTING.regionMax)
    facts.postalCode = cleanLine(scalar(address.postalCode), LISTING.postalCodeMax)
    const country = first(address.addressCountry)
    facts.country = countryCode(isObject(country) ? scalar(country.identifier ?? country.name) : scalar(country))
  } else if (typeof address === 'string') {
    facts.addressLine = cleanLine(address, LISTING.addressLineMax)
  }

  // price: the offer's price or its price specification
  const spec = deref(first(pick(offerNodes, 'priceSpecification')), byId)
  const specObject = isObject(spec) ? spec : null
  const rawPrice = scalar(pick(offerNodes, 'price', 'lowPrice')) ?? (specObject ? scalar(specObject.price ?? specObject.minPrice) : undefined)
  const parsed = typeof rawPrice === 'number' ? { amount: rawPrice, currency: null, rentPeriod: null } : parsePrice(rawPrice)
  if (parsed && parsed.amount >= 0 && parsed.amount <= LISTING.priceMax) facts.price = Math.round(parsed.amount * 100) / 100
  const currencyRaw = scalar(pick(offerNodes, 'priceCurrency')) ?? (specObject ? scalar(specObject.priceCurrency) : undefined) ?? parsed?.currency
  facts.currency = currencyCode(currencyRaw, facts.country)

  const business = scalar(pick(offerNodes, 'businessFunction'))
  const periodRaw = specObject ? (scalar(specObject.unitCode) ?? scalar(specObject.unitText) ?? scalar(specObject.billingDuration)) : undefined
  facts.rentPeriod = rentPeriodFrom(periodRaw) ?? parsed?.rentPeriod ?? null
  facts.offer = offerFrom(business) ?? (facts.rentPeriod ? 'rent' : null) ?? offerFrom(facts.title) ?? (offers.length ? 'sale' : null)
  if (facts.offer !== 'rent') facts.rentPeriod = null

  // the residence
  const residenceType = nodes.flatMap(typesOf).find((t) => RESIDENCE_TYPES[t])
  facts.propertyType =
    (residenceType ? RESIDENCE_TYPES[residenceType] : null) ??
    propertyTypeFrom(scalar(pick(nodes, 'accommodationCategory', 'category', 'additionalType'))) ??
    propertyTypeFrom(facts.title)

  facts.bedrooms = wholeNumber(scalar(pick(nodes, 'numberOfBedrooms')), 0, LISTING.bedroomsMax)
  if (facts.bedrooms === null) {
    // numberOfRooms counts rooms, not bedrooms; only a value that says it counts bedrooms is used
    const rooms = first(pick(nodes, 'numberOfRooms'))
    if (isObject(rooms) && /bed/i.test(String(scalar(rooms.unitText) ?? ''))) facts.bedrooms = wholeNumber(scalar(rooms), 0, LISTING.bedroomsMax)
  }
  facts.bathrooms = bathroomCount(
    scalar(pick(nodes, 'numberOfBathroomsTotal')),
    scalar(pick(nodes, 'numberOfFullBathrooms')),
    scalar(pick(nodes, 'numberOfPartialBathrooms')),
  )
  facts.yearBuilt = yearFrom(scalar(pick(nodes, 'yearBuilt')))

  const features: unknown[] = []
  const size = first(pick(nodes, 'floorSize'))
  const area = isObject(size)
    ? (() => {
        const value = parseNumber(scalar(size.value))
        const unit = areaUnitFrom(scalar(size.unitCode)) ?? areaUnitFrom(scalar(size.unitText))
        return value && unit ? { value, unit } : parseArea(scalar(size))
      })()
    : parseArea(typeof size === 'number' ? undefined : size)
  if (area && (area.unit === 'sqm' || area.unit === 'sqft') && area.value <= 99_999_999) {
    facts.floorArea = Math.round(area.value * 100) / 100
    facts.areaUnit = area.unit
  }
  for (const amenity of list(pick(nodes, 'amenityFeature'))) {
    const a = deref(amenity, byId)
    if (typeof a === 'string') features.push(a)
    else if (isObject(a) && a.value !== false && a.value !== 'false') features.push(scalar(a.name) ?? scalar(a.value))
  }
  const lot = first(pick(nodes, 'lotSize'))
  const lotArea = isObject(lot) ? { value: parseNumber(scalar(lot.value)), unit: areaUnitFrom(scalar(lot.unitCode) ?? scalar(lot.unitText)) } : null
  if (lotArea?.value && lotArea.unit) features.push(landFeature(lotArea.value, lotArea.unit))
  if (area && (area.unit === 'acre' || area.unit === 'hectare')) features.push(landFeature(area.value, area.unit))
  facts.features = cleanFeatures(features)

  // photos: image (string, array, ImageObject), photo
  const photos: PhotoCandidate[] = []
  for (const image of [...list(pick(nodes, 'image')), ...list(pick(nodes, 'photo'))]) {
    const v = deref(image, byId)
    if (typeof v === 'string') photos.push({ url: v })
    else if (isObject(v)) photos.push({ url: scalar(v.contentUrl) ?? scalar(v.url), caption: scalar(v.caption) ?? scalar(v.name), width: parseNumber(scalar(v.width)) })
  }
  facts.photos = cleanPhotos(photos, pageUrl)

  facts.agent = readAgent(deref(first(pick([...offerNodes, ...nodes], 'seller', 'broker', 'agent', 'offeredBy', 'provider', 'author')), byId), byId)
  return facts
}

export function landFeature(value: number, unit: string): string {
  const unitName = /^(acre|acr)/i.test(unit) ? (value === 1 ? 'acre' : 'acres') : /^(hectare|har)/i.test(unit) ? (value === 1 ? 'hectare' : 'hectares') : unit === 'sqft' ? 'sq ft' : 'm²'
  return `Land: ${+value.toFixed(2)} ${unitName}`
}

function readAgent(value: unknown, byId: Map<string, JsonObject>): ImportedAgent | null {
  if (typeof value === 'string') return { name: cleanLine(value, 120), phone: null, email: null, brokerage: null }
  if (!isObject(value)) return null
  const types = typesOf(value)
  const org = deref(first(value.parentOrganization ?? value.worksFor ?? value.memberOf ?? value.branchOf), byId)
  const isOrganisationOnly = types.some((t) => /Organization|Corporation|LocalBusiness/.test(t)) && !types.includes('RealEstateAgent') && !types.includes('Person')
  const name = cleanLine(scalar(value.name), 120)
  const agent: ImportedAgent = {
    name: isOrganisationOnly ? null : name,
    phone: cleanLine(scalar(value.telephone), 40),
    email: emailFrom(scalar(value.email)),
    brokerage: cleanLine(isObject(org) ? scalar(org.name) : typeof org === 'string' ? org : isOrganisationOnly ? name : undefined, 120),
  }
  return agent.name || agent.phone || agent.email || agent.brokerage ? agent : null
}

export function emailFrom(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const t = raw.trim().replace(/^mailto:/i, '').split('?')[0]
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) && t.length <= 254 ? t : null
}
