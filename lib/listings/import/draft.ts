import type { ListingInput } from '@/lib/listings/schema'
import type { ExtractedListing } from './types'

/*
 * From what a page said to the register-listing form: the values to fill in, and, in words a person
 * reads, what was found and what is still to fill in.
 */

/** The form's fields an import can fill, each with the words used for it. */
const FIELDS = [
  { key: 'title', name: 'title', phrase: 'the title' },
  { key: 'addressLine', name: 'street address', phrase: 'the street address' },
  { key: 'city', name: 'city', phrase: 'the city' },
  { key: 'region', name: 'region', phrase: 'the region', optional: true },
  { key: 'postalCode', name: 'postal code', phrase: 'the postal code', optional: true },
  { key: 'country', name: 'country', phrase: 'the country' },
  { key: 'offer', name: 'for sale or rent', phrase: 'whether it is for sale or rent' },
  { key: 'propertyType', name: 'property type', phrase: 'the property type' },
  { key: 'price', name: 'price', phrase: 'the price' },
  { key: 'currency', name: 'currency', phrase: 'the currency' },
  { key: 'rentPeriod', name: 'rent period', phrase: 'the rent period' },
  { key: 'bedrooms', name: 'bedrooms', phrase: 'how many bedrooms' },
  { key: 'bathrooms', name: 'bathrooms', phrase: 'how many bathrooms' },
  { key: 'floorArea', name: 'floor area', phrase: 'the floor area' },
  { key: 'yearBuilt', name: 'year built', phrase: 'the year built' },
  { key: 'features', name: 'features', phrase: 'the features', optional: true },
  { key: 'description', name: 'description', phrase: 'the description' },
  { key: 'photos', name: 'photos', phrase: 'any photos' },
] as const

type FieldName = (typeof FIELDS)[number]['name']

export interface ListingDraft {
  /** the form's values the page gave (never a guess; the form's own defaults fill the rest) */
  values: Partial<ListingInput>
  /** person-readable names of what the page said, e.g. "price", "bedrooms" */
  found: FieldName[]
  /** person-readable names of what it did not say and the form wants */
  missing: FieldName[]
}

export function draftFromExtracted(e: ExtractedListing): ListingDraft {
  const values: Partial<ListingInput> = {}
  if (e.title) values.title = e.title
  if (e.addressLine) values.addressLine = e.addressLine
  if (e.city) values.city = e.city
  if (e.region) values.region = e.region
  if (e.postalCode) values.postalCode = e.postalCode
  if (e.country) values.country = e.country
  if (e.offer) values.offer = e.offer
  if (e.offer === 'rent' && e.rentPeriod) values.rentPeriod = e.rentPeriod
  if (e.propertyType) values.propertyType = e.propertyType
  if (e.price !== null) values.price = e.price
  if (e.currency) values.currency = e.currency
  if (e.bedrooms !== null) values.bedrooms = e.bedrooms
  if (e.bathrooms !== null) values.bathrooms = e.bathrooms
  if (e.floorArea !== null && e.areaUnit) {
    values.floorArea = e.floorArea
    values.areaUnit = e.areaUnit
  }
  if (e.yearBuilt !== null) values.yearBuilt = e.yearBuilt
  if (e.features.length) values.features = e.features
  if (e.description) values.description = e.description

  const has = (key: (typeof FIELDS)[number]['key']): boolean => {
    if (key === 'photos') return e.photos.length > 0
    if (key === 'features') return e.features.length > 0
    return values[key] !== undefined
  }
  const found: FieldName[] = []
  const missing: FieldName[] = []
  for (const field of FIELDS) {
    // a rent period matters only for a rent; the currency only once there is a price
    if (field.key === 'rentPeriod' && e.offer !== 'rent') continue
    if (field.key === 'currency' && e.price === null) continue
    if (has(field.key)) found.push(field.name)
    else if (!('optional' in field)) missing.push(field.name)
  }
  return { values, found, missing }
}

function joinOr(phrases: string[]): string {
  if (phrases.length <= 1) return phrases.join('')
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`
}

/**
 * "That page did not say the price — fill it in below." / "…the price or the year built — fill them
 * in below."; null when nothing is missing. Photos are a separate sentence: they are added, not typed.
 */
export function missingMessage(missing: readonly string[]): string | null {
  const phrases = FIELDS.filter((f) => missing.includes(f.name) && f.key !== 'photos').map((f) => f.phrase)
  const parts: string[] = []
  if (phrases.length) parts.push(`That page did not say ${joinOr(phrases)} — fill ${phrases.length === 1 ? 'it' : 'them'} in below.`)
  if (missing.includes('photos')) parts.push('It showed no photos we could read — add them below.')
  return parts.length ? parts.join(' ') : null
}
