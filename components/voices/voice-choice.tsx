import { GENDER_LABELS, languageLabel } from '@/lib/voices/format'

export interface VoiceChoice {
  id: string
  name: string
  language: string
  gender: string
  sampleUrl?: string | null
}

/** "Sarah — English (United States), female": how a voice reads in a voice picker. */
export function voiceOptionLabel(voice: VoiceChoice): string {
  const gender = GENDER_LABELS[voice.gender as keyof typeof GENDER_LABELS] ?? voice.gender
  return `${voice.name} — ${languageLabel(voice.language)}, ${gender.toLowerCase()}`
}

/** The chosen voice's sample, to hear it before rendering; nothing when it has none. */
export function VoiceSample({ voice }: { voice: VoiceChoice | undefined }) {
  if (!voice?.sampleUrl) return null
  return (
    <audio
      key={voice.id}
      controls
      preload="none"
      src={voice.sampleUrl}
      className="mt-2 h-9 w-full max-w-sm"
      aria-label={`Sample of ${voice.name}`}
      data-testid="voice-sample"
    />
  )
}
