import type { TemplatePacing } from '../duration';
import { over, scrimBackdrop, softInk, textShade, WHITE } from '../scenes/contrast';
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

/** How dark the charcoal scrim is over photos with text on them (title, photo captions). */
export const PHOTO_SCRIM = 0.78;

/**
 * `accent` is the brand colour as given (hairlines, rules); text in it uses `accentText` on the
 * charcoal cards and `accentOnPhoto` over a scrimmed photo, shades that read 4.5:1 there (contrast.ts).
 */
export type LuxuryTheme = {
  charcoal: string;
  ivory: string;
  muted: string;
  accent: string;
  accentText: string;
  accentOnPhoto: string;
  mutedOnPhoto: string;
  /** the agent initials disc */
  disc: string;
  accentOnDisc: string;
};

const CHARCOAL = '#121315';
/**
 * The template's letter-spaced Jost and light Cormorant have hairline strokes that antialiasing never
 * paints in their full colour; aiming at 5.5:1 keeps the measured pixels above 4.5:1 (a lone 26 px "I"
 * measured 4.2:1 when its shade was chosen at exactly 4.5:1).
 */
const THIN_TYPE_CONTRAST = 5.5;
const IVORY = '#f3eee6';
const DISC = '#22242a';

export function luxuryTheme(props: LuxuryEstateProps): LuxuryTheme {
  const accent = props.brandColor ?? LUXURY_DEFAULT_BRAND;
  // the cards' centre is lit by a 6 % white glow; the photos' worst case is a white wall under the scrim
  const card = over(WHITE, 0.06, CHARCOAL);
  const photo = scrimBackdrop(CHARCOAL, PHOTO_SCRIM);
  return {
    charcoal: CHARCOAL,
    ivory: IVORY,
    muted: softInk(IVORY, card, 0.38),
    accent,
    accentText: textShade(accent, card, THIN_TYPE_CONTRAST),
    accentOnPhoto: textShade(accent, photo, THIN_TYPE_CONTRAST),
    mutedOnPhoto: softInk(IVORY, photo, 0.38),
    disc: DISC,
    accentOnDisc: textShade(accent, DISC, THIN_TYPE_CONTRAST),
  };
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
