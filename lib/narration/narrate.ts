import { z } from 'zod'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { signedUrls } from '@/lib/media/urls'
import { refPath } from '@/lib/videos/media-refs'
import { VIDEO_NOT_FOUND } from '@/lib/videos/writes'
import type { SceneNarration } from '@/remotion/schema'
import { narrationClip, type NarrationVoice } from './clips'
import { SpeechError } from './provider'
import type { SpokenFormOptions } from './spoken-form'
import { narrateScenesSchema } from './schema'
import type { ProviderSet } from './select'

/*
 * Narrating a video's scenes as the signed-in member: the video must be the team's, the voice active;
 * each script comes from the cache or is spoken now (two at a time: one Flite process per core).
 * Nothing is written to the video here: the editor puts the answers into its document
 * (lib/narration/apply.ts) and its autosave stores them with the version check every edit gets, so a
 * narration never races the person's typing. The answer carries signed URLs so the preview plays at once.
 */

export const VOICE_UNAVAILABLE = 'That voice is no longer offered. Choose another voice for this video.'
const CONCURRENCY = 2

export type NarrateResult = {
  narrations: Record<string, SceneNarration>
  /** media ref → signed URL, for the preview */
  urls: Record<string, string>
  spoken: number
  cached: number
}

export type NarrateDeps = { providers: ProviderSet; beforeSynthesis?: () => Promise<void> }

/** What of a video's stored props says how its scripts are read: the listing's locale and currency. */
const speechProps = z.object({
  locale: z.string().min(2).max(35).optional(),
  listing: z.object({ price: z.object({ currency: z.string().regex(/^[A-Z]{3}$/) }).nullable().optional() }).optional(),
})

/** The spoken-form options of a video's props (unknown shapes read as the defaults: en-US, its dollar). */
export function speechOptionsOf(props: unknown): SpokenFormOptions {
  const parsed = speechProps.safeParse(props)
  if (!parsed.success) return {}
  return { locale: parsed.data.locale, currency: parsed.data.listing?.price?.currency ?? null }
}

const voiceRow = z.object({ id: z.uuid(), name: z.string(), provider: z.string(), provider_voice_id: z.string(), is_active: z.boolean() })

export async function loadActiveVoice(db: Db, voiceId: string): Promise<NarrationVoice & { name: string }> {
  const { data, error } = await db.from('voices').select('id, name, provider, provider_voice_id, is_active').eq('id', voiceId).maybeSingle()
  if (error) refuse(error)
  const voice = data ? voiceRow.parse(data) : null
  if (!voice?.is_active) throw new Refusal(VOICE_UNAVAILABLE, { voiceId: VOICE_UNAVAILABLE })
  return voice
}

/** Runs `work` over `items`, `limit` at a time, answers in order; the first failure stops new work. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  let failed = false
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (!failed && next < items.length) {
        const index = next++
        try {
          out[index] = await work(items[index])
        } catch (error) {
          failed = true
          throw error
        }
      }
    }),
  )
  return out
}

export async function narrateScenes(db: Db, teamId: unknown, videoId: unknown, input: unknown, deps: NarrateDeps): Promise<NarrateResult> {
  const team = parseOrRefuse(idSchema, teamId)
  const video = parseOrRefuse(idSchema, videoId)
  const values = parseOrRefuse(narrateScenesSchema, input)
  const found = await db.from('videos').select('id, props').eq('id', video).eq('team_id', team).maybeSingle()
  if (found.error) refuse(found.error)
  if (!found.data) throw new Refusal(VIDEO_NOT_FOUND)
  const voice = await loadActiveVoice(db, values.voiceId)
  const speech = speechOptionsOf(found.data.props)

  let spoken = 0
  const results = await pool(values.scenes, CONCURRENCY, async (scene) => {
    try {
      const clip = await narrationClip(db, { teamId: team, voice, script: scene.script, speech, providers: deps.providers, beforeSynthesis: deps.beforeSynthesis })
      if (!clip.cached) spoken++
      return [scene.id, clip.narration] as const
    } catch (error) {
      if (error instanceof SpeechError) throw new Refusal(error.message)
      throw error
    }
  })
  const narrations = Object.fromEntries(results)
  const refs = [...new Set(results.map(([, n]) => n.src))]
  const signed = await signedUrls(db, refs.map(refPath))
  const urls = Object.fromEntries(refs.flatMap((ref) => (signed.get(refPath(ref)) ? [[ref, signed.get(refPath(ref))!]] : [])))
  return { narrations, urls, spoken, cached: results.length - spoken }
}
