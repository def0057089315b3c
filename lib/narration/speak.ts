import type { CaptionWord } from '@/remotion/schema'
import { normaliseClip, type ClipLoudness } from './loudness'
import { measureAudio } from './measure'
import type { AudioMime, VoiceProvider } from './provider'
import { foldWordTimings, spokenForm, type SpokenFormOptions } from './spoken-form'
import { estimateWordTimings } from './timing'

export type Speech = {
  audio: Buffer
  mime: AudioMime
  seconds: number
  /** one per written word of the script (captions keep the written form) */
  words: CaptionWord[]
  timing: 'provider' | 'estimated'
  /** what the voice was given: the script's spoken form (lib/narration/spoken-form) */
  spoken: string
  /** the clip's loudness as spoken and as stored (lib/narration/loudness.ts) */
  loudness: ClipLoudness
}

const MAX_SECONDS = 120
const MAX_WORDS = 300

/**
 * Speaks `text` with a provider and measures the result. The provider reads the script's spoken form
 * in the listing's locale and currency ("£1,650 pcm" → "one thousand six hundred and fifty pounds a
 * month"); its word timings (or, without them, timings estimated over the measured length) are per
 * spoken word and are folded back onto the written words, so captions show the script as typed.
 * The audio is normalised to the narration loudness (lib/narration/loudness.ts) before it is measured
 * and answered: every voice and provider speaks at one level.
 */
export async function synthesize(provider: VoiceProvider, text: string, providerVoiceId: string, options: SpokenFormOptions = {}): Promise<Speech> {
  const form = spokenForm(text, options)
  const said = await provider.speak(form.text, providerVoiceId)
  const spokenSeconds = await measureAudio(said.audio, said.mime)
  if (!(spokenSeconds > 0)) throw new Error(`${provider.name} produced no audio`)
  const normalised = await normaliseClip(said.audio, said.mime)
  const seconds = Math.round((await measureAudio(normalised.audio, said.mime)) * 1000) / 1000
  if (seconds > MAX_SECONDS) throw new Error(`${provider.name} produced ${seconds} s of audio for one scene (at most ${MAX_SECONDS})`)
  const base = { audio: normalised.audio, mime: said.mime, seconds, spoken: form.text, loudness: normalised.loudness }
  if (said.words?.length) {
    const clamped = said.words.map((w) => {
      const start = Math.min(w.start, seconds)
      return { text: w.text, start, end: Math.max(start, Math.min(w.end, seconds)) }
    })
    const words = foldWordTimings(form, clamped)
    if (words) return { ...base, words: words.slice(0, MAX_WORDS), timing: 'provider' }
  }
  const estimate = estimateWordTimings(form.text, seconds, { lead: said.lead, tail: said.tail })
  const words = foldWordTimings(form, estimate) ?? estimateWordTimings(text, seconds, { lead: said.lead, tail: said.tail })
  return { ...base, words: words.slice(0, MAX_WORDS), timing: 'estimated' }
}
