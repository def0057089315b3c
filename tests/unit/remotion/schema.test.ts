import { describe, expect, it } from 'vitest';
import { completeProps, TEMPLATE_IDS, TEMPLATES } from '@/remotion/catalog';
import { videoPropsSchema } from '@/remotion/schema';
import { MEDIA_SOURCE_MESSAGE } from '@/remotion/media-sources';
import { validateVideoProps } from '@/lib/videos/schema';
import { ALLOWED_MEDIA_SOURCES, HOSTILE_MEDIA_SOURCES } from '../../fixtures/hostile-media-sources';
import { maximalListing, minimalListing } from './fixtures';

const withListing = (over: Record<string, unknown>) => ({ ...minimalListing, listing: { ...minimalListing.listing, ...over } });

describe('video props schemas', () => {
  it.each(TEMPLATE_IDS)('%s accepts a listing with one photo, no agent and no price', (template) => {
    expect(TEMPLATES[template].schema.safeParse(minimalListing).success).toBe(true);
    expect(TEMPLATES[template].schema.safeParse({ ...minimalListing, agent: null, listing: { ...minimalListing.listing, price: null } }).success).toBe(true);
  });

  it('accepts 40 photos and refuses 41 or none', () => {
    expect(videoPropsSchema.safeParse(maximalListing).success).toBe(true);
    const extra = { ...maximalListing.scenes[0], id: 'scene-41' };
    expect(videoPropsSchema.safeParse({ ...maximalListing, scenes: [...maximalListing.scenes, extra] }).success).toBe(false);
    expect(videoPropsSchema.safeParse({ ...minimalListing, scenes: [] }).success).toBe(false);
  });

  it('allows half bathrooms but not other fractions', () => {
    expect(videoPropsSchema.safeParse(withListing({ bathrooms: 2.5 })).success).toBe(true);
    expect(videoPropsSchema.safeParse(withListing({ bathrooms: 2.3 })).success).toBe(false);
  });

  it('requires a period on a rent price', () => {
    const rent = withListing({ offer: 'rent', price: { amount: 2000, currency: 'EUR' } });
    expect(videoPropsSchema.safeParse(rent).error?.issues[0].path).toEqual(['listing', 'price', 'period']);
  });

  it('refuses a currency that is not an ISO-4217 code and a brand colour that is not #rrggbb', () => {
    expect(videoPropsSchema.safeParse(withListing({ price: { amount: 1, currency: 'dollars' } })).success).toBe(false);
    expect(videoPropsSchema.safeParse({ ...minimalListing, brandColor: 'blue' }).success).toBe(false);
  });

  it('only allows the product’s frame rates', () => {
    for (const fps of [24, 25, 30, 60]) expect(videoPropsSchema.safeParse({ ...minimalListing, fps }).success).toBe(true);
    expect(videoPropsSchema.safeParse({ ...minimalListing, fps: 50 }).success).toBe(false);
  });

  it('keeps audio volume between 0 and 1', () => {
    const music = { src: '/m.mp3', volume: 1.5 };
    expect(videoPropsSchema.safeParse({ ...minimalListing, music }).success).toBe(false);
  });

  it('keeps template options to their own template', () => {
    expect(TEMPLATES['social-reel'].schema.safeParse({ ...minimalListing, hook: 'Open house' }).success).toBe(true);
    expect(TEMPLATES['social-reel'].schema.safeParse({ ...minimalListing, hook: 'x'.repeat(25) }).success).toBe(false);
    expect(TEMPLATES['classic-tour'].schema.safeParse({ ...minimalListing, theme: 'neon' }).success).toBe(false);
  });
});

describe('props sent to the renderer', () => {
  it.each(TEMPLATE_IDS)('%s: every optional top-level key is explicit so the sample defaults never leak in', (template) => {
    const complete = completeProps(template, minimalListing);
    const shape = Object.keys(TEMPLATES[template].schema.shape);
    for (const key of shape) expect(complete, key).toHaveProperty(key);
    for (const key of shape) expect((complete as Record<string, unknown>)[key], key).not.toBeUndefined();
    expect(complete.agent).toBeNull();
    expect(TEMPLATES[template].schema.safeParse(complete).success).toBe(true);
  });

  it('keeps what the video already says', () => {
    expect(completeProps('classic-tour', maximalListing)).toEqual({
      ...maximalListing,
      captions: { enabled: false },
      unbranded: false,
      theme: 'light',
    });
  });
});

describe('media sources (issue 24: the worker fetches only what it should)', () => {
  const at = (src: string) => ({
    scene: { ...minimalListing, scenes: [{ id: 's1', src }] },
    narrationClip: { ...minimalListing, scenes: [{ id: 's1', src: '/remotion/samples/kitchen.jpg', narration: { src, seconds: 2, text: 'Hi', voiceId: 'v', timing: 'estimated', words: [] } }] },
    agentPhoto: { ...minimalListing, agent: { fullName: 'Ann', photoSrc: src } },
    agentLogo: { ...minimalListing, agent: { fullName: 'Ann', logoSrc: src } },
    music: { ...minimalListing, music: { src, volume: 0.5 } },
    narration: { ...minimalListing, narration: { src, volume: 0.5 } },
  });

  it.each(HOSTILE_MEDIA_SOURCES)('refuses %s in every media field, with a sentence', (src) => {
    for (const [field, props] of Object.entries(at(src))) {
      const parsed = videoPropsSchema.safeParse(props);
      expect(parsed.success, field).toBe(false);
      if (src.trim()) expect(parsed.error?.issues.map((i) => i.message), field).toContain(MEDIA_SOURCE_MESSAGE);
    }
  });

  it.each(ALLOWED_MEDIA_SOURCES)('accepts %s', (src) => {
    for (const [field, props] of Object.entries(at(src))) expect(videoPropsSchema.safeParse(props).success, field).toBe(true);
  });

  it('says which field and why through the app\'s messages', () => {
    const checked = validateVideoProps('classic-tour', 'landscape', at('http://127.0.0.1:3000/internal/secret.jpg').agentPhoto);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.fieldErrors['agent.photoSrc']).toBe(`Agent card photo: ${MEDIA_SOURCE_MESSAGE[0].toLowerCase()}${MEDIA_SOURCE_MESSAGE.slice(1)}`);
  });
});
