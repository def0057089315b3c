import 'server-only'
import { z } from 'zod'
import type { ElevenLabsConfig } from './config'
import { SpeechError, type VoiceProvider } from './provider'
import { wordsFromCharacters } from './timing'
import { pcmToWav } from './wav'

/*
 * The hosted provider: ElevenLabs' text to speech "with timestamps"
 * (POST {base}/v1/text-to-speech/{voice_id}/with-timestamps), which answers the audio as base64 with
 * the time of every character; lib/narration/timing.ts groups them into words. The audio is asked
 * for as raw 16-bit PCM (24 kHz mono; 44.1 kHz PCM needs ElevenLabs' Pro tier) and stored as a WAV,
 * so the app server normalises and measures it in plain JS, as it does Flite's (no ffmpeg here). Server only: the key
 * never reaches a browser. One request per clip, 60 s at most; its answer is parsed with zod.
 */

export const HOSTED_PROVIDER = 'elevenlabs'
export const ELEVENLABS_SAMPLE_RATE = 24_000
export const ELEVENLABS_OUTPUT_FORMAT = `pcm_${ELEVENLABS_SAMPLE_RATE}`

const alignment = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
})
const answer = z.object({
  audio_base64: z.string().min(1),
  alignment: alignment.nullable().optional(),
  normalized_alignment: alignment.nullable().optional(),
})

/** The request ElevenLabs gets for a clip (exported for the request-shape test). */
export function elevenLabsRequest(config: ElevenLabsConfig, text: string, voiceId: string): { url: string; init: RequestInit } {
  const url = `${config.baseUrl}/v1/text-to-speech/${encodeURIComponent(voiceId)}/with-timestamps?output_format=${ELEVENLABS_OUTPUT_FORMAT}`
  return {
    url,
    init: {
      method: 'POST',
      headers: { 'xi-api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ text, model_id: config.modelId }),
    },
  }
}

function refusal(status: number, voiceId: string): SpeechError {
  if (status === 401 || status === 403) return new SpeechError('ElevenLabs refused this server’s API key. An administrator needs to check ELEVENLABS_API_KEY.')
  if (status === 404) return new SpeechError(`ElevenLabs has no voice “${voiceId}”. An administrator can fix the voice under Voices.`)
  if (status === 422 || status === 400) return new SpeechError('ElevenLabs could not speak this text. Shorten or simplify the script and try again.')
  if (status === 429) return new SpeechError('ElevenLabs is busy or this account’s quota is used up. Try again in a minute.')
  return new SpeechError(`ElevenLabs answered with an error (${status}). Try again in a minute.`)
}

export function elevenLabsProvider(config: ElevenLabsConfig, fetchImpl: typeof fetch = fetch): VoiceProvider {
  return {
    name: HOSTED_PROVIDER,
    async speak(text, voiceId) {
      const { url, init } = elevenLabsRequest(config, text, voiceId)
      let response: Response
      try {
        response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(60_000) })
      } catch (error) {
        console.error('[narration] ElevenLabs unreachable', error instanceof Error ? error.message : error)
        throw new SpeechError('We could not reach ElevenLabs. Try again in a minute.')
      }
      if (!response.ok) {
        console.error('[narration] ElevenLabs answered', response.status, (await response.text().catch(() => '')).slice(0, 300))
        throw refusal(response.status, voiceId)
      }
      const parsed = answer.safeParse(await response.json().catch(() => null))
      if (!parsed.success) throw new Error('ElevenLabs answered something that is not speech with timestamps')
      const pcm = Buffer.from(parsed.data.audio_base64, 'base64')
      if (pcm.length < 2) throw new Error('ElevenLabs answered no audio')
      const audio = pcmToWav(pcm.subarray(0, pcm.length - (pcm.length % 2)), ELEVENLABS_SAMPLE_RATE)
      // the characters of the text sent (the script's spoken form, not ElevenLabs' own normalisation),
      // grouped into its words; synthesize folds them back onto the written words
      const a = parsed.data.alignment ?? parsed.data.normalized_alignment
      const words = a ? wordsFromCharacters(a.characters, a.character_start_times_seconds, a.character_end_times_seconds) : undefined
      return { audio, mime: 'audio/wav', words: words?.length ? words : undefined }
    },
  }
}
