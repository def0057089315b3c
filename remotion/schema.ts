import { z } from 'zod';
import {
  AREA_UNITS,
  FPS_OPTIONS,
  MAX_PHOTOS,
  OFFERS,
  PROPERTY_TYPES,
  RENT_PERIODS,
  SCENE_SECONDS,
} from './constants';
import { isAllowedMediaSource, MEDIA_SOURCE_MESSAGE } from './media-sources';

// One props schema per template, shared by <Composition schema>, the Player, the server actions
// and the renderer. Optional fields stay optional (no zod defaults) so input and output types match
// and a stored props object round-trips unchanged.

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1d4ed8');

/**
 * A picture or track as props store it: a `media:` reference to the team's own file, or one of the
 * app's bundled files (`/remotion/samples/…`, `/music/…`). Never a URL: the render worker must not be
 * made to fetch an address from the props (remotion/media-sources.ts says why).
 */
export const mediaSrcSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine(isAllowedMediaSource, { message: MEDIA_SOURCE_MESSAGE });

export const priceSchema = z.object({
  amount: z.number().finite().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use an ISO-4217 code like USD'),
  period: z.enum(RENT_PERIODS).optional(),
});

export const listingSchema = z
  .object({
    title: z.string().trim().max(120).optional(),
    address: z.object({
      line: z.string().trim().min(1).max(200),
      city: z.string().trim().max(100).optional(),
      region: z.string().trim().max(100).optional(),
      postalCode: z.string().trim().max(20).optional(),
      country: z.string().regex(/^[A-Z]{2}$/).optional(),
    }),
    offer: z.enum(OFFERS),
    price: priceSchema.nullable().optional(),
    propertyType: z.enum(PROPERTY_TYPES),
    bedrooms: z.number().int().min(0).max(200).nullable().optional(),
    bathrooms: z.number().min(0).max(200).multipleOf(0.5).nullable().optional(),
    area: z
      .object({ value: z.number().finite().positive(), unit: z.enum(AREA_UNITS) })
      .nullable()
      .optional(),
    yearBuilt: z.number().int().min(1000).max(2100).nullable().optional(),
    features: z.array(z.string().trim().min(1).max(60)).max(24).optional(),
  })
  .refine((listing) => listing.offer !== 'rent' || !listing.price || listing.price.period, {
    message: 'A rent price needs a period',
    path: ['price', 'period'],
  });

/** A spoken word (or phrase) with its time in seconds from the start of its scene's narration audio. */
export const captionWordSchema = z
  .object({
    text: z.string().trim().min(1).max(80),
    start: z.number().min(0).max(120),
    end: z.number().min(0).max(120),
  })
  .refine((w) => w.end >= w.start, { message: 'A word ends after it starts', path: ['end'] });

/**
 * A scene's synthesised narration (lib/narration): the audio in storage, its measured length and the
 * timing of each word for captions. `text` is the script it speaks; when it differs from the
 * scene's `script` the audio is stale and the editor offers to speak it again.
 */
export const sceneNarrationSchema = z.object({
  src: mediaSrcSchema,
  seconds: z.number().positive().max(120),
  text: z.string().max(600),
  /** voices.id the audio was made with */
  voiceId: z.string().max(64),
  /** where `words` came from: the speech provider's own timings, or estimated from the text */
  timing: z.enum(['provider', 'estimated']),
  words: z.array(captionWordSchema).max(300),
});

export const photoSceneSchema = z.object({
  /** Stable id so the editor can reorder scenes without losing captions. */
  id: z.string().min(1).max(64),
  src: mediaSrcSchema,
  caption: z.string().trim().max(80).optional(),
  seconds: z.number().min(SCENE_SECONDS.min).max(SCENE_SECONDS.max).optional(),
  motion: z.enum(['zoom-in', 'zoom-out', 'pan-left', 'pan-right']).optional(),
  /** The narration script for this scene (the editor drafts it; the voice reads it). */
  script: z.string().max(600).optional(),
  /**
   * The script as last drafted from the listing (lib/narration/draft). A `script` equal to it is
   * untouched, so "Redraft scripts" may replace it; one that differs is the person's edit and is kept.
   */
  scriptDraft: z.string().max(600).optional(),
  /** The script spoken (see sceneNarrationSchema); the scene lasts at least as long as it. */
  narration: sceneNarrationSchema.optional(),
});

