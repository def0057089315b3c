import { staticFile } from 'remotion';

/*
 * The music that ships with the product: composed by scripts/music/compose.ts (a synthesiser in the
 * repo), committed as AAC in public/music/ and dedicated to the public domain (CC0 1.0, see
 * public/music/LICENSE). Props store a track as its path, `/music/<id>.m4a`; the compositions play it
 * through staticFile(), so it resolves in the app (Next serves public/), in the worker's bundles and
 * on Lambda (the site is deployed with public/). tests/unit/music/catalogue.test.ts checks every entry
 * against its file and the composer's spec.
 */

export const MUSIC_MOODS = ['calm', 'bright', 'modern', 'warm'] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];

export const MOOD_LABELS: Record<MusicMood, { label: string; hint: string }> = {
  calm: { label: 'Calm and elegant', hint: 'Slow keys and pads, no drums' },
  bright: { label: 'Upbeat and bright', hint: 'Pop groove, light drums' },
  modern: { label: 'Modern electronic', hint: 'Synths, steady beat' },
  warm: { label: 'Warm acoustic', hint: 'Plucked strings, soft percussion' },
};

export type MusicLicence = { id: 'CC0-1.0'; name: string; url: string };

export const CC0: MusicLicence = {
  id: 'CC0-1.0',
  name: 'CC0 1.0 Universal (public domain dedication)',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
};

export type ShippedTrack = {
  id: string;
  title: string;
  mood: MusicMood;
  bpm: number;
  /** length of the loop; the track loops seamlessly under a longer video */
  seconds: number;
  licence: MusicLicence;
  /** what props store (`music.src`) */
  src: string;
};

const track = (id: string, title: string, mood: MusicMood, bpm: number, seconds: number): ShippedTrack => ({
  id,
  title,
  mood,
  bpm,
  seconds,
  licence: CC0,
  src: `/music/${id}.m4a`,
});

export const SHIPPED_TRACKS: readonly ShippedTrack[] = [
  track('morning-light', 'Morning Light', 'calm', 72, 66.67),
  track('quiet-hours', 'Quiet Hours', 'calm', 66, 72.73),
  track('open-house', 'Open House', 'bright', 118, 65.08),
  track('sunny-side', 'Sunny Side', 'bright', 124, 69.68),
  track('skyline', 'Skyline', 'modern', 100, 67.2),
  track('glass-and-steel', 'Glass and Steel', 'modern', 110, 69.82),
  track('front-porch', 'Front Porch', 'warm', 84, 68.57),
  track('hearth', 'Hearth', 'warm', 76, 63.16),
];

/** The shipped track a `music.src` names, if it is one. */
export function shippedTrack(src: string | null | undefined): ShippedTrack | undefined {
  return src ? SHIPPED_TRACKS.find((t) => t.src === src) : undefined;
}

/** Tracks of one mood, in catalogue order. */
export const tracksOfMood = (mood: MusicMood) => SHIPPED_TRACKS.filter((t) => t.mood === mood);

/**
 * The URL to load a `music.src` from: a shipped track through staticFile() (the bundle's public
 * folder when rendering, `/music/…` in the app); anything else (a signed URL) unchanged.
 */
export function musicUrl(src: string): string {
  return shippedTrack(src) ? staticFile(src.slice(1)) : src;
}
