import type { ComponentType } from 'react';
import type { TemplateId } from './catalog';
import { ClassicTour } from './classic-tour/ClassicTour';
import { LuxuryEstate } from './luxury-estate/LuxuryEstate';
import type { VideoProps } from './schema';
import { SocialReel } from './social-reel/SocialReel';

/** Each template's component, for <Composition> in Root.tsx and for the app's <Player>/<Thumbnail>. */
export const TEMPLATE_COMPONENTS: Record<TemplateId, ComponentType<VideoProps>> = {
  'classic-tour': ClassicTour,
  'social-reel': SocialReel,
  'luxury-estate': LuxuryEstate,
};
