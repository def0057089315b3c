import type { TemplatePacing } from '../duration';
import type { LuxuryEstateProps } from '../schema';

export const luxuryEstatePacing: TemplatePacing = {
  titleSeconds: 5,
  photoSeconds: 5,
  factsSeconds: 5,
  featuresSeconds: 5,
  endSeconds: 6,
  transitionSeconds: 1.2,
};

export const LUXURY_DEFAULT_BRAND = '#c2a36b';

export type LuxuryTheme = { charcoal: string; ivory: string; muted: string; accent: string };

export function luxuryTheme(props: LuxuryEstateProps): LuxuryTheme {
  return { charcoal: '#121315', ivory: '#f3eee6', muted: 'rgba(243,238,230,0.62)', accent: props.brandColor ?? LUXURY_DEFAULT_BRAND };
}

const NUMERALS: [number, string][] = [
  [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

/** Scene numbers as roman numerals (1–40), the template's quiet signature. */
export function roman(n: number): string {
  let rest = n;
  let out = '';
  for (const [value, numeral] of NUMERALS) {
    while (rest >= value) {
      out += numeral;
      rest -= value;
    }
  }
  return out;
}
