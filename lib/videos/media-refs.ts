import type { VideoProps } from '@/remotion/schema'
import { storagePathOk } from '@/lib/media/signable'

/*
 * Media references in stored video props. Signed URLs expire, so props never hold them: a file in the
 * team's private `media` bucket is stored as `media:<storage path>`; public sources (`/remotion/...`,
 * https URLs) stay as they are. Before props reach a Player, Thumbnail or the renderer they go through
 * `withMediaUrls` with a ref → signed URL map the server made. Client-safe (no server imports).
 *
 * Only the media fields are references: scene photos and their narration clips, the agent's photo and
 * logo, music and narration.
 * A caption that happens to start with "media:" is text. The database checks the same fields
 * (private.video_media_refs_ok in supabase/migrations/20261122002000_videos.sql).
 */

export const MEDIA_REF_PREFIX = 'media:'

/** `media:<path>` for a storage path in the `media` bucket. */
export function mediaRef(path: string): string {
  return `${MEDIA_REF_PREFIX}${path}`
}

/**
 * "media:" followed by anything but a space, as the database reads it (private.media_refs_within): a
 * caption like "media: coverage" is text, while "media:\t…" is a reference (and a bad one), never
 * text the database let through unchecked and a URL parser later read without its tab.
 */
export function isMediaRef(src: unknown): src is string {
  return typeof src === 'string' && src.startsWith(MEDIA_REF_PREFIX) && src.length > MEDIA_REF_PREFIX.length && src[MEDIA_REF_PREFIX.length] !== ' '
}

/** The storage path of a reference; anything else comes back unchanged. */
export function refPath(src: string): string {
  return isMediaRef(src) ? src.slice(MEDIA_REF_PREFIX.length) : src
}

/** The ref for a storage path, or null when there is no path. */
export function refOrNull(path: string | null | undefined): string | null {
  return path ? mediaRef(path) : null
}

type MediaFields = Pick<VideoProps, 'scenes' | 'agent' | 'music' | 'narration'>

/** Every media source field in the props, in order (scenes first), whether or not it is a ref. */
function mediaSources(props: Partial<MediaFields>): string[] {
  const out: string[] = []
  for (const scene of Array.isArray(props.scenes) ? props.scenes : []) if (typeof scene?.src === 'string') out.push(scene.src)
  for (const scene of Array.isArray(props.scenes) ? props.scenes : []) if (typeof scene?.narration?.src === 'string') out.push(scene.narration.src)
  if (typeof props.agent?.photoSrc === 'string') out.push(props.agent.photoSrc)
  if (typeof props.agent?.logoSrc === 'string') out.push(props.agent.logoSrc)
  if (typeof props.music?.src === 'string') out.push(props.music.src)
  if (typeof props.narration?.src === 'string') out.push(props.narration.src)
  return out
}

/** The distinct `media:` refs the props use, in order of first use. */
export function collectMediaRefs(props: unknown): string[] {
  if (!props || typeof props !== 'object') return []
  return [...new Set(mediaSources(props as Partial<MediaFields>).filter(isMediaRef))]
}

/**
 * The props with every known ref swapped for its URL. A ref missing from `urls` (deleted file, no
 * permission) is left as is: the components show a placeholder instead of a broken request.
 */
export function withMediaUrls<P extends VideoProps>(props: P, urls: Record<string, string>): P {
  return mediaUrlSwapper(urls)(props)
}

/**
 * `withMediaUrls` for one set of URLs that hands back the same converted object for the same input
 * object: after an edit only what changed is new (the edited scene, the music that was swapped), so
 * what the Player draws from the rest (cached cards, memoised audio curves) is reused. Props are
 * never changed in place (the editor makes a new object on each edit), which this relies on.
 */
export function mediaUrlSwapper(urls: Record<string, string>): <P extends VideoProps>(props: P) => P {
  const swap = <S extends string | undefined>(src: S): S =>
    (isMediaRef(src) && Object.prototype.hasOwnProperty.call(urls, src) ? urls[src] : src) as S
  const converted = new WeakMap<object, object>()
  const once = <T extends object>(value: T, convert: (value: T) => T): T => {
    const known = converted.get(value) as T | undefined
    if (known) return known
    const fresh = convert(value)
    converted.set(value, fresh)
    return fresh
  }
  type Scene = VideoProps['scenes'][number]
  const sceneWithUrls = (scene: Scene): Scene => ({
    ...scene,
    src: swap(scene.src),
    ...(scene.narration ? { narration: { ...scene.narration, src: swap(scene.narration.src) } } : {}),
  })
  return (props) => {
    const scenes = once(props.scenes, (list) => list.map((scene) => once(scene, sceneWithUrls)))
    return {
      ...props,
      scenes,
      ...(props.agent ? { agent: once(props.agent, (agent) => ({ ...agent, photoSrc: swap(agent.photoSrc), logoSrc: swap(agent.logoSrc) })) } : {}),
      ...(props.music ? { music: once(props.music, (music) => ({ ...music, src: swap(music.src) })) } : {}),
      ...(props.narration ? { narration: once(props.narration, (track) => ({ ...track, src: swap(track.src) })) } : {}),
    }
  }
}

/** A ref's path must sit inside `<teamId>/` by a clean key: no `%`, no `.`/`..` segment (lib/media/signable.ts). */
export function refInsideTeam(ref: string, teamId: string): boolean {
  return storagePathOk(refPath(ref), teamId)
}

/** The refs that point outside the team's folder (empty when all is well). */
export function refsOutsideTeam(props: Partial<MediaFields> | null | undefined, teamId: string): string[] {
  return collectMediaRefs(props).filter((ref) => !refInsideTeam(ref, teamId))
}
