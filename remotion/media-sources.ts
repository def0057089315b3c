// Where a video's pictures and tracks may come from (issue 24): a `media:` reference to the team's
// (or the trial's) own file in the private `media` bucket, which the server turns into a signed URL
// of the configured Supabase project, or one of the app's own bundled files (the sample pictures in
// public/remotion/samples, the shipped music in public/music), which are same-origin paths. Nothing
// else: no http(s) URL, no protocol-relative `//host`, no `file:`, `data:`, `blob:` or `javascript:`,
// so nothing stored in props can make the render worker (or a visitor's browser) fetch an address
// someone chose. The database holds the same rule (private.video_media_sources_ok in
// supabase/migrations/20261126000200_media_sources.sql); keep the two patterns identical.

/** A storage reference: `media:` then a path that starts with something other than a space. */
export const MEDIA_REF_SOURCE = /^media:\S/;

/**
 * A bundled file: `/remotion/samples/<name>` or `/music/<name>`, one plain file name that starts
 * with a letter or digit (then letters, digits, `.`, `-`, `_`: no slash, backslash, `%`, `:`, query
 * or fragment, so it stays a file of the app's own public folder).
 */
export const BUNDLED_SOURCE = /^\/(remotion\/samples|music)\/[A-Za-z0-9][A-Za-z0-9_.-]{0,120}$/;

export const MEDIA_SOURCE_MESSAGE =
  'Use a photo or track from your library. Links to other sites or addresses cannot be used.';

/** Whether a stored media source is one the product may load. */
export function isAllowedMediaSource(src: unknown): src is string {
  return typeof src === 'string' && src.length <= 2048 && (MEDIA_REF_SOURCE.test(src) || BUNDLED_SOURCE.test(src));
}
