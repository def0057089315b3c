import { MEDIA } from '@/lib/constants'
import type { Json } from '@/lib/database.types'
import type { Db } from '@/lib/listings/refusal'
import { narrationState, spokenScript } from '@/lib/narration/apply'
import { clipHash, spokenText } from '@/lib/narration/clips'
import { measureAudio } from '@/lib/narration/measure'
import { loadActiveVoice, speechOptionsOf } from '@/lib/narration/narrate'
import type { AudioMime } from '@/lib/narration/provider'
import type { VideoProps } from '@/remotion/schema'
import { trialClipSource } from './paths'

/*
 * Keeping a narrated trial without speaking it again. The trial's clips live in the visitor's folder,
 * where a team's video may not point; the import used to speak every scene again into the team's
 * clips (seconds of Flite per scene, or a paid provider's characters, inside the "keep" click). Now
 * each current clip is copied into the team's folder under the key the team's clip cache uses
 * (lib/narration/clips.ts: voice, spoken text, reading, loudness version) and recorded in
 * narration_clips, so the narration that follows finds every scene in the cache and speaks nothing.
 * Runs as the (now permanent) user: storage lets them read their trials folder and write the team's,
 * and narration_clips takes a member's rows for their own team, as when they speak a scene.
 * The trial's props are the visitor's to write, so nothing in them is taken on trust: the file must be
 * in their own trials folder, and its length is measured from its bytes (as every clip's is) and must
 * agree with what the props say, or the scene is spoken again.
 * Best effort: a clip that cannot be copied is left out, and that scene is spoken as before.
 */

/** How far a clip's stated length may be from its measured one (rounding in the props). */
const LENGTH_TOLERANCE_SECONDS = 0.05

/** Copies the trial's current clips into the team's clip cache; answers the files it made. */
export async function seedTeamClips(db: Db, userId: string, teamId: string, props: VideoProps, voiceId: string | null): Promise<string[]> {
  if (!voiceId) return []
  const scenes = props.scenes.filter((scene) => scene.narration && spokenScript(scene.script) && narrationState(scene, voiceId) === 'current')
  if (!scenes.length) return []
  const voice = await loadActiveVoice(db, voiceId)
  const speech = speechOptionsOf(props)
  const storage = db.storage.from(MEDIA.bucket)
  const made: string[] = []
  for (const scene of scenes) {
    const narration = scene.narration!
    const source = trialClipSource(narration.src, userId)
    if (!source) continue
    const { path: from, extension, mime } = source
    const hash = clipHash(voice, spokenText(scene.script ?? ''), speech)
    const to = `${teamId}/narration/${hash}.${extension}`
    const { data: cached, error: readError } = await db
      .from('narration_clips')
      .select('text_hash')
      .eq('team_id', teamId)
      .eq('voice_id', voice.id)
      .eq('text_hash', hash)
      .maybeSingle()
    if (readError) throw new Error(`could not read narration clips: ${readError.message}`)
    if (cached) continue
    const seconds = await measuredSeconds(db, from, mime)
    if (seconds === null || Math.abs(seconds - narration.seconds) > LENGTH_TOLERANCE_SECONDS) {
      console.warn('[trials] a trial clip is not what its scene says; that scene will be spoken again', from)
      continue
    }
    const { error: copyError } = await storage.copy(from, to)
    // a file already there under this key is this audio (same voice, text, reading and loudness)
    if (copyError && !/exists|duplicate/i.test(copyError.message)) {
      console.warn('[trials] a trial clip could not be copied; that scene will be spoken again', from, copyError.message)
      continue
    }
    if (!copyError) made.push(to)
    const { error } = await db.from('narration_clips').insert({
      team_id: teamId,
      voice_id: voice.id,
      text_hash: hash,
      path: to,
      mime,
      seconds,
      timing: narration.timing,
      words: narration.words as unknown as Json,
    })
    // 23505: the team spoke the same text meanwhile; theirs stands
    if (error && error.code !== '23505') console.warn('[trials] a trial clip could not be recorded; that scene will be spoken again', error.message)
  }
  return made
}

/** The clip's length from its bytes, or null when it cannot be read or measured. */
async function measuredSeconds(db: Db, path: string, mime: AudioMime): Promise<number | null> {
  const { data, error } = await db.storage.from(MEDIA.bucket).download(path)
  if (error || !data) return null
  try {
    return await measureAudio(Buffer.from(await data.arrayBuffer()), mime)
  } catch {
    return null
  }
}
