import type { CaptionWord } from '@/remotion/schema'
import { measureAudio } from './measure'
import type { AudioMime, VoiceProvider } from './provider'
import { estimateWordTimings } from './timing'

export type Speech = { audio: Buffer; mime: AudioMime; seconds: number; words: CaptionWord[]; timing: 'provider' | 'estimated' }

const MAX_SECONDS = 120

/**
 * Speaks `text` with a provider and measures the result: the length from the audio's bytes, the
 * words from the provider (clamped to the measured length) or estimated over it.
 */
export async function synthesize(provider: VoiceProvider, text: string, providerVoiceId: string): Promise<Speech> {
  const spoken = await provider.speak(text, providerVoiceId)
  const seconds = Math.round((await measureAudio(spoken.audio, spoken.mime)) * 1000) / 1000
  if (!(seconds > 0)) throw new Error(`${provider.name} produced no audio`)
  if (seconds > MAX_SECONDS) throw new Error(`${provider.name} produced ${seconds} s of audio for one scene (at most ${MAX_SECONDS})`)
  if (spoken.words?.length) {
    const words = spoken.words.slice(0, 300).map((w) => {
      const start = Math.min(w.start, seconds)
      return { text: w.text, start, end: Math.max(start, Math.min(w.end, seconds)) }
    })
    return { audio: spoken.audio, mime: spoken.mime, seconds, words, timing: 'provider' }
  }
  const words = estimateWordTimings(text, seconds, { lead: spoken.lead, tail: spoken.tail }).slice(0, 300)
  return { audio: spoken.audio, mime: spoken.mime, seconds, words, timing: 'estimated' }
}
