// WCAG 2.x contrast for the templates' text: every text layer is checked against what is behind it,
// and brand-colour text uses a shade of the brand that reads on its background (docs/video-templates.md,
// "Legible pictures"). React-free, so catalog code and unit tests can use it.

export type Rgb = readonly [number, number, number];

/** WCAG minimums: 4.5:1 for small text, 3:1 for large text. */
export const MIN_CONTRAST = { small: 4.5, large: 3 } as const;

/** Near-black ink used on light surfaces (the templates' shared dark text colour). */
export const DARK_INK = '#111418';
export const WHITE = '#ffffff';

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance (0 = black, 1 = white) of a #rrggbb colour or an RGB triple (0–255). */
export function relativeLuminance(colour: string | Rgb): number {
  const [r, g, b] = typeof colour === 'string' ? parseHex(colour) : colour;
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1–21), order does not matter. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `from` moved a fraction `t` (0–1) towards `to`, in sRGB (a tint towards white, a shade towards black). */
export function mix(from: string, to: string, t: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as unknown as Rgb);
}

/** What a colour at `alpha` painted over `backdrop` looks like (a scrim over a photo, faded text). */
export function over(colour: string, alpha: number, backdrop: string): string {
  return mix(backdrop, colour, alpha);
}

/** The CSS rgba() of a #rrggbb colour. */
export function rgba(hex: string, alpha: number): string {
  const [r, g, b] = parseHex(hex);
  return `rgba(${r},${g},${b},${alpha})`;
}

/**
 * The shade of `colour` nearest to it that reads on `background` at `min`:1 — the colour itself when it
 * already does, else the smallest tint (towards white, on dark backgrounds) or shade (towards black, on
 * light ones) that does. Contrast grows monotonically along the way, so a binary search finds the
 * smallest step; the end points (white, black) are the most any background allows.
 */
export function textShade(colour: string, background: string, min: number = MIN_CONTRAST.small): string {
  if (contrastRatio(colour, background) >= min) return colour;
  const towards = contrastRatio(WHITE, background) >= contrastRatio('#000000', background) ? WHITE : '#000000';
  if (contrastRatio(towards, background) < min) return towards;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const t = (lo + hi) / 2;
    if (contrastRatio(mix(colour, towards, t), background) >= min) hi = t;
    else lo = t;
  }
  // hi meets the minimum before rounding to 8 bits; step on until the rounded colour does too
  let t = hi;
  while (t < 1 && contrastRatio(mix(colour, towards, t), background) < min) t = Math.min(1, t + 1 / 255);
  return mix(colour, towards, t);
}

/** White or near-black, whichever reads better on `background`. */
export function inkOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(DARK_INK, background) ? WHITE : DARK_INK;
}

/**
 * A brand-colour surface (a card, a sticker, a caption block) and the ink on it. The fill is the brand
 * colour when white or near-black text reaches `min` on it; brands near the middle of the range (where
 * neither reaches 4.5:1) are darkened just enough for white text to.
 */
export function brandSurface(brand: string, min: number = MIN_CONTRAST.small): { fill: string; ink: string } {
  const ink = inkOn(brand);
  if (contrastRatio(ink, brand) >= min) return { fill: brand, ink };
  return { fill: textShade(brand, WHITE, min), ink: WHITE };
}

/**
 * A quieter version of `ink` on `background` (labels, secondary lines): `ink` faded towards the
 * background by up to `fade`, never past the point where it would drop below `min`:1.
 */
export function softInk(ink: string, background: string, fade = 0.25, min: number = MIN_CONTRAST.small): string {
  for (let t = fade; t > 0; t -= 0.01) {
    const soft = mix(ink, background, t);
    if (contrastRatio(soft, background) >= min) return soft;
  }
  return ink;
}

/**
 * The backdrop a scrim guarantees: `scrim` at `alpha` over the worst photo for light text (pure white).
 * Text colours over photos are chosen against this, so any photo behind them only adds contrast.
 */
export function scrimBackdrop(scrim: string, alpha: number): string {
  return over(scrim, alpha, WHITE);
}
