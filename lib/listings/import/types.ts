import type { AreaUnit, ListingOffer, PropertyType, RentPeriod } from '@/lib/constants'

/*
 * What a listing page said, as read by extractListing (lib/listings/import/extract.ts).
 * Every field is null (or empty) when the page did not say it; nothing is guessed or invented.
 * `sources` names where each found field came from, so the form can say which fields were found.
 */

export const IMPORT_SOURCES = ['json-ld', 'microdata', 'open-graph', 'embedded-state', 'page'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]

export interface ImportedPhoto {
  /** absolute http(s) address of the largest size the page offers */
  url: string
  /** the page's words for the photo (alt text, caption, schema.org caption/name), if any */
  caption: string | null
}

export interface ImportedAgent {
  name: string | null
  phone: string | null
  email: string | null
  brokerage: string | null
}

export interface ExtractedListing {
  title: string | null
  addressLine: string | null
  city: string | null
  region: string | null
  postalCode: string | null
  /** ISO 3166-1 alpha-2, upper case */
  country: string | null
  price: number | null
  /** ISO 4217, upper case */
  currency: string | null
  offer: ListingOffer | null
  /** only for offer 'rent' */
  rentPeriod: RentPeriod | null
  propertyType: PropertyType | null
  bedrooms: number | null
  bathrooms: number | null
  floorArea: number | null
  areaUnit: AreaUnit | null
  yearBuilt: number | null
  features: string[]
  description: string | null
  /** page order, de-duplicated, largest size */
  photos: ImportedPhoto[]
  agent: ImportedAgent | null
  /** field name (a key above) → where it was read */
  sources: Partial<Record<keyof Omit<ExtractedListing, 'sources'>, ImportSource>>
}

/** What reading a page answers the form (lib/listings/import/page.ts); nothing of it is saved yet. */
export interface PageDraft {
  /** the page's address after redirects */
  pageUrl: string
  /** the form's values the page gave (strings and numbers as the form reads them) */
  values: Record<string, string | number | string[] | null>
  /** the person's words for the fields found and those the page did not say */
  found: string[]
  missing: string[]
  /** "That page did not say the price — fill it in below.", or null when nothing is missing */
  message: string | null
  photos: ImportedPhoto[]
  agent: ImportedAgent | null
}
