import { AudioLines } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import { GENDER_LABELS, languageLabel } from '@/lib/voices/format'
import type { TeamVoice } from '@/lib/voices/queries'

/** The library's Voices tab: the narrator voices the team can choose, each with its sample. */
export function LibraryVoices({ voices }: { voices: TeamVoice[] }) {
  if (!voices.length) {
    return (
      <EmptyState
        icon={<AudioLines />}
        title="No voices yet"
        description="No narrator voices are offered at the moment. Your videos play with their titles and captions until administrators add one."
      />
    )
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">The narrator voices you can choose when you create or edit a video. Play a sample to hear each one.</p>
      <ul aria-label="Voices" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {voices.map((voice) => (
          <li key={voice.id} data-testid="library-voice" className="space-y-3 rounded-xl border border-border bg-surface p-4 shadow-card">
            <div className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <AudioLines aria-hidden className="size-4" />
              </span>
              <div className="min-w-0">
                <h3 className="truncate font-medium text-ink">{voice.name}</h3>
                <p className="text-sm text-muted">
                  {languageLabel(voice.language)} · {GENDER_LABELS[voice.gender]}
                </p>
              </div>
            </div>
            {voice.sampleUrl ? (
              <audio controls preload="none" src={voice.sampleUrl} className="h-9 w-full" aria-label={`Sample of ${voice.name}`} />
            ) : (
              <p className="text-sm text-muted">No sample to play yet.</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
