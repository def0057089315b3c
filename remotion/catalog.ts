import { classicTourPacing } from './classic-tour/theme';
import { buildTimeline, type Timeline } from './duration';
import { luxuryEstatePacing } from './luxury-estate/theme';
import { classicTourSchema, luxuryEstateSchema, socialReelSchema, type VideoProps } from './schema';
import { socialReelPacing } from './social-reel/theme';

// What the app needs to know about each template without importing React: its name, its props
// schema and its pacing. Root.tsx pairs these with the components.

export const TEMPLATES = {
  'classic-tour': {
    name: 'Classic Tour',
    description: 'Calm cross-fades, a clean title panel and numbered photos. Suits every listing.',
    schema: classicTourSchema,
    pacing: classicTourPacing,
  },
  'social-reel': {
    name: 'Social Reel',
    description: 'Fast cuts and bold type for Reels, Shorts and TikTok.',
    schema: socialReelSchema,
    pacing: socialReelPacing,
  },
  'luxury-estate': {
    name: 'Luxury Estate',
    description: 'Slow, framed photography with serif type on deep charcoal.',
    schema: luxuryEstateSchema,
    pacing: luxuryEstatePacing,
  },
} as const;

export type TemplateId = keyof typeof TEMPLATES;
export const TEMPLATE_IDS = Object.keys(TEMPLATES) as TemplateId[];

export const isTemplateId = (value: string): value is TemplateId => value in TEMPLATES;

/** The timeline (and so the duration) of a video; the Player, the editor and the renderer share it. */
export function timelineFor(template: TemplateId, props: VideoProps): Timeline {
  return buildTimeline(props, TEMPLATES[template].pacing);
}

/** Composition ids look like `classic-tour-portrait`. */
export const compositionId = (template: TemplateId, format: string) => `${template}-${format}`;
