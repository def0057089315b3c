import type { Tables } from '@/lib/database.types'
import type { TemplateId } from '@/remotion/catalog'
import { DEFAULT_FPS, MAX_PHOTOS, type VideoFormat } from '@/remotion/constants'
import { DEFAULT_LOCALE } from '@/remotion/format'
import { draftForVideo, type DraftSource } from '@/lib/narration/draft'
import type { Agent, AudioTrack, Listing, PhotoScene, VideoProps } from '@/remotion/schema'
import { defaultCaptions } from './defaults'
import { mediaRef } from './media-refs'

/*
 * A first draft of a video from what the team already entered: the listing's facts, its photos in
 * order, its agent. Pure and client-safe, so the create page can preview exactly what the server
 * will store. Text is clipped to the templates' limits (remotion/schema.ts), which are tighter than
 * the database's in places (captions 80, agent name 100).
 */

/** Intl locale per listing country; the words around numbers stay English for now. */
const LOCALES: Record<string, string> = {
  AU: 'en-AU', NZ: 'en-NZ', US: 'en-US', CA: 'en-CA', GB: 'en-GB', IE: 'en-IE', ZA: 'en-ZA', IN: 'en-IN',
  SG: 'en-SG', HK: 'en-HK', AE: 'en-AE', PH: 'en-PH',
  FR: 'fr-FR', BE: 'fr-BE', CH: 'de-CH', DE: 'de-DE', AT: 'de-AT', NL: 'nl-NL', ES: 'es-ES', MX: 'es-MX',
  AR: 'es-AR', CL: 'es-CL', CO: 'es-CO', PT: 'pt-PT', BR: 'pt-BR', IT: 'it-IT', SE: 'sv-SE', NO: 'nb-NO',
  DK: 'da-DK', FI: 'fi-FI', PL: 'pl-PL', CZ: 'cs-CZ', GR: 'el-GR', TR: 'tr-TR', JP: 'ja-JP', KR: 'ko-KR',
  CN: 'zh-CN', TW: 'zh-TW', TH: 'th-TH', ID: 'id-ID', MY: 'ms-MY', VN: 'vi-VN', IL: 'he-IL',
}

export function localeForCountry(country: string | null | undefined): string {
  return (country && LOCALES[country.toUpperCase()]) || DEFAULT_LOCALE
}

/** Trimmed text cut at a word boundary to `max` characters; blank becomes undefined. */
export function clip(text: string | null | undefined, max: number): string | undefined {
  const t = (text ?? '').trim().replace(/\s+/g, ' ')
  if (!t) return undefined
  if (t.length <= max) return t
  const cut = t.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim()
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v))

/** The columns a video is drafted from (a listing row, or a trial's property in the same shape). */
export type ListingFacts = Pick<
  Tables<'listings'>,
  | 'title' | 'address_line' | 'city' | 'region' | 'postal_code' | 'country' | 'offer' | 'price' | 'currency'
  | 'rent_period' | 'property_type' | 'bedrooms' | 'bathrooms' | 'floor_area' | 'area_unit' | 'year_built' | 'features'
> & Partial<Pick<Tables<'listings'>, 'id' | 'description'>>

/** A listing row in the templates' shape (remotion/schema.ts `listingSchema`). */
export function listingForVideo(row: ListingFacts): Listing {
  const price = num(row.price)
  const area = num(row.floor_area)
  const listing: Listing = {
    title: clip(row.title, 120),
    address: {
      line: clip(row.address_line, 200) ?? row.address_line,
      ...(row.city ? { city: clip(row.city, 100) } : {}),
      ...(row.region ? { region: clip(row.region, 100) } : {}),
      ...(row.postal_code ? { postalCode: clip(row.postal_code, 20) } : {}),
      ...(/^[A-Z]{2}$/.test(row.country) ? { country: row.country } : {}),
    },
    offer: row.offer === 'rent' ? 'rent' : 'sale',
    price:
      price === null
        ? null
        : {
            amount: price,
            currency: row.currency,
            ...(row.offer === 'rent' && row.rent_period ? { period: row.rent_period as 'week' | 'month' | 'year' } : {}),
          },
    propertyType: row.property_type as Listing['propertyType'],
    bedrooms: row.bedrooms ?? null,
    bathrooms: num(row.bathrooms),
    area: area === null ? null : { value: area, unit: row.area_unit === 'sqft' ? 'sqft' : 'sqm' },
    yearBuilt: row.year_built ?? null,
    features: (row.features ?? []).map((f) => clip(f, 60)).filter((f): f is string => Boolean(f)).slice(0, 24),
  }
  return listing
}

