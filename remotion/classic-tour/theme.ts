import type { TemplatePacing } from '../duration';
import { brandSurface, softInk, textShade } from '../scenes/contrast';
import type { ClassicTourProps } from '../schema';

export const classicTourPacing: TemplatePacing = {
  titleSeconds: 4.5,
  photoSeconds: 4,
  factsSeconds: 4.5,
  featuresSeconds: 4.5,
  endSeconds: 5.5,
  transitionSeconds: 0.6,
};

export const CLASSIC_DEFAULT_BRAND = '#1f4e79';

/**
 * `brandText` is the shade of the brand that reads on the paper (4.5:1); `brandFill` is the end card's
 * brand surface and `onBrand` / `onBrandSoft` the text on it (contrast.ts).
 */
export type ClassicTheme = { paper: string; ink: string; muted: string; rule: string; brand: string; brandText: string; brandFill: string; onBrand: string; onBrandSoft: string };

export function classicTheme(props: ClassicTourProps): ClassicTheme {
  const brand = props.brandColor ?? CLASSIC_DEFAULT_BRAND;
  const { fill, ink } = brandSurface(brand);
  const base = props.theme === 'dark'
    ? { paper: '#15191e', ink: '#f5f2ec', muted: '#a9b0b8', rule: '#2c333b' }
    : { paper: '#f8f5f0', ink: '#1b1f24', muted: '#5d6670', rule: '#e2dcd2' };
  return { ...base, brand, brandText: textShade(brand, base.paper), brandFill: fill, onBrand: ink, onBrandSoft: softInk(ink, fill) };
}
