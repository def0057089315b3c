import type { CaptionWord } from '@/remotion/schema'

/*
 * The voice provider interface. A provider turns text into audio with one of its voices; it may also
 * say when each word is spoken. What it says about the length is not trusted: lib/narration/speak.ts
 * measures every clip from its bytes (lib/narration/measure.ts) and estimates word timings when the
 * provider gives none.
 */

export type AudioMime = 'audio/wav' | 'audio/mpeg'

export type SpokenAudio = {
  audio: Buffer
  mime: AudioMime
  /** the provider's own word timings (seconds from the clip's start), when it has them */
  words?: CaptionWord[]
  /** silence before the first word and after the last, when the provider knows it (helps estimates) */
  lead?: number
  tail?: number
}

export interface VoiceProvider {
  /** the `voices.provider` value it serves */
  readonly name: string
  speak(text: string, providerVoiceId: string): Promise<SpokenAudio>
}

/** A speech failure the person can act on (no provider, key refused, unknown voice): shown as is. */
export class SpeechError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SpeechError'
  }
}

export const MIME_EXTENSION: Record<AudioMime, string> = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3' }