/** An agent row as the end card shows it; photo and logo become `media:` refs. */
export function agentForVideo(agent: Tables<'agents'>): Agent {
  const out: Agent = { fullName: clip(agent.full_name, 100) ?? agent.full_name.slice(0, 100) }
  const title = clip(agent.title, 80)
  const phone = clip(agent.phone, 40)
  const email = clip(agent.email, 254)
  const brokerage = clip(agent.brokerage, 100)
  const licenseNo = clip(agent.license_no, 40)
  if (title) out.title = title
  if (phone) out.phone = phone
  if (email) out.email = email
  if (brokerage) out.brokerage = brokerage
  if (licenseNo) out.licenseNo = licenseNo
  if (agent.photo_path) out.photoSrc = mediaRef(agent.photo_path)
  if (agent.logo_path) out.logoSrc = mediaRef(agent.logo_path)
  return out
}

/** Music from the team's library at the product's defaults (a quarter of its volume under narration). */
export function musicTrack(path: string): AudioTrack {
  return shippedMusic(mediaRef(path))
}

/** A shipped track (`/music/<id>.m4a`, remotion/music.ts) or any source at the same defaults. */
export function shippedMusic(src: string): AudioTrack {
  return { src, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 }
}

// ---- narration -----------------------------------------------------------------------------------

/** What the narration is drafted from (lib/narration/draft): the listing, its text, its agent. */
export function narrationSource(row: ListingFacts, listing: Listing, agent: Tables<'agents'> | Agent | null): DraftSource {
  const name = agent ? ('full_name' in agent ? agent.full_name : agent.fullName) : null
  const brokerage = agent ? agent.brokerage : null
  return {
    // the listing's id; a trial's property has none, so its address stands in (same property, same words)
    seed: row.id ?? `${row.address_line}|${row.city}|${row.country}`,
    listing,
    description: row.description ?? null,
    agent: name?.trim() ? { name: clip(name, 100)!, brokerage: clip(brokerage, 100) ?? null } : null,
    locale: localeForCountry(row.country),
  }
}

/** Each scene's drafted script (also recorded as its `scriptDraft`, so later edits can be told apart). */
export function withDraftedScripts(props: VideoProps, template: TemplateId, source: DraftSource): VideoProps {
  const draft = draftForVideo(source, template, props)
  const scenes = props.scenes.map((scene, i) => {
    const { script: _s, scriptDraft: _d, ...rest } = scene
    const script = draft.scenes[i]?.script
    return script ? { ...rest, script, scriptDraft: script } : rest
  })
  return { ...props, scenes }
}

// ---- props ---------------------------------------------------------------------------------------

export type DraftPhoto = { id?: string | null; path: string; caption?: string | null }

export type DraftInput = {
  listing: ListingFacts
  /** the listing's photos in order */
  photos: DraftPhoto[]
  agent: Tables<'agents'> | null
  template: TemplateId
  format: VideoFormat
  musicPath?: string | null
  /** a shipped track's `src` (`/music/<id>.m4a`), used when no library track is given */
  musicSrc?: string | null
  includeScripts: boolean
}

/** Scene ids are `scene-<asset id>`; a photo without an id gets its position (stable for the same list). */
export function sceneFromPhoto(photo: DraftPhoto, index: number): PhotoScene {
  const caption = clip(photo.caption, 80)
  return {
    id: photo.id ? `scene-${photo.id}` : `scene-${index + 1}`,
    src: mediaRef(photo.path),
    ...(caption ? { caption } : {}),
  }
}

/** The first draft of a video's props (stored with `media:` refs; see media-refs.ts). */
export function draftVideoProps(input: DraftInput): VideoProps {
  const listing = listingForVideo(input.listing)
  const agent = input.agent ? agentForVideo(input.agent) : null
  const scenes = input.photos.slice(0, MAX_PHOTOS).map(sceneFromPhoto)
  const props: VideoProps = {
    listing,
    scenes,
    titleCard: {},
    show: { price: true, facts: true, features: true },
    agent,
    music: input.musicPath ? musicTrack(input.musicPath) : input.musicSrc ? shippedMusic(input.musicSrc) : null,
    fps: DEFAULT_FPS,
    locale: localeForCountry(input.listing.country),
  }
  if (input.agent?.brand_color) props.brandColor = input.agent.brand_color
  const captions = defaultCaptions(input.format)
  if (captions) props.captions = captions
  return input.includeScripts ? withDraftedScripts(props, input.template, narrationSource(input.listing, listing, input.agent)) : props
}
