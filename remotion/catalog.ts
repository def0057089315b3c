import { CLASSIC_DEFAULT_BRAND, classicTourPacing } from './classic-tour/theme';
import { DEFAULT_FPS } from './constants';
import { buildTimeline, type Timeline } from './duration';
import { DEFAULT_LOCALE } from './format';
import { LUXURY_DEFAULT_BRAND, luxuryEstatePacing } from './luxury-estate/theme';
import { classicTourSchema, luxuryEstateSchema, socialReelSchema, type VideoProps } from './schema';
import { REEL_DEFAULT_BRAND, socialReelPacing } from './social-reel/theme';

// What the app needs to know about each template without importing React: its name, its props
// schema and its pacing. Root.tsx pairs these with the components.

export const TEMPLATES = {
  'classic-tour': {
    name: 'Classic Tour',
    description: 'Calm cross-fades, a clean title panel and numbered photos. Suits every listing.',
    schema: classicTourSchema,
    pacing: classicTourPacing,
    defaultBrandColor: CLASSIC_DEFAULT_BRAND,
  },
  'social-reel': {
    name: 'Social Reel',
    description: 'Fast cuts and bold type for Reels, Shorts and TikTok.',
    schema: socialReelSchema,
    pacing: socialReelPacing,
    defaultBrandColor: REEL_DEFAULT_BRAND,
  },
  'luxury-estate': {
    name: 'Luxury Estate',
    description: 'Slow, framed photography with serif type on deep charcoal.',
    schema: luxuryEstateSchema,
    pacing: luxuryEstatePacing,
    defaultBrandColor: LUXURY_DEFAULT_BRAND,
  },
} as const;

export type TemplateId = keyof typeof TEMPLATES;
export const TEMPLATE_IDS = Object.keys(TEMPLATES) as TemplateId[];

export const isTemplateId = (value: string): value is TemplateId => value in TEMPLATES;

/** The timeline (and so the duration) of a video; the Player, the editor and the renderer share it. */
export function timelineFor(template: TemplateId, props: VideoProps): Timeline {
  return buildTimeline(props, TEMPLATES[template].pacing);
}

/**
 * The file name a render is saved as (the composition's defaultOutName, also the download name):
 * the listing's address and the template and format, in lower-case ASCII words, `.mp4` added by
 * whoever knows the codec. "12 Harbour View Rd, Sydney" → `12-harbour-view-rd-classic-tour-landscape`.
 */
export function outNameFor(template: TemplateId, format: string, props: Pick<VideoProps, 'listing'>): string {
  const words = `${props.listing?.address?.line ?? ''} ${template} ${format}`
    .toLowerCase()
    .replace(/[ßæøœþđł]/g, (c) => ({ ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', þ: 'th', đ: 'd', ł: 'l' })[c] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (words || 'listing-video').slice(0, 100).replace(/-+$/, '');
}

/** Composition ids look like `classic-tour-portrait`. */
export const compositionId = (template: TemplateId, format: string) => `${template}-${format}`;

/**
 * Props as the renderer must send them. renderMedia/renderStill (and Lambda) shallow-merge the
 * composition's defaultProps (the sample listing) under the input props, so a key left out would
 * show the sample's agent or brand colour. Every optional top-level key is made explicit here.
 */
export function completeProps<P extends VideoProps>(template: TemplateId, props: P): P {
  return {
    ...props,
    titleCard: props.titleCard ?? {},
    show: props.show ?? {},
    agent: props.agent ?? null,
    brandColor: props.brandColor ?? TEMPLATES[template].defaultBrandColor,
    music: props.music ?? null,
    narration: props.narration ?? null,
    watermark: props.watermark ?? false,
    captions: props.captions ?? { enabled: false },
    unbranded: props.unbranded ?? false,
    fps: props.fps ?? DEFAULT_FPS,
    locale: props.locale ?? DEFAULT_LOCALE,
    // Template options: an empty value means "the template's default".
    ...(template === 'classic-tour' ? { theme: (props as { theme?: string }).theme ?? 'light' } : {}),
    ...(template === 'social-reel' ? { hook: (props as { hook?: string }).hook ?? '' } : {}),
    ...(template === 'luxury-estate' ? { tagline: (props as { tagline?: string }).tagline ?? '' } : {}),
  };
}
