import { z } from 'zod'
import { AREA_UNITS, LISTING, LISTING_OFFERS, PROPERTY_TYPES, RENT_PERIODS } from '@/lib/constants'
import { choice, idSchema, optionalNumber, optionalText, requiredText } from '@/lib/listings/fields'
import { countrySchema, currencySchema } from '@/lib/listings/schema'
import { TEMPLATE_IDS } from '@/remotion/catalog'
import { VIDEO_FORMAT_IDS } from '@/remotion/constants'

/*
 * The try flow's steps, checked in the browser (field messages) and again in the server actions.
 * The property step is the listing form's facts with the same rules and messages (lib/listings):
 * what a trial holds must import into a real listing unchanged. Stored as JSON in
 * trial_projects.property; read back through `storedPropertySchema`.
 */

export const TRIAL = {
  minPhotos: 3,
  maxPhotos: 10,
  /** days a trial project is kept (the database's default for expires_at says the same) */
  keepDays: 7,
  /** the trial render's longer side (queue_trial_render sets the size) */
  maxHeight: 720,
} as const

export const trialPropertySchema = z
  .object({
    offer: choice(LISTING_OFFERS, 'Choose for sale or for rent.').default('sale'),
    rentPeriod: z
      .union([z.enum(RENT_PERIODS), z.literal(''), z.null(), z.undefined()], { message: 'Choose per week, month or year.' })
      .transform((v) => v || null)
      .default(null),
    propertyType: choice(PROPERTY_TYPES, 'Choose a property type.').default('house'),
    addressLine: requiredText('the street address', LISTING.addressLineMax),
    city: requiredText('the city', LISTING.cityMax),
    region: optionalText('the region', LISTING.regionMax),
    postalCode: optionalText('the postal code', LISTING.postalCodeMax),
    country: countrySchema,
    price: optionalNumber('the price', (n) =>
      n
        .min(0, { message: 'The price cannot be negative.' })
        .max(LISTING.priceMax, { message: 'That price is too large.' })
        .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, { message: 'Use at most two decimals for the price.' }),
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
      n.positive({ message: 'The floor area must be more than 0.' }).max(99_999_999, { message: 'That floor area is too large.' }),
    ),
    areaUnit: choice(AREA_UNITS, 'Choose square metres or square feet.').default('sqm'),
  })
  .superRefine((p, ctx) => {
    if (p.offer === 'rent' && !p.rentPeriod) {
      ctx.addIssue({ code: 'custom', path: ['rentPeriod'], message: 'Choose whether the rent is per week, month or year.' })
    }
  })
  .transform((p) => ({ ...p, rentPeriod: p.offer === 'rent' ? p.rentPeriod : null, title: `${p.addressLine}, ${p.city}`.slice(0, LISTING.titleMax) }))

export type TrialPropertyInput = z.input<typeof trialPropertySchema>
export type TrialProperty = z.output<typeof trialPropertySchema>

/** What the database holds, read back: the same rules (a stored object that no longer passes is "not filled in"). */
export const storedPropertySchema = trialPropertySchema

/** Storage paths of the visitor's photos, in order (first = cover); the database checks the folder. */
export const trialPhotosSchema = z
  .array(z.string().min(1).max(500), { message: 'Send the photos in their order.' })
  .min(TRIAL.minPhotos, { message: `Add at least ${TRIAL.minPhotos} photos.` })
  .max(TRIAL.maxPhotos, { message: `A trial video takes up to ${TRIAL.maxPhotos} photos.` })
  .refine((paths) => new Set(paths).size === paths.length, { message: 'Each photo can appear only once.' })

export const savePropertySchema = z.object({
  projectId: idSchema,
  property: trialPropertySchema,
  photos: trialPhotosSchema,
  /** captions by photo path (80 characters: what the templates show) */
  captions: z.record(z.string().max(500), optionalText('the caption', 80)).default({}),
})

export const chooseLookSchema = z.object({
  projectId: idSchema,
  template: z.enum(TEMPLATE_IDS, { message: 'Choose a template.' }),
  format: z.enum(VIDEO_FORMAT_IDS, { message: 'Choose a format.' }),
  voiceId: z
    .union([idSchema, z.literal(''), z.null(), z.undefined()], { message: 'Choose a voice from the list.' })
    .transform((v) => v || null)
    .default(null),
})

/** The small edits on the project page: scene order and captions. */
export const sceneEditsSchema = z.object({
  projectId: idSchema,
  scenes: z
    .array(z.object({ id: z.string().min(1).max(200), caption: optionalText('the caption', 80) }), { message: 'Send the scenes in order.' })
    .min(1, { message: 'A video needs at least one scene.' })
    .max(TRIAL.maxPhotos, { message: `A trial video has up to ${TRIAL.maxPhotos} scenes.` })
    .refine((s) => new Set(s.map((x) => x.id)).size === s.length, { message: 'Each scene can appear only once.' }),
})

export const trialPhotoUploadSchema = z.object({
  projectId: idSchema,
  name: z.string().trim().min(1, { message: 'The file has no name.' }).max(200),
  bytes: z.number().int().positive({ message: 'The file is empty.' }),
  mime: z.string().max(200).default(''),
})

export const trialPhotoFinalizeSchema = z.object({ projectId: idSchema, path: z.string().min(1).max(500) })

/** Keeping the trial: which project goes into which team (the team creation page and the team home). */
export const importTrialSchema = z.object({ projectId: idSchema, teamId: idSchema })
export type ImportTrialInput = z.input<typeof importTrialSchema>
