'use client'

import { memo } from 'react'
import { Mic } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { narrationState, scenesToNarrate, spokenScript } from '@/lib/narration/apply'
import type { PhotoScene } from '@/remotion/schema'
import { useNarration } from './narration-context'

/** "Narrate all": speaks every scene whose script has no current narration, with progress. */
function NarrateAllView({ scenes }: { scenes: PhotoScene[] }) {
  const narration = useNarration()
  if (!narration) return null
  const pending = scenesToNarrate(scenes, narration.voiceId).length
  const withScript = scenes.filter((s) => spokenScript(s.script)).length
  const current = scenes.filter((s) => narrationState(s, narration.voiceId) === 'current').length
  const progress = narration.progress
  const percent = progress ? Math.round((progress.done / progress.total) * 100) : 0
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-canvas px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="narrate-all-panel">
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="text-sm text-muted" aria-live="polite">
          {!narration.voiceId
            ? 'Choose a voice to narrate the scenes.'
            : withScript
              ? `${current} of ${withScript} scene${withScript === 1 ? '' : 's'} with a script narrated. The preview plays them in place.`
              : 'No scene has a script yet.'}
        </p>
        {progress ? (
          <div
            role="progressbar"
            aria-label="Narrating the scenes"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            aria-valuetext={`${progress.done} of ${progress.total} scenes`}
            className="h-1.5 overflow-hidden rounded-full bg-ink/10"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
      </div>
      <Button
        size="sm"
        variant="outline"
        pending={Boolean(progress)}
        disabled={!narration.voiceId || !pending || Boolean(progress)}
        onClick={() => void narration.narrateAll()}
        data-testid="narrate-all"
      >
        <Mic aria-hidden /> {progress ? `Narrating ${progress.done} of ${progress.total}…` : pending ? `Narrate ${pending} scene${pending === 1 ? '' : 's'}` : 'All narrated'}
      </Button>
    </div>
  )
}

/** The same scenes for what this reads (each one's script and narration), e.g. while a caption is typed. */
const sameNarrationInputs = (a: { scenes: PhotoScene[] }, b: { scenes: PhotoScene[] }) =>
  a.scenes.length === b.scenes.length && a.scenes.every((scene, i) => scene.script === b.scenes[i].script && scene.narration === b.scenes[i].narration)

/** Skips the render when a keystroke changes nothing it counts; the narration context still updates it. */
export const NarrateAll = memo(NarrateAllView, sameNarrationInputs)
