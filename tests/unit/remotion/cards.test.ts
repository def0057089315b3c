import { describe, expect, it } from 'vitest';
import { cardPlan, fitFacts, fitList, MAX_UPSCALE, photoFit } from '@/remotion/scenes/cards';
import { listFacts } from '@/remotion/scenes/facts';
import { buildTimeline } from '@/remotion/duration';
import { luxuryEstatePacing } from '@/remotion/luxury-estate/theme';
import { reelFactWords } from '@/remotion/social-reel/Cards';
import { sampleListing } from '@/remotion/sample-listing';
import type { VideoProps } from '@/remotion/schema';

const FOURTEEN = Array.from({ length: 14 }, (_, i) => `Feature ${i + 1}`);
const props = (listing: Partial<VideoProps['listing']>, show?: VideoProps['show']): VideoProps => ({
  listing: { ...sampleListing, ...listing },
  scenes: [{ id: 's1', src: '/remotion/samples/kitchen.jpg' }],
  show,
});

describe('card overflow says how many are left', () => {
  it('shows 6 of 14 as five and "+9 more"', () => {
    expect(fitList(FOURTEEN, 6)).toEqual({ shown: FOURTEEN.slice(0, 5), more: 9, moreLabel: '+9 more' });
  });
  it('shows everything that fits, with no "more" row', () => {
    expect(fitList(FOURTEEN.slice(0, 6), 6)).toEqual({ shown: FOURTEEN.slice(0, 6), more: 0, moreLabel: null });
  });
  it('drops the property type before other facts (the title says it)', () => {
    const facts = listFacts({ ...sampleListing, yearBuilt: 2019 });
    expect(facts.map((f) => f.key)).toEqual(['bedrooms', 'bathrooms', 'area', 'type', 'year']);
    expect(fitFacts(facts, 4).map((f) => f.key)).toEqual(['bedrooms', 'bathrooms', 'area', 'year']);
    expect(fitFacts(facts, 5).map((f) => f.key)).toEqual(['bedrooms', 'bathrooms', 'area', 'type', 'year']);
  });
});

describe('sparse listings fold into fuller cards', () => {
  it('one feature joins the facts card, and the video has no features card', () => {
    const p = props({ features: ['Balcony'] });
    expect(cardPlan(p)).toMatchObject({ foldedFeatures: ['Balcony'], features: [], sparseFeatures: false });
    expect(buildTimeline(p, luxuryEstatePacing).segments.map((s) => s.kind)).toEqual(['title', 'photo', 'facts', 'end']);
  });
  it('three features get their own card', () => {
    const p = props({ features: ['Balcony', 'Garden', 'Garage'] });
    expect(cardPlan(p)).toMatchObject({ foldedFeatures: [], features: ['Balcony', 'Garden', 'Garage'] });
    expect(buildTimeline(p, luxuryEstatePacing).segments.map((s) => s.kind)).toEqual(['title', 'photo', 'facts', 'features', 'end']);
  });
  it('with no facts card, one or two features keep a card drawn large', () => {
    const p = props({ features: ['Balcony'] }, { facts: false });
    expect(cardPlan(p)).toMatchObject({ facts: [], features: ['Balcony'], sparseFeatures: true });
    expect(buildTimeline(p, luxuryEstatePacing).segments.map((s) => s.kind)).toEqual(['title', 'photo', 'features', 'end']);
  });
  it('hidden features are not folded in', () => {
    expect(cardPlan(props({ features: ['Balcony'] }, { features: false })).foldedFeatures).toEqual([]);
  });
});

describe('the reel facts read as a person writes them', () => {
  const words = (listing: Partial<VideoProps['listing']>) => {
    const l = { ...sampleListing, ...listing };
    return listFacts(l).map((f) => reelFactWords(f, l.area?.unit));
  };
  it('no "House type", "Built 2019" first, m² kept lower case, one bed singular', () => {
    const all = words({ bedrooms: 1, area: { value: 120, unit: 'sqm' }, yearBuilt: 2019 });
    expect(all.map((w) => (w.unit ? (w.unitFirst ? `${w.unit} ${w.value}` : `${w.value} ${w.unit}`) : w.value))).toEqual(['1 Bed', '3.5 Baths', '120 m²', 'House', 'Built 2019']);
    expect(all.find((w) => w.unit === 'm²')?.keepCase).toBe(true);
  });
});

describe('photos are never upscaled past their sharpness', () => {
  const photo = { width: 1600, height: 1067 };
  it('a 1600×1067 photo in 9:16 is drawn over a blurred fill at no more than 1.25×', () => {
    const fit = photoFit(photo, { width: 1080, height: 1920 }, 0.16);
    expect(fit.mode).toBe('contain');
    expect(fit.peakUpscale).toBeLessThanOrEqual(MAX_UPSCALE);
    // drawn size × the full zoom stays at the limit: (1920/1067) · scale · 1.16 = 1.25
    expect((1920 / 1067) * fit.scale * (1 + fit.strength)).toBeCloseTo(MAX_UPSCALE, 6);
  });
  it('the same photo in 16:9 keeps covering with a gentler move', () => {
    const fit = photoFit(photo, { width: 1920, height: 1080 }, 0.09);
    expect(fit).toMatchObject({ mode: 'cover', scale: 1 });
    expect(fit.strength).toBeLessThan(0.09);
    expect(fit.peakUpscale).toBeCloseTo(MAX_UPSCALE, 6);
  });
  it('a large photo covers with the full move', () => {
    expect(photoFit({ width: 4000, height: 3000 }, { width: 1080, height: 1920 }, 0.16)).toMatchObject({ mode: 'cover', strength: 0.16 });
  });
  it('an unknown size covers (the picture is still loading)', () => {
    expect(photoFit(null, { width: 1080, height: 1920 }, 0.16)).toMatchObject({ mode: 'cover', strength: 0.16 });
  });
});
