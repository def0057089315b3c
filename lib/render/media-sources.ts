import { signablePath } from '@/lib/media/signable'
import type { SupabaseClient } from '@supabase/supabase-js'
import { MEDIA } from '@/lib/constants'
import type { Database } from '@/lib/database.types'
import { collectMediaRefs, refPath, withMediaUrls } from '@/lib/videos/media-refs'
import { isAllowedMediaSource } from '@/remotion/media-sources'
import type { VideoProps } from '@/remotion/schema'

/*
 * The render worker's media step (issue 24), run before anything renders: every picture and track
 * of the run's props must be a `media:` reference or one of the app's bundled files
 * (remotion/media-sources.ts); anything else stops the run here, before a single byte is fetched,
 * even if it slipped past the schema and the database (a run queued before the check existed, a row
 * written by hand). References become signed URLs of the configured Supabase project, and that
 * project's origin is the only one the renderer may fetch media from (`origins`, which the
 * in-browser path's server enforces with safeFetch at every redirect).
 */

type Db = SupabaseClient<Database>

export class MediaSourceRefused extends Error {
  constructor(readonly field: string) {
    super(`${field} is not a library file or a bundled file: the props need repair`)
    this.name = 'MediaSourceRefused'
  }
}

/** Every media field of raw props with its value, whatever its type (scenes first, as media-refs orders them). */
export function mediaFields(props: unknown): [field: string, value: unknown][] {
  const p = (props && typeof props === 'object' ? props : {}) as Record<string, unknown>
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)
  const out: [string, unknown][] = []
  const scenes = Array.isArray(p.scenes) ? p.scenes : []
  scenes.forEach((scene, i) => {
    const s = obj(scene)
    if (s && s.src !== undefined) out.push([`scenes.${i}.src`, s.src])
    const narration = obj(s?.narration)
    if (narration && narration.src !== undefined) out.push([`scenes.${i}.narration.src`, narration.src])
  })
  for (const [group, key] of [['agent', 'photoSrc'], ['agent', 'logoSrc'], ['music', 'src'], ['narration', 'src']] as const) {
    const holder = obj(p[group])
    if (holder && holder[key] !== undefined && holder[key] !== null) out.push([`${group}.${key}`, holder[key]])
  }
  return out
}

/** Throws MediaSourceRefused for the first media field that is not a reference or a bundled file. */
export function assertMediaSources(props: unknown): void {
  for (const [field, value] of mediaFields(props)) if (!isAllowedMediaSource(value)) throw new MediaSourceRefused(field)
}

/** The origin of the Supabase project the service client talks to (the one signed URLs point at). */
export function storageOrigin(db: Db): string {
  return new URL(db.storage.from(MEDIA.bucket).getPublicUrl('origin').data.publicUrl).origin
}

/**
 * The props as the renderer gets them: sources checked, references swapped for signed URLs (an hour),
 * and the only origin those may be fetched from.
 */
export async function resolveRunMedia<P extends VideoProps>(db: Db, props: P, owner: string | null): Promise<{ props: P; origins: string[] }> {
  assertMediaSources(props)
  const origin = storageOrigin(db)
  const refs = collectMediaRefs(props)
  // the service key signs only files of the run's owner: the team's folder, or the visitor's trials/{id}
  const outside = refs.find((ref) => !signablePath(refPath(ref), owner))
  if (outside) throw new Error(`${outside} lies outside the video's own folder; it is not signed`)
  const signed = refs.length ? await db.storage.from(MEDIA.bucket).createSignedUrls(refs.map(refPath), 3600) : { data: [], error: null }
  if (signed.error) throw new Error(`signing the media failed: ${signed.error.message}`)
  const urls: Record<string, string> = {}
  for (const [i, ref] of refs.entries()) {
    const url = signed.data?.[i]?.signedUrl
    if (!url) throw new Error(`${ref} could not be loaded (404)`)
    if (new URL(url).origin !== origin) throw new Error(`${ref} was signed outside ${origin}`)
    urls[ref] = url
  }
  return { props: withMediaUrls(props, urls), origins: [origin] }
}
