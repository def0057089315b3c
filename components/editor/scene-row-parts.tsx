'use client'

import { memo } from 'react'
import { Eye, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Select, Textarea } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { SCENE_SECONDS } from '@/remotion/constants'
import type { PhotoScene } from '@/remotion/schema'
import { DraftNumberInput } from './inputs'
import { SceneSpeak } from './narration/scene-speak'
import { MOTIONS, parseSeconds, type Motion } from './doc'
import type { RowActions } from './scene-row'

// Parts of a scene row (scene-row.tsx), each memoised on the fields it shows: typing a caption
// re-renders the caption field, not the row's timing, script, narration and buttons
// (npm run bench:editor-profile counted each keystroke's component renders).

/** Seconds and motion. */
export const RowTiming = memo(function RowTiming({
  base,
  number,
  sceneId,
  seconds,
  motion,
  secondsError,
  defaultSeconds,
  actions,
}: {
  base: string
  number: number
  sceneId: string
  seconds: number | undefined
  motion: Motion | undefined
  secondsError: string | undefined
  defaultSeconds: number
  actions: RowActions
}) {
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 [grid-area:timing]">
      <div className="space-y-1.5">
        <Label htmlFor={`${base}-seconds`}>Seconds</Label>
        <DraftNumberInput
          id={`${base}-seconds`}
          aria-label={`Seconds for scene ${number}`}
          aria-describedby={`${base}-seconds-m`}
          aria-invalid={secondsError ? true : undefined}
          value={seconds}
          parse={parseSeconds}
          onCommit={(value) => actions.seconds(sceneId, value)}
          placeholder={`Auto (${defaultSeconds})`}
        />
        <p id={`${base}-seconds-m`} className={cn('text-xs', secondsError ? 'text-danger-700' : 'text-muted')}>
          {secondsError ?? `${SCENE_SECONDS.min}–${SCENE_SECONDS.max} s`}
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${base}-motion`}>Motion</Label>
        <Select
          id={`${base}-motion`}
          aria-label={`Motion for scene ${number}`}
          value={motion ?? ''}
          onChange={(event) => actions.motion(sceneId, (event.target.value || undefined) as Motion | undefined)}
        >
          <option value="">Automatic</option>
          {MOTIONS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  )
})

/** The narration script, its length, and speaking it (SceneSpeak). */
export const RowScript = memo(
  function RowScript({ base, number, scene, scriptError, actions }: { base: string; number: number; scene: PhotoScene; scriptError: string | undefined; actions: RowActions }) {
    return (
    <div className="min-w-0 space-y-1.5 [grid-area:script]">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={`${base}-script`}>Narration</Label>
        <span className="text-xs tabular-nums text-muted">{(scene.script ?? '').length} / 600</span>
      </div>
      <Textarea
        id={`${base}-script`}
        data-testid="scene-script"
        aria-label={`Narration script for scene ${number}`}
        value={scene.script ?? ''}
        maxLength={600}
        rows={2}
        placeholder="What the voice says over this scene (optional)"
        aria-invalid={scriptError ? true : undefined}
        onChange={(event) => actions.script(scene.id, event.target.value)}
        className="min-h-16"
      />
      {scriptError ? (
        <p role="alert" className="text-sm text-danger-700">
          {scriptError}
        </p>
      ) : null}
      <SceneSpeak scene={scene} number={number} />
    </div>
    )
  },
  // the scene is new on every edit of the row; this part shows only its script and narration
  (a, b) =>
    a.base === b.base &&
    a.number === b.number &&
    a.scriptError === b.scriptError &&
    a.actions === b.actions &&
    a.scene.id === b.scene.id &&
    a.scene.script === b.scene.script &&
    a.scene.narration === b.scene.narration,
)

/** Show in preview, and remove. */
export const RowFooter = memo(function RowFooter({ index, count, sceneId, actions }: { index: number; count: number; sceneId: string; actions: RowActions }) {
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 [grid-area:actions] sm:flex-row sm:items-center">
      <Button size="sm" variant="ghost" className="px-2" onClick={() => actions.preview(index)} aria-label={`Show in preview: scene ${index + 1}`} data-testid="scene-preview">
        <Eye aria-hidden /> Show in preview
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="px-2 text-danger-700 hover:bg-danger-50 hover:text-danger-700 sm:ml-auto"
        disabled={count <= 1}
        title={count <= 1 ? 'A video needs at least one scene' : undefined}
        aria-label={`Remove scene ${index + 1}`}
        onClick={() => actions.remove(sceneId)}
      >
        <Trash2 aria-hidden /> Remove
      </Button>
    </div>
  )
})
