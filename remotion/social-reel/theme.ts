import type { TemplatePacing } from '../duration';
import { textOn } from '../scenes/copy';
import type { SocialReelProps } from '../schema';

export const socialReelPacing: TemplatePacing = {
  titleSeconds: 2.6,
  photoSeconds: 2.2,
  factsSeconds: 3,
  featuresSeconds: 3,
  endSeconds: 3.6,
  transitionSeconds: 0.3,
};

export const REEL_DEFAULT_BRAND = '#ff5a36';

export type ReelTheme = { night: string; brand: string; onBrand: string; white: string };

export function reelTheme(props: SocialReelProps): ReelTheme {
  const brand = props.brandColor ?? REEL_DEFAULT_BRAND;
  return { night: '#0b0c10', brand, onBrand: textOn(brand), white: '#ffffff' };
}

export const hookText = (props: SocialReelProps) =>
  props.hook || (props.listing.offer === 'rent' ? 'For rent' : 'Just listed');
