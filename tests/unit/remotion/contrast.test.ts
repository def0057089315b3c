import { describe, expect, it } from 'vitest';
import { brandSurface, contrastRatio, inkOn, MIN_CONTRAST, mix, over, parseHex, relativeLuminance, scrimBackdrop, softInk, textShade, toHex, WHITE } from '@/remotion/scenes/contrast';
import { classicTheme } from '@/remotion/classic-tour/theme';
import { luxuryTheme, PHOTO_SCRIM } from '@/remotion/luxury-estate/theme';
import { reelTheme, REEL_SCRIM } from '@/remotion/social-reel/theme';
import { sampleVideoProps } from '@/remotion/samples';

// Brand colours across the whole range: the light yellow, mid tones near the point where
// neither white nor black reaches 4.5:1, the templates' defaults, and dark ones.
const BRANDS = ['#f5e663', '#ffffff', '#000000', '#ff5a36', '#2f9e8f', '#2b8a3e', '#3a8fd9', '#e0562b', '#7a7a7a', '#c2a36b', '#1f4e79', '#1f3a5f', '#6b21a8', '#00ff00', '#0000ff', '#ff0000', '#888888', '#777777'];

describe('relative luminance and contrast ratio (WCAG 2.x)', () => {
  it('matches the reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    // sRGB channel 128 → 0.2158605
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 6);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is the lightest grey that passes AA (4.54:1)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#1f4e79', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#1f4e79'), 10);
  });

  it('parses, writes and mixes #rrggbb colours', () => {
    expect(parseHex('#1F4e79')).toEqual([31, 78, 121]);
    expect(toHex([31, 78, 121])).toBe('#1f4e79');
    expect(() => parseHex('red')).toThrow();
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(over('#000000', 0.62, WHITE)).toBe('#616161');
  });
});

describe('textShade: the brand colour made to read on a background', () => {
  it('keeps a brand colour that already reads', () => {
    expect(textShade('#c2a36b', '#121315')).toBe('#c2a36b');
    expect(textShade('#1f4e79', '#f8f5f0')).toBe('#1f4e79');
  });

  it('lightens a dark brand on a dark card and darkens a light one on paper, just enough', () => {
    const onDark = textShade('#1f3a5f', '#121315');
    expect(contrastRatio(onDark, '#121315')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#1f3a5f'));
    // the smallest step: one 8-bit step less would fail
    const onLight = textShade('#f5e663', '#f8f5f0');
    expect(contrastRatio(onLight, '#f8f5f0')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onLight, '#f8f5f0')).toBeLessThan(5.2);
    // still the brand's hue: red stays the largest channel of the yellow's shade, blue the smallest
    const [r, g, b] = parseHex(onLight);
    expect(r).toBeGreaterThanOrEqual(g);
    expect(b).toBeLessThan(g);
  });

  it('meets the minimum for every brand colour on every background the templates use', () => {
    const backgrounds = ['#0b0c10', '#121315', '#15191e', '#22242a', '#f8f5f0', '#ffffff', scrimBackdrop('#121315', PHOTO_SCRIM)];
    for (const brand of BRANDS) {
      for (const background of backgrounds) {
        for (const min of [MIN_CONTRAST.small, MIN_CONTRAST.large, 7]) {
          expect(contrastRatio(textShade(brand, background, min), background), `${brand} on ${background}`).toBeGreaterThanOrEqual(min);
        }
      }
    }
  });

  it('returns the best extreme when no shade can reach the minimum', () => {
    // mid grey: white reaches 3.95:1, black 5.32:1; asking for 7:1 gets black
    expect(textShade('#808080', '#808080', 7)).toBe('#000000');
  });
});

describe('brand surfaces and inks', () => {
  it('puts white or near-black on a surface, whichever reads better', () => {
    expect(inkOn('#f5e663')).toBe('#111418');
    expect(inkOn('#1f3a5f')).toBe('#ffffff');
  });

  it('gives every brand colour a fill whose ink reads 4.5:1, darkening only mid tones', () => {
    for (const brand of BRANDS) {
      const { fill, ink } = brandSurface(brand);
      expect(contrastRatio(fill, ink), brand).toBeGreaterThanOrEqual(4.5);
      if (Math.max(contrastRatio(WHITE, brand), contrastRatio('#111418', brand)) >= 4.5) expect(fill).toBe(brand);
    }
    // a green near the crossover (white 4.2:1, near-black 4.3:1) is darkened until white reads 4.5:1
    const crossover = '#2b8a3e';
    expect(Math.max(contrastRatio(WHITE, crossover), contrastRatio('#111418', crossover))).toBeLessThan(4.5);
    expect(brandSurface(crossover).fill).not.toBe(crossover);
  });

  it('softens an ink only as far as it still reads', () => {
    const soft = softInk('#ffffff', '#1f3a5f');
    expect(soft).not.toBe('#ffffff');
    expect(contrastRatio(soft, '#1f3a5f')).toBeGreaterThanOrEqual(4.5);
    // white on a fill that only just reaches 4.5:1 stays white
    const fill = textShade('#2b8a3e', WHITE);
    expect(softInk(WHITE, fill)).toBe(WHITE);
  });

  it('scrims over photos: white text reads 4.5:1 over a white wall at the reel scrim, the luxury one leaves room for a gold shade', () => {
    // at the plate's softened edge 97 % of it remains
    expect(contrastRatio(WHITE, scrimBackdrop('#0b0c10', REEL_SCRIM * 0.97))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(WHITE, scrimBackdrop('#121315', PHOTO_SCRIM))).toBeGreaterThanOrEqual(7);
  });
});

describe('template themes: every brand-colour text meets 4.5:1 on its background', () => {
  it.each(BRANDS)('%s', (brand) => {
    for (const theme of ['light', 'dark'] as const) {
      const classic = classicTheme({ ...sampleVideoProps, brandColor: brand, theme });
      expect(contrastRatio(classic.brandText, classic.paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(classic.onBrand, classic.brandFill)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(classic.onBrandSoft, classic.brandFill)).toBeGreaterThanOrEqual(4.5);
    }
    const lux = luxuryTheme({ ...sampleVideoProps, brandColor: brand });
    expect(contrastRatio(lux.accentText, lux.charcoal)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lux.accentOnPhoto, scrimBackdrop(lux.charcoal, PHOTO_SCRIM))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lux.accentOnDisc, lux.disc)).toBeGreaterThanOrEqual(4.5);
    const reel = reelTheme({ ...sampleVideoProps, brandColor: brand });
    expect(contrastRatio(reel.brandOnNight, reel.night)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(reel.brandOnWhite, reel.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(reel.onBrand, reel.brandFill)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(reel.onBrandSoft, reel.brandFill)).toBeGreaterThanOrEqual(4.5);
  });

  it('the measured failures of issue 25 are fixed (dark brand on the luxury cards, on the reel end card)', () => {
    const lux = luxuryTheme({ ...sampleVideoProps, brandColor: '#1f3a5f' });
    // before: the kicker and "Distinguishing features" were drawn in the brand colour itself
    expect(contrastRatio('#1f3a5f', lux.charcoal)).toBeLessThan(2);
    expect(lux.accentText).not.toBe('#1f3a5f');
    const reel = reelTheme({ ...sampleVideoProps, brandColor: '#1f3a5f' });
    expect(contrastRatio('#1f3a5f', reel.night)).toBeLessThan(2.2);
    expect(contrastRatio(reel.brandOnNight, reel.night)).toBeGreaterThanOrEqual(4.5);
  });
});
