import type { TemplatePacing } from '../duration';
import { brandSurface, softInk, textShade, WHITE } from '../scenes/contrast';
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

/**
 * `brand` as given (bars, rings); `brandFill` + `onBrand` for brand surfaces (stickers, caption blocks,
 * the facts card), `brandOnNight` / `brandOnWhite` for brand-colour text on the dark cards and on the
 * white pills: shades that read 4.5:1 there (contrast.ts).
 */
export type ReelTheme = { night: string; brand: string; brandFill: string; onBrand: string; onBrandSoft: string; brandOnNight: string; brandOnWhite: string; white: string };

const NIGHT = '#0b0c10';

export function reelTheme(props: SocialReelProps): ReelTheme {
  const brand = props.brandColor ?? REEL_DEFAULT_BRAND;
  const { fill, ink } = brandSurface(brand);
  return {
    night: NIGHT,
    brand,
    brandFill: fill,
    onBrand: ink,
    onBrandSoft: softInk(ink, fill, 0.15),
    brandOnNight: textShade(brand, NIGHT),
    brandOnWhite: textShade(brand, WHITE),
    white: WHITE,
  };
}

/**
 * How dark the soft plate behind text over a photo is (Scrim.tsx): white text on it reads 4.5:1 over a
 * white wall even at the plate's softened edge (97 % of it).
 */
export const REEL_SCRIM = 0.66;

export const hookText = (props: SocialReelProps) =>
  props.hook || (props.listing.offer === 'rent' ? 'For rent' : 'Just listed');
