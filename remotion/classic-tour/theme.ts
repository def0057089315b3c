import type { TemplatePacing } from '../duration';
import { textOn } from '../scenes/copy';
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

/** `brandText` is the brand colour when it reads on the paper, else the ink; `onBrand` reads on the brand. */
export type ClassicTheme = { paper: string; ink: string; muted: string; rule: string; brand: string; brandText: string; onBrand: string };

export function classicTheme(props: ClassicTourProps): ClassicTheme {
  const brand = props.brandColor ?? CLASSIC_DEFAULT_BRAND;
  const onBrand = textOn(brand);
  const brandIsDark = onBrand === '#ffffff';
  return props.theme === 'dark'
    ? { paper: '#15191e', ink: '#f5f2ec', muted: '#a9b0b8', rule: '#2c333b', brand, onBrand, brandText: brandIsDark ? '#f5f2ec' : brand }
    : { paper: '#f8f5f0', ink: '#1b1f24', muted: '#5d6670', rule: '#e2dcd2', brand, onBrand, brandText: brandIsDark ? brand : '#1b1f24' };
}
