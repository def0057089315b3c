import { describe, expect, it } from 'vitest';
import { CODECS, renderSettingsFor, validateRenderSettings } from '@/remotion/render-settings';

const valid = { width: 1920, height: 1080, fps: 30, durationInFrames: 900, codec: 'h264' };
const errorsOf = (overrides: Record<string, unknown>) => {
  const result = validateRenderSettings({ ...valid, ...overrides });
  return result.ok ? [] : result.errors;
};

describe('render settings (the seed’s section 5 rules)', () => {
  it('accepts the settings of a normal landscape render', () => {
    expect(validateRenderSettings(valid)).toEqual({ ok: true, settings: valid });
  });

  it.each([0, -1080, 1080.5, Number.NaN, Number.POSITIVE_INFINITY, '1080'])('refuses width %s: it must be a positive integer', (width) => {
    expect(errorsOf({ width }).join()).toMatch(/width must be/);
  });

  it.each([0, -1, 720.25, Number.NaN, '720'])('refuses height %s: it must be a positive integer', (height) => {
    expect(errorsOf({ height }).join()).toMatch(/height must be/);
  });

  it.each([0, -30, Number.NaN, Number.POSITIVE_INFINITY, '30'])('refuses fps %s: it must be positive and finite', (fps) => {
    expect(errorsOf({ fps }).join()).toMatch(/fps must be/);
  });

  it('accepts a fractional fps such as 29.97 (positive and finite is the rule)', () => {
    expect(errorsOf({ fps: 29.97 })).toEqual([]);
  });

  it.each([0, -5, 12.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses durationInFrames %s: it must be a positive finite integer', (durationInFrames) => {
    expect(errorsOf({ durationInFrames }).join()).toMatch(/durationInFrames must be/);
  });

  it.each(CODECS)('accepts the codec %s', (codec) => {
    expect(errorsOf({ codec, fps: 30 })).toEqual([]);
  });

  it.each(['h266', 'av1', 'mp4', 'H264', ''])('refuses the codec %j', (codec) => {
    expect(errorsOf({ codec }).join()).toMatch(/codec must be one of h264, h265, vp8, vp9, mp3, aac, wav, prores, h264-mkv, h264-ts, gif/);
  });

  it('allows a GIF at exactly 50 fps and refuses one at 50.01 or 60', () => {
    expect(errorsOf({ codec: 'gif', fps: 50 })).toEqual([]);
    expect(errorsOf({ codec: 'gif', fps: 50.01 })).toEqual(['GIF output may not exceed 50 fps']);
    expect(errorsOf({ codec: 'gif', fps: 60 })).toEqual(['GIF output may not exceed 50 fps']);
  });

  it('allows 60 fps for video codecs', () => {
    expect(errorsOf({ codec: 'h264', fps: 60 })).toEqual([]);
  });

  it('builds valid settings from a format and a timeline', () => {
    expect(renderSettingsFor('portrait', { fps: 25, durationInFrames: 500 })).toEqual({
      ok: true,
      settings: { width: 1080, height: 1920, fps: 25, durationInFrames: 500, codec: 'h264' },
    });
    expect(renderSettingsFor('square', { fps: 60, durationInFrames: 500 }, 'gif').ok).toBe(false);
  });
});
