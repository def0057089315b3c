/*
 * The ids of the tracks that ship with the product (remotion/music.ts SHIPPED_TRACKS, which imports
 * `remotion` and so cannot load in a route handler or a server module outside React): the create
 * form's choice is checked against these on the server. tests/unit/videos/defaults.test.ts keeps the
 * two lists equal.
 */
export const SHIPPED_TRACK_IDS = [
  'morning-light', 'quiet-hours', 'open-house', 'sunny-side', 'skyline', 'glass-and-steel', 'front-porch', 'hearth',
] as const
export type ShippedTrackId = (typeof SHIPPED_TRACK_IDS)[number]

/** What props store for a shipped track (remotion/music.ts `src`). */
export const shippedTrackSrc = (id: ShippedTrackId) => `/music/${id}.m4a`
