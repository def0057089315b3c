import { z } from 'zod'
import type { Json } from '@/lib/database.types'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { validateVideoProps } from '@/lib/videos/schema'
import { VIDEO_NOT_FOUND } from '@/lib/videos/writes'
import type { PhotoScene, VideoProps } from '@/remotion/schema'
import { applyNarrations, narrationState, scenesToNarrate, spokenScript } from './apply'
import { narrationClip } from './clips'
import { loadActiveVoice, pool, speechOptionsOf, type NarrateDeps } from './narrate'
import { SpeechError } from './provider'

/*
 * Narrating a stored video on the server (issue 25, "narrated by default"): the scenes whose narration
 * is missing or stale (script or voice changed) are spoken with the video's voice and written into
 * the video's props, conditional on the version read (a concurrent save is never overwritten: the
 * props are read again and the clips, now cached, applied again). Used when a video is created (the
 * create page asks for a few scenes at a time and shows the progress) and before every render
 * (lib/render/queue.ts), so a video with a voice never renders silent scenes. Runs as the signed-in
 * member (RLS: the team's video, clips and media folder).
 */

export const narrateVideoSchema = z.object({
  /** speak at most this many scenes now (the create page's progress steps); all when absent */
  max: z.number().int().min(1).max(40).optional(),
})
export type NarrateVideoInput = z.input<typeof narrateVideoSchema>

export type VideoNarrationResult = {
  /** scenes spoken (or taken from the cache) by this call */
  narrated: number
  /** scenes still missing or stale after this call */
  remaining: number
  /** scenes with a script (what a narrated video speaks) */
  scripted: number
  /** the video's version after the write (unchanged when nothing was written) */
  version: number
}

type StoredVideo = { props: VideoProps; voiceId: string | null; version: number }

const videoRow = z.object({
  template: z.string(),
  format: z.string(),
  props: z.unknown(),
  voice_id: z.uuid().nullable(),
  version: z.number().int(),
})

async function loadVideo(db: Db, teamId: string, videoId: string): Promise<StoredVideo> {
  const { data, error } = await db.from('videos').select('template, format, props, voice_id, version').eq('id', videoId).eq('team_id', teamId).maybeSingle()
  if (error) refuse(error)
  if (!data) throw new Refusal(VIDEO_NOT_FOUND)
  const row = videoRow.parse(data)
  const checked = validateVideoProps(row.template as never, row.format as never, row.props, teamId)
  if (!checked.ok) throw new Refusal(`This video needs repair before it can be narrated: ${checked.error}`)
  return { props: checked.props, voiceId: row.voice_id, version: row.version }
}

/** Scenes that hold a narration but no script any more (it would speak words the script no longer has). */
function withoutOrphanedNarration(scenes: PhotoScene[]): PhotoScene[] {
  return scenes.map((scene) => {
    if (!scene.narration || spokenScript(scene.script)) return scene
    const { narration: _gone, ...rest } = scene
    return rest as PhotoScene
  })
}

/** What a render of this video would lack: the scenes (1-based) with a script whose narration is missing or stale. */
export function missingNarration(props: Pick<VideoProps, 'scenes'>, voiceId: string | null): { missing: number[]; stale: number[] } {
  const missing: number[] = []
  const stale: number[] = []
  if (!voiceId) return { missing, stale }
  props.scenes.forEach((scene, i) => {
    if (!spokenScript(scene.script)) return
    const state = narrationState(scene, voiceId)
    if (state === 'none') missing.push(i + 1)
    else if (state === 'stale') stale.push(i + 1)
  })
  return { missing, stale }
}

const list = (n: number[]) => (n.length === 1 ? `Scene ${n[0]}` : `Scenes ${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`)

/** "Scenes 2 and 4 have no narration yet; scene 5's narration is out of date." — or null when nothing is missing. */
export function missingNarrationMessage(found: { missing: number[]; stale: number[] }): string | null {
  const parts: string[] = []
  if (found.missing.length) parts.push(`${list(found.missing)} ${found.missing.length === 1 ? 'has' : 'have'} no narration yet`)
  if (found.stale.length) parts.push(`${list(found.stale)}${found.stale.length === 1 ? '’s narration is' : ' have narration that is'} out of date`)
  return parts.length ? `${parts.join('; ')}.` : null
}

const ATTEMPTS = 3

/**
 * Speaks the video's missing or stale scenes (up to `max`) with its voice and stores them. A video
 * without a voice is left alone ("No narration" is a choice). Refuses when the voice is no longer
 * offered or the provider cannot speak, in words the render card shows.
 */
export async function narrateStoredVideo(db: Db, teamId: unknown, videoId: unknown, input: unknown, deps: NarrateDeps): Promise<VideoNarrationResult> {
  const team = parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const { max } = parseOrRefuse(narrateVideoSchema, input ?? {})
  let narrated = 0
  for (let attempt = 0; ; attempt++) {
    const video = await loadVideo(db, team, id)
    const scripted = video.props.scenes.filter((s) => spokenScript(s.script)).length
    if (!video.voiceId) return { narrated: 0, remaining: 0, scripted, version: video.version }
    const pending = scenesToNarrate(video.props.scenes, video.voiceId)
    const orphans = video.props.scenes.some((s) => s.narration && !spokenScript(s.script))
    if (!pending.length && !orphans) return { narrated, remaining: 0, scripted, version: video.version }

    const take = max ? pending.slice(0, max) : pending
    let narrations = {}
    if (take.length) {
      const voice = await loadActiveVoice(db, video.voiceId)
      const speech = speechOptionsOf(video.props)
      const spoken = await pool(take, 2, async (scene) => {
        try {
          const clip = await narrationClip(db, { teamId: team, voice, script: scene.script, speech, providers: deps.providers, beforeSynthesis: deps.beforeSynthesis })
          return [scene.id, clip.narration] as const
        } catch (error) {
          if (error instanceof SpeechError) throw new Refusal(error.message)
          throw error
        }
      })
      narrations = Object.fromEntries(spoken)
    }
    const scenes = withoutOrphanedNarration(applyNarrations(video.props.scenes, narrations))
    const { data, error } = await db
      .from('videos')
      .update({ props: { ...video.props, scenes } as unknown as Json })
      .eq('id', id)
      .eq('team_id', team)
      .eq('version', video.version)
      .select('version')
    if (error) refuse(error)
    if (data.length) {
      narrated = take.length
      return { narrated, remaining: pending.length - take.length, scripted, version: data[0].version }
    }
    // someone saved meanwhile: read their version and apply the (now cached) clips to it
    if (attempt + 1 >= ATTEMPTS) throw new Refusal('This video is being edited right now. Try again in a moment.')
  }
}
