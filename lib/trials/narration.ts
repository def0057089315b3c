import { MEDIA } from '@/lib/constants'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { scenesToNarrate, applyNarrations } from '@/lib/narration/apply'
import { clipHash } from '@/lib/narration/clips'
import { loadActiveVoice, pool, speechOptionsOf, type NarrateDeps } from '@/lib/narration/narrate'
import { MIME_EXTENSION, SpeechError } from '@/lib/narration/provider'
import { providerFor } from '@/lib/narration/select'
import { synthesize } from '@/lib/narration/speak'
import { mediaRef } from '@/lib/videos/media-refs'
import { sceneNarrationSchema, type SceneNarration, type VideoProps } from '@/remotion/schema'
import { trialFolder } from './paths'

/*
 * The trial is narrated (issue 25): before the trial render, each scene with a script and no current
 * narration is spoken with the visitor's chosen voice and stored in the visitor's own folder,
 * `trials/{user}/narration/{hash}.wav` (the trials storage policies: the owner adds and reads there;
 * the props' references must stay inside that folder). There is no clip table for visitors (its rows
 * belong to a team), so a trial scene is spoken each time its script or voice changes; the file name
 * is the same (voice, text, spoken form) hash the team cache uses, so an unchanged scene keeps its clip.
 */

/** The props with every scripted scene narrated by the voice (unchanged without a voice). */
export async function narrateTrialProps(db: Db, ownerId: string, props: VideoProps, voiceId: string | null, deps: NarrateDeps): Promise<VideoProps> {
  if (!voiceId) return props
  const pending = scenesToNarrate(props.scenes, voiceId)
  if (!pending.length) return props
  const voice = await loadActiveVoice(db, voiceId)
  const speech = speechOptionsOf(props)
  const storage = db.storage.from(MEDIA.bucket)
  const spoken = await pool(pending, 2, async (scene): Promise<readonly [string, SceneNarration]> => {
    try {
      const provider = providerFor(voice.provider, deps.providers)
      await deps.beforeSynthesis?.()
      const said = await synthesize(provider, scene.script, voice.provider_voice_id, speech)
      const path = `${trialFolder(ownerId)}/narration/${clipHash(voice, scene.script, speech)}.${MIME_EXTENSION[said.mime]}`
      const { error } = await storage.upload(path, said.audio, { contentType: said.mime, upsert: false })
      // the same scene spoken before (same voice, text and reading): the stored file is this audio
      if (error && !/exists|duplicate/i.test(error.message)) throw new Error(`could not store the trial narration: ${error.message}`)
      return [scene.id, sceneNarrationSchema.parse({ src: mediaRef(path), seconds: said.seconds, text: scene.script, voiceId, timing: said.timing, words: said.words })]
    } catch (error) {
      if (error instanceof SpeechError) throw new Refusal(error.message)
      throw error
    }
  })
  return { ...props, scenes: applyNarrations(props.scenes, Object.fromEntries(spoken)) }
}

/** The props without any narration (what a team import starts from: the team speaks its own clips). */
export function withoutNarration(props: VideoProps): VideoProps {
  return {
    ...props,
    scenes: props.scenes.map((scene) => {
      if (!scene.narration) return scene
      const { narration: _n, ...rest } = scene
      return rest as typeof scene
    }),
  }
}