export const agentSchema = z.object({
  fullName: z.string().trim().min(1).max(100),
  title: z.string().trim().max(80).optional(),
  phone: z.string().trim().max(40).optional(),
  email: z.string().trim().max(254).optional(),
  brokerage: z.string().trim().max(100).optional(),
  licenseNo: z.string().trim().max(40).optional(),
  photoSrc: mediaSrcSchema.optional(),
  logoSrc: mediaSrcSchema.optional(),
});

export const audioTrackSchema = z.object({
  src: mediaSrcSchema,
  volume: z.number().min(0).max(1),
  fadeInSeconds: z.number().min(0).max(10).optional(),
  fadeOutSeconds: z.number().min(0).max(10).optional(),
  /** Narration usually waits for the title card; music starts at 0. */
  startSeconds: z.number().min(0).max(60).optional(),
  /** Music only: its volume while a scene's narration speaks (ducking); none means no ducking. */
  duckVolume: z.number().min(0).max(1).optional(),
});

const fpsSchema = z.union(FPS_OPTIONS.map((fps) => z.literal(fps)) as [
  z.ZodLiteral<24>,
  z.ZodLiteral<25>,
  z.ZodLiteral<30>,
  z.ZodLiteral<60>,
]);

export const videoPropsSchema = z.object({
  listing: listingSchema,
  scenes: z.array(photoSceneSchema).min(1).max(MAX_PHOTOS),
  titleCard: z
    .object({ heading: z.string().trim().max(80).optional(), subheading: z.string().trim().max(120).optional() })
    .optional(),
  show: z.object({ price: z.boolean(), facts: z.boolean(), features: z.boolean() }).partial().optional(),
  agent: agentSchema.nullable().optional(),
  brandColor: hexColorSchema.optional(),
  music: audioTrackSchema.nullable().optional(),
  narration: audioTrackSchema.nullable().optional(),
  /** Trial renders carry a watermark. */
  watermark: z.boolean().optional(),
  /** Word-by-word captions of the scenes' narration; off unless enabled. */
  captions: z.object({ enabled: z.boolean(), style: z.enum(['words', 'phrases']).optional() }).optional(),
  /**
   * The unbranded cut (a render option): no agent, brokerage, contact details or logo anywhere, for
   * listing portals that forbid them. Narration and captions stay.
   */
  unbranded: z.boolean().optional(),
  fps: fpsSchema.optional(),
  /** BCP-47 locale for Intl price, area and number formatting. */
  locale: z.string().min(2).max(35).optional(),
});

export const classicTourSchema = videoPropsSchema.extend({
  theme: z.enum(['light', 'dark']).optional(),
});

export const socialReelSchema = videoPropsSchema.extend({
  /** The big opening hook; defaults to "Just listed" or "For rent". */
  hook: z.string().trim().max(24).optional(),
});

export const luxuryEstateSchema = videoPropsSchema.extend({
  tagline: z.string().trim().max(60).optional(),
});

export type Listing = z.infer<typeof listingSchema>;
export type PhotoScene = z.infer<typeof photoSceneSchema>;
export type CaptionWord = z.infer<typeof captionWordSchema>;
export type SceneNarration = z.infer<typeof sceneNarrationSchema>;
export type Agent = z.infer<typeof agentSchema>;
export type AudioTrack = z.infer<typeof audioTrackSchema>;
export type VideoProps = z.infer<typeof videoPropsSchema>;
export type ClassicTourProps = z.infer<typeof classicTourSchema>;
export type SocialReelProps = z.infer<typeof socialReelSchema>;
export type LuxuryEstateProps = z.infer<typeof luxuryEstateSchema>;
