'use client'

import { memo, useId, useRef } from 'react'
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { PhotoScene } from '@/remotion/schema'
import { RowFooter, RowScript, RowTiming } from './scene-row-parts'
import { fieldError, sceneLabel, type EditorPhoto, type Motion } from './doc'

/** What a row can ask the list to do; one stable object, so rows re-render only when their own scene changes. */
export interface RowActions {
  dragStart: (id: string) => void
  dragEnd: () => void
  dragOver: (index: number) => void
  drop: (index: number) => void
  move: (from: number, to: number) => void
  caption: (id: string, value: string) => void
  seconds: (id: string, value: number | undefined) => void
  motion: (id: string, value: Motion | undefined) => void
  script: (id: string, value: string) => void
  remove: (id: string) => void
  preview: (index: number) => void
  focus: (index: number) => void
}

interface SceneRowProps {
  scene: PhotoScene
  index: number
  count: number
  photo: EditorPhoto | undefined
  url: string | undefined
  defaultSeconds: number
  fieldErrors: Record<string, string>
  dragging: boolean
  dropTarget: boolean
  actions: RowActions
}

// the icons are the same elements on every render, so React skips them when a caption key re-renders the row
const GRIP_ICON = <GripVertical aria-hidden className="size-4" />
const UP_ICON = <ArrowUp aria-hidden />
const DOWN_ICON = <ArrowDown aria-hidden />

export const SceneRow = memo(function SceneRow(props: SceneRowProps) {
  const { scene, index, count } = props
  // the row drags only when the press started on its handle (not when selecting text in a field)
  const armed = useRef(false)
  const base = useId()
  const number = index + 1
  const name = sceneLabel(scene, index)
  const thumb = props.photo?.thumbUrl ?? props.photo?.url ?? props.url ?? undefined
  const err = (field: string) => fieldError(props.fieldErrors, `scenes.${index}.${field}`)
  const captionError = err('caption')
  const secondsError = err('seconds')
  const scriptError = err('script')
  const srcError = err('src')

  return (
    <li
      draggable
      onDragStart={(event) => {
        if (!armed.current) {
          event.preventDefault()
          return
        }
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('application/x-scene', scene.id)
        event.dataTransfer.setData('text/plain', scene.id)
        props.actions.dragStart(scene.id)
      }}
      onDragEnd={() => {
        armed.current = false
        props.actions.dragEnd()
      }}
      data-testid="scene-row"
      data-scene-id={scene.id}
      aria-label={`Scene ${number} of ${count}: ${name}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('application/x-scene')) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        props.actions.dragOver(index)
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.types.includes('application/x-scene')) return
        event.preventDefault()
        props.actions.drop(index)
      }}
      className={cn(
        // its own stacking context, like the editor's cards: typing repaints this row only (editor-section.tsx)
        'isolate rounded-xl border bg-surface p-3 transition-shadow sm:p-4',
        props.dragging ? 'border-brand-300 opacity-50' : 'border-border',
        props.dropTarget && 'ring-2 ring-brand-500 ring-offset-2',
      )}
    >
      <div className="flex gap-3">
        <div className="flex shrink-0 flex-col items-center gap-1">
          <button
            type="button"
            data-testid="scene-handle"
            aria-label={`Reorder scene ${number}: ${name}. Drag, or press Alt plus the up or down arrow.`}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            onPointerDown={() => {
              armed.current = true
              window.addEventListener('pointerup', () => (armed.current = false), { once: true })
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                event.preventDefault()
                props.actions.move(index, event.key === 'ArrowUp' ? index - 1 : index + 1)
              } else if (event.altKey && (event.key === 'Home' || event.key === 'End')) {
                event.preventDefault()
                props.actions.move(index, event.key === 'Home' ? 0 : count - 1)
              }
            }}
            className="flex h-9 w-7 cursor-grab items-center justify-center rounded-md text-subtle hover:bg-ink/5 hover:text-ink active:cursor-grabbing"
          >
            {GRIP_ICON}
          </button>
          <Button
            size="sm"
            variant="ghost"
            className="h-8 w-7 px-0"
            aria-label={`Move scene ${number} earlier`}
            disabled={index === 0}
            onClick={() => props.actions.move(index, index - 1)}
          >
            {UP_ICON}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="h-8 w-7 px-0"
            aria-label={`Move scene ${number} later`}
            disabled={index === count - 1}
            onClick={() => props.actions.move(index, index + 1)}
          >
            {DOWN_ICON}
          </Button>
        </div>

        <div
          className={cn(
            'grid min-w-0 flex-1 gap-x-3 gap-y-3',
            "grid-cols-[6rem_minmax(0,1fr)] [grid-template-areas:'thumb_actions'_'caption_caption'_'timing_timing'_'script_script']",
            "sm:grid-cols-[8rem_minmax(0,1fr)] sm:[grid-template-areas:'thumb_caption'_'thumb_timing'_'script_script'_'actions_actions']",
          )}
        >
          <div className="relative aspect-[4/3] w-full self-start overflow-hidden rounded-lg bg-ink/5 [grid-area:thumb]">
            {thumb ? (
              // signed storage URLs: next/image would need every host configured
              // eslint-disable-next-line @next/next/no-img-element
              <img src={thumb} alt={props.photo?.caption || scene.caption || `Photo of scene ${number}`} className="size-full object-cover" />
            ) : (
              <div className="flex size-full items-center justify-center text-xs text-muted">No preview</div>
            )}
            <Badge tone="neutral" className="absolute left-1.5 top-1.5 bg-white/90 tabular-nums">
              {number}
            </Badge>
          </div>

          <div className="min-w-0 space-y-1.5 [grid-area:caption]">
            <Label htmlFor={`${base}-caption`}>Caption</Label>
            <Input
              id={`${base}-caption`}
              data-testid="scene-caption"
              aria-label={`Caption for scene ${number}`}
              value={scene.caption ?? ''}
              maxLength={80}
              placeholder="What the viewer sees (optional)"
              aria-invalid={captionError ? true : undefined}
              aria-describedby={captionError ? `${base}-caption-m` : undefined}
              onChange={(event) => props.actions.caption(scene.id, event.target.value)}
              onFocus={() => props.actions.focus(index)}
            />
            {captionError ? (
              <p id={`${base}-caption-m`} role="alert" className="text-sm text-danger-700">
                {captionError}
              </p>
            ) : null}
            {srcError ? (
              <p role="alert" className="text-sm text-danger-700">
                {srcError}
              </p>
            ) : null}
          </div>

          <RowTiming
            base={base}
            number={number}
            sceneId={scene.id}
            seconds={scene.seconds}
            motion={scene.motion}
            secondsError={secondsError}
            defaultSeconds={props.defaultSeconds}
            actions={props.actions}
          />

          <RowScript base={base} number={number} scene={scene} scriptError={scriptError} actions={props.actions} />

          <RowFooter index={index} count={count} sceneId={scene.id} actions={props.actions} />
        </div>
      </div>
    </li>
  )
})

