import { FLITE_VOICES, type FliteVoice } from '@/lib/voices/flite'
import { fliteSpeakTimed } from './flite'
import { SpeechError, type VoiceProvider } from './provider'
import { alignFliteWords, parseSegments } from './timing'

/*
 * The local provider: Flite (lib/narration/flite.ts), offline, no key, on every machine. Its word
 * timings come from Flite's own phone timings; when those cannot be lined up with the script the
 * words are left out and lib/narration/speak.ts estimates them (with Flite's lead and tail silence).
 */

export const LOCAL_PROVIDER = 'flite'

export const localProvider: VoiceProvider = {
  name: LOCAL_PROVIDER,
  async speak(text, providerVoiceId) {
    if (!FLITE_VOICES.includes(providerVoiceId as FliteVoice)) {
      throw new SpeechError(`Flite has no voice “${providerVoiceId}”. An administrator can fix the voice under Voices (${FLITE_VOICES.join(', ')}).`)
    }
    const spoken = await fliteSpeakTimed(providerVoiceId as FliteVoice, text)
    const segments = parseSegments(spoken.segments)
    const speech = segments.filter((s) => s.phone !== 'pau')
    const lead = speech.length ? speech[0].start : 0
    const tail = speech.length ? Math.max(0, segments[segments.length - 1].end - speech[speech.length - 1].end) : 0
    const words = alignFliteWords(text, spoken.segments, spoken.words, spoken.phones) ?? undefined
    return { audio: spoken.wav, mime: 'audio/wav', words, lead, tail }
  },
}
