import { createHash } from 'node:crypto'
import { z } from 'zod'
import { MEDIA } from '@/lib/constants'
import type { Json } from '@/lib/database.types'
import type { Db } from '@/lib/listings/refusal'
import { mediaRef } from '@/lib/videos/media-refs'
import { captionWordSchema, sceneNarrationSchema, type SceneNarration } from '@/remotion/schema'
import { MIME_EXTENSION } from './provider'
import { providerFor, type ProviderSet } from './select'
import { synthesize } from './speak'
import { LOUDNESS_VERSION } from '@/lib/audio/targets'
import { SPOKEN_FORM_VERSION, spokenForm, type SpokenFormOptions } from './spoken-form'

/*
 * The cache by (voice, text). A clip is the audio of one text in one voice, stored once per team in
 * the team's media folder ({team}/narration/{hash}.wav|mp3) with a narration_clips row holding what
 * it is (measured seconds, word timings). The hash covers the voice's id, provider and provider voice
 * id, the text and what the voice is given for it (its spoken form in the listing's locale and
 * currency, with the rules' version) and the loudness normaliser's version (clips are stored
 * normalised, lib/narration/loudness.ts), so an administrator pointing a voice elsewhere, a listing in
 * another currency, a change to the spoken-form rules or to the normaliser makes new clips, never
 * stale ones (clips stored before normalisation are never answered again).
 * Runs as the signed-in member (RLS: their own team's rows and folder).
 */

export type NarrationVoice = { id: string; provider: string; provider_voice_id: string }

/** The clip's key: sha-256 of the voice, the written text and the exact text the voice reads for it. */
export function clipHash(voice: NarrationVoice, text: string, options: SpokenFormOptions = {}): string {
  const spoken = spokenForm(text, options).text
  return createHash('sha256')
    .update(JSON.stringify([voice.id, voice.provider, voice.provider_voice_id, text, `spoken-form/${SPOKEN_FORM_VERSION}`, spoken, `loudness/${LOUDNESS_VERSION}`]))
    .digest('hex')
}

/** What a scene's script is spoken as: trimmed, inner runs of spaces as one (the editor compares the same). */
export function spokenText(script: string): string {
  return script.replace(/\s+/g, ' ').trim()
}

const clipRowSchema = z.object({
  path: z.string().min(1),
  seconds: z.number().positive(),
  timing: z.enum(['provider', 'estimated']),
  words: z.array(captionWordSchema),
})

function toNarration(row: z.infer<typeof clipRowSchema>, voiceId: string, text: string): SceneNarration {
  return sceneNarrationSchema.parse({ src: mediaRef(row.path), seconds: row.seconds, text, voiceId, timing: row.timing, words: row.words })
}

async function findClip(db: Db, teamId: string, voiceId: string, hash: string) {
  const { data, error } = await db
    .from('narration_clips')
    .select('path, seconds, timing, words')
    .eq('team_id', teamId)
    .eq('voice_id', voiceId)
    .eq('text_hash', hash)
    .maybeSingle()
  if (error) throw new Error(`could not read narration clips: ${error.message}`)
  if (!data) return null
  const parsed = clipRowSchema.safeParse(data)
  return parsed.success ? parsed.data : null
}

export type ClipRequest = {
  teamId: string
  voice: NarrationVoice
  /** the scene's script; spoken as spokenText(script) */
  script: string
  /** the listing's locale and currency: how numbers, money and units in the script are read */
  speech?: SpokenFormOptions
  providers: ProviderSet
  /** called before a synthesis (not on a cache hit): the rate limit; throws to refuse */
  beforeSynthesis?: () => Promise<void>
}

/** The scene narration for (voice, script): from the cache, or spoken, measured and stored now. */
export async function narrationClip(db: Db, req: ClipRequest): Promise<{ narration: SceneNarration; cached: boolean }> {
  const text = spokenText(req.script)
  if (!text) throw new Error('nothing to speak')
  const hash = clipHash(req.voice, text, req.speech)
  const hit = await findClip(db, req.teamId, req.voice.id, hash)
  if (hit) return { narration: toNarration(hit, req.voice.id, text), cached: true }

  const provider = providerFor(req.voice.provider, req.providers)
  await req.beforeSynthesis?.()
  const speech = await synthesize(provider, text, req.voice.provider_voice_id, req.speech)
  const path = `${req.teamId}/narration/${hash}.${MIME_EXTENSION[speech.mime]}`
  const { error: uploadError } = await db.storage.from(MEDIA.bucket).upload(path, speech.audio, { contentType: speech.mime, upsert: true })
  if (uploadError) throw new Error(`could not store the narration: ${uploadError.message}`)
  const row = { path, seconds: speech.seconds, timing: speech.timing, words: speech.words }
  const { error } = await db.from('narration_clips').insert({
    team_id: req.teamId,
    voice_id: req.voice.id,
    text_hash: hash,
    path,
    mime: speech.mime,
    seconds: speech.seconds,
    timing: speech.timing,
    words: speech.words as unknown as Json,
  })
  if (error) {
    // the same clip made at the same moment by a second request: theirs stands (same text, same voice)
    if (error.code === '23505') {
      const theirs = await findClip(db, req.teamId, req.voice.id, hash)
      if (theirs) return { narration: toNarration(theirs, req.voice.id, text), cached: true }
    }
    throw new Error(`could not record the narration: ${error.message}`)
  }
  return { narration: toNarration(row, req.voice.id, text), cached: false }
}
