import { z } from 'zod';
import { VIDEO_FORMATS, type VideoFormat } from './constants';

// The seed's section 5 rules for a composition render, checked before any run is queued.

export const CODECS = ['h264', 'h265', 'vp8', 'vp9', 'mp3', 'aac', 'wav', 'prores', 'h264-mkv', 'h264-ts', 'gif'] as const;
export type RenderCodec = (typeof CODECS)[number];
export const DEFAULT_CODEC: RenderCodec = 'h264';
export const GIF_MAX_FPS = 50;

export const renderSettingsSchema = z
  .object({
    width: z.number('width must be a number').int('width must be a positive integer').positive('width must be a positive integer'),
    height: z.number('height must be a number').int('height must be a positive integer').positive('height must be a positive integer'),
    fps: z.number('fps must be a number').positive('fps must be a positive finite number'),
    durationInFrames: z
      .number('durationInFrames must be a number')
      .int('durationInFrames must be a positive finite integer')
      .positive('durationInFrames must be a positive finite integer'),
    codec: z.enum(CODECS, { message: `codec must be one of ${CODECS.join(', ')}` }),
  })
  .refine((s) => s.codec !== 'gif' || s.fps <= GIF_MAX_FPS, {
    message: `GIF output may not exceed ${GIF_MAX_FPS} fps`,
    path: ['fps'],
  });

export type RenderSettings = z.infer<typeof renderSettingsSchema>;

export type RenderSettingsResult = { ok: true; settings: RenderSettings } | { ok: false; errors: string[] };

export function validateRenderSettings(input: unknown): RenderSettingsResult {
  const parsed = renderSettingsSchema.safeParse(input);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return { ok: false, errors: parsed.error.issues.map((issue) => issue.message) };
}

/** The settings a video of this format and timeline renders with. */
export function renderSettingsFor(
  format: VideoFormat,
  timeline: { fps: number; durationInFrames: number },
  codec: RenderCodec = DEFAULT_CODEC,
): RenderSettingsResult {
  const { width, height } = VIDEO_FORMATS[format];
  return validateRenderSettings({ width, height, fps: timeline.fps, durationInFrames: timeline.durationInFrames, codec });
}
