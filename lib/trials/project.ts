import { z } from 'zod'
import { draftVideoProps, type ListingFacts } from '@/lib/videos/draft'
import { TEMPLATES, type TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'
import { trialPhotoId } from './paths'
import { trialPropertySchema, type TrialProperty } from './schema'

/*
 * A trial project as the pages use it, parsed from its row (the database's JSON is read through the
 * step's own schema: a property that no longer passes counts as not filled in), and the drafting of
 * its video from the property and photos, the same drafting a team's listing gets.
 */

export const TRIAL_COLUMNS = 'id, owner_id, title, property, photos, template, format, voice_id, props, expires_at, claimed_video_id, created_at'

const captionsSchema = z.record(z.string(), z.string().max(80)).catch({})

const rowSchema = z.object({
  id: z.uuid(),
  owner_id: z.uuid(),
  title: z.string(),
  property: z.record(z.string(), z.unknown()),
  photos: z.array(z.string()),
  template: z.enum(['classic-tour', 'social-reel', 'luxury-estate']).nullable(),
  format: z.enum(['landscape', 'portrait', 'square']).nullable(),
  voice_id: z.uuid().nullable(),
  props: z.record(z.string(), z.unknown()).nullable(),
  expires_at: z.string(),
  claimed_video_id: z.uuid().nullable(),
  created_at: z.string(),
})

export type TrialProject = Omit<z.output<typeof rowSchema>, 'property' | 'props'> & {
  /** the property step, or null while it has not been completed */
  property: TrialProperty | null
  /** the raw form values, to fill the form again (even when incomplete) */
  propertyDraft: Record<string, unknown>
  captions: Record<string, string>
  props: VideoProps | null
}

export function parseTrialProject(row: unknown): TrialProject {
  const r = rowSchema.parse(row)
  const facts = trialPropertySchema.safeParse(r.property)
  return {
    ...r,
    property: facts.success ? facts.data : null,
    propertyDraft: r.property,
    captions: captionsSchema.parse(r.property.captions ?? {}),
    // read through the template's schema (media sources included, issue 24): drafted props that no
    // longer pass count as not drafted, so the video step drafts them again
    props: parsedProps(r.template, r.props),
  }
}

function parsedProps(template: TemplateId | null, props: Record<string, unknown> | null): VideoProps | null {
  if (!template || !props) return null
  const parsed = TEMPLATES[template].schema.safeParse(props)
  return parsed.success ? (parsed.data as VideoProps) : null
}

/** The property in the shape of a listing row, so the listing drafting applies unchanged. */
export function factsOf(p: TrialProperty): ListingFacts {
  return {
    title: p.title,
    address_line: p.addressLine,
    city: p.city,
    region: p.region,
    postal_code: p.postalCode,
    country: p.country,
    offer: p.offer,
    price: p.price,
    currency: p.currency,
    rent_period: p.rentPeriod,
    property_type: p.propertyType,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    floor_area: p.floorArea,
    area_unit: p.areaUnit,
    year_built: null,
    features: [],
  }
}

/** The trial's video: its photos in order with their captions, narration drafted, watermarked. */
export function draftTrialProps(input: {
  ownerId: string
  property: TrialProperty
  photos: string[]
  captions: Record<string, string>
  template: TemplateId
  format: VideoFormat
}): VideoProps {
  const props = draftVideoProps({
    listing: factsOf(input.property),
    photos: input.photos.map((path) => ({ id: trialPhotoId(path, input.ownerId), path, caption: input.captions[path] ?? null })),
    agent: null,
    template: input.template,
    format: input.format,
    includeScripts: true,
  })
  return { ...props, watermark: true }
}

/**
 * A new look drafted over an earlier one keeps the visitor's scene edits (issue 26: "Change template
 * or format" threw away caption and order edits): the scenes of the same photos in the earlier
 * order, each with its earlier caption (or none, if the visitor cleared it); photos new to the draft
 * follow in the draft's order.
 */
export function keepSceneEdits(draft: VideoProps, before: VideoProps | null): VideoProps {
  if (!before) return draft
  const bySrc = new Map(draft.scenes.map((scene) => [scene.src, scene]))
  const earlier = before.scenes.filter((scene) => bySrc.has(scene.src))
  const placed = new Set(earlier.map((scene) => scene.src))
  const captions = new Map(earlier.map((scene) => [scene.src, scene.caption]))
  const scenes = [...earlier.map((scene) => bySrc.get(scene.src)!), ...draft.scenes.filter((scene) => !placed.has(scene.src))].map((scene) => {
    if (!captions.has(scene.src)) return scene
    const { caption: _drafted, ...rest } = scene
    const kept = captions.get(scene.src)
    return kept ? { ...rest, caption: kept } : rest
  })
  return { ...draft, scenes }
}
