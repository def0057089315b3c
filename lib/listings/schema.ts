import { z } from 'zod'
import {
  AREA_UNITS,
  LISTING,
  LISTING_OFFERS,
  LISTING_STATUSES,
  MEDIA,
  PROPERTY_TYPES,
  RENT_PERIODS,
} from '@/lib/constants'
import { choice, idSchema, optionalNumber, optionalText, requiredText } from './fields'
import { stripControlCharacters } from '@/lib/text'

/*
 * One schema for the register/edit form (client-side field errors) and the server (the real check).
 * The database repeats every rule as a constraint; these only make the messages friendly.
 */

export { idSchema }
export { LISTING_STATUSES, LISTING_OFFERS, RENT_PERIODS, PROPERTY_TYPES, AREA_UNITS } from '@/lib/constants'

let currencies: Set<string> | null = null
/** ISO-4217 codes this runtime knows (Node and every current browser implement supportedValuesOf). */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'))
  return currencies.has(code)
}

export const currencySchema = z
  .string({ message: 'Choose a currency.' })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: 'Choose a currency by its three-letter code, such as USD, EUR or GBP.' })

export const countrySchema = z
  .string({ message: 'Choose a country.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'Choose a country by its two-letter code, such as US, GB or AU.' })

/** Tags: trimmed, blanks dropped, duplicates (any case) dropped; each and all within the limits. */
export const featuresSchema = z
  .union([z.array(z.string()), z.string(), z.null(), z.undefined()], { message: 'Enter the features as a list.' })
  .transform((v) => {
    const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []
    const seen = new Set<string>()
    const out: string[] = []
    for (const tag of raw.map((t) => t.trim()).filter(Boolean)) {
      if (!seen.has(tag.toLowerCase())) {
        seen.add(tag.toLowerCase())
        out.push(tag)
      }
    }
    return out
  })
  .superRefine((tags, ctx) => {
    const long = tags.find((t) => t.length > LISTING.featureMax)
    if (long) {
      ctx.addIssue({ code: 'custom', message: `Keep each feature to ${LISTING.featureMax} characters or fewer (“${long.slice(0, 20)}…” is longer).` })
    }
    if (tags.length > LISTING.featuresMax) {
      ctx.addIssue({ code: 'custom', message: `A listing can have at most ${LISTING.featuresMax} features.` })
    }
  })
  .default([])

const optionalId = z
  .union([idSchema, z.literal(''), z.null(), z.undefined()], { message: 'Choose an agent from the list.' })
  .transform((v) => v || null)
  .default(null)

export const listingSchema = z
  .object({
    status: choice(LISTING_STATUSES, 'Choose a status.').default('draft'),
    offer: choice(LISTING_OFFERS, 'Choose for sale or for rent.').default('sale'),
    rentPeriod: z
      .union([z.enum(RENT_PERIODS), z.literal(''), z.null(), z.undefined()], { message: 'Choose per week, month or year.' })
      .transform((v) => v || null)
      .default(null),
    propertyType: choice(PROPERTY_TYPES, 'Choose a property type.').default('house'),
    title: requiredText('the title', LISTING.titleMax),
    addressLine: requiredText('the street address', LISTING.addressLineMax),
    city: requiredText('the city', LISTING.cityMax),
    region: optionalText('the region', LISTING.regionMax),
    postalCode: optionalText('the postal code', LISTING.postalCodeMax),
    country: countrySchema,
    price: optionalNumber('the price', (n) =>
      n
        .min(0, { message: 'The price cannot be negative.' })
        .max(LISTING.priceMax, { message: 'That price is too large.' })
        .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, {
          message: 'Use at most two decimals for the price.',
        }),
    ),
    currency: currencySchema,
    bedrooms: optionalNumber('the bedrooms', (n) =>
      n
        .int({ message: 'Enter bedrooms as a whole number.' })
        .min(0, { message: 'Bedrooms cannot be negative.' })
        .max(LISTING.bedroomsMax, { message: `Bedrooms can be at most ${LISTING.bedroomsMax}.` }),
    ),
    bathrooms: optionalNumber('the bathrooms', (n) =>
      n
        .min(0, { message: 'Bathrooms cannot be negative.' })
        .max(LISTING.bathroomsMax, { message: `Bathrooms can be at most ${LISTING.bathroomsMax}.` })
        .multipleOf(0.5, { message: 'Bathrooms go in halves: 1, 1.5, 2…' }),
    ),
    floorArea: optionalNumber('the floor area', (n) =>
      n
        .positive({ message: 'The floor area must be more than 0.' })
        .max(99_999_999, { message: 'That floor area is too large.' }),
    ),
    areaUnit: choice(AREA_UNITS, 'Choose square metres or square feet.').default('sqm'),
    yearBuilt: optionalNumber('the year built', (n) =>
      n
        .int({ message: 'Enter the year built as a whole year, like 1998.' })
        .min(LISTING.yearBuilt.min, { message: `The year built must be ${LISTING.yearBuilt.min} or later.` })
        .max(LISTING.yearBuilt.max, { message: `The year built must be ${LISTING.yearBuilt.max} or earlier.` }),
    ),
    description: optionalText('the description', LISTING.descriptionMax),
    features: featuresSchema,
    agentId: optionalId,
  })
  .superRefine((l, ctx) => {
    if (l.offer === 'rent' && !l.rentPeriod) {
      ctx.addIssue({ code: 'custom', path: ['rentPeriod'], message: 'Choose whether the rent is per week, month or year.' })
    }
  })
  // a sale has no rent period; clearing it here keeps the database's rule simple
  .transform((l) => ({ ...l, rentPeriod: l.offer === 'rent' ? l.rentPeriod : null }))

export type ListingInput = z.input<typeof listingSchema>
export type ListingValues = z.output<typeof listingSchema>

export const LISTING_SORTS = ['newest', 'oldest', 'updated', 'price_high', 'price_low', 'title'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

/**
 * The list page's URL parameters. Never an error: a bad value falls back to the default.
 * `status` 'current' (the default) hides archived listings; 'all' shows every status.
 */
export const listingFilterSchema = z.object({
  // a search box forgives: control characters (a NUL byte would be SQL error 22021) are dropped
  q: z.string().transform(stripControlCharacters).pipe(z.string().trim().max(100)).catch('').default(''),
  status: z.enum(['current', 'all', ...LISTING_STATUSES]).catch('current').default('current'),
  sort: z.enum(LISTING_SORTS).catch('newest').default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(LISTING.pageSize).default(LISTING.pageSize),
})
export type ListingFilter = z.output<typeof listingFilterSchema>
export type ListingFilterInput = z.input<typeof listingFilterSchema>

export const listingStatusSchema = choice(LISTING_STATUSES, 'Choose a status.')

export const photoOrderSchema = z
  .array(idSchema, { message: 'Send the photos in their new order.' })
  .min(1, { message: 'Send the photos in their new order.' })
  .max(MEDIA.maxPhotosPerListing, { message: `A listing can have at most ${MEDIA.maxPhotosPerListing} photos.` })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each photo can appear only once in the order.' })

export const captionSchema = optionalText('the caption', MEDIA.captionMax)
