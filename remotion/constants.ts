// Video constants from PRODUCT.md, kept here because nothing in remotion/ may import the app.
// lib/ can re-export these; remotion/ stays self-contained for the bundler and the Player.

export const VIDEO_FORMATS = {
  landscape: { width: 1920, height: 1080, label: 'Landscape 16:9' },
  portrait: { width: 1080, height: 1920, label: 'Portrait 9:16' },
  square: { width: 1080, height: 1080, label: 'Square 1:1' },
} as const;
export type VideoFormat = keyof typeof VIDEO_FORMATS;
export const VIDEO_FORMAT_IDS = Object.keys(VIDEO_FORMATS) as VideoFormat[];

export const FPS_OPTIONS = [24, 25, 30, 60] as const;
export type VideoFps = (typeof FPS_OPTIONS)[number];
export const DEFAULT_FPS: VideoFps = 30;

/** Whole-video length the product allows, in seconds. */
export const VIDEO_SECONDS = { min: 5, max: 120 } as const;

/** Photos per listing (and so photo scenes per video). */
export const MAX_PHOTOS = 40;

/** Seconds one photo scene may be set to in the editor. */
export const SCENE_SECONDS = { min: 1, max: 12 } as const;

export const PROPERTY_TYPES = ['house', 'apartment', 'townhouse', 'land', 'commercial', 'other'] as const;
export const OFFERS = ['sale', 'rent'] as const;
export const RENT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const AREA_UNITS = ['sqm', 'sqft'] as const;
