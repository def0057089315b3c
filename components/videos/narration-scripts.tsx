'use client'

import { useId, type Dispatch, type SetStateAction } from 'react'
import { RotateCcw, ScrollText } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { cn } from '@/components/ui/cn'
import { Textarea } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { PhotoScene } from '@/remotion/schema'

const SCRIPT_MAX = 600

interface Props {
  scenes: PhotoScene[]
  /** media ref → thumbnail URL */
  thumbs: Record<string, string>
  scripts: string[]
  errors: Record<string, string>
  onChange: Dispatch<SetStateAction<string[]>>
  onRedraft: () => void
}

/** One editable narration line per scene, in a section that folds away. */
export function NarrationScripts({ scenes, thumbs, scripts, errors, onChange, onRedraft }: Props) {
  const ids = useId()
  return (
    <Card>
      <details open className="group/script">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-4 hover:bg-canvas sm:px-6 [&::-webkit-details-marker]:hidden">
          <span className="space-y-1">
            <span className="flex items-center gap-2 text-base font-semibold text-ink">
              <ScrollText aria-hidden className="size-4 text-subtle" /> Narration script
            </span>
            <span className="block text-sm text-muted">
              Drafted from the listing, one line per scene. Edit freely; the editor can change it later too.
            </span>
          </span>
          <span className="shrink-0 text-sm font-medium text-brand-700 group-open/script:hidden">Show</span>
          <span className="hidden shrink-0 text-sm font-medium text-brand-700 group-open/script:inline">Hide</span>
        </summary>
        <div className="space-y-4 border-t border-border px-5 py-5 sm:px-6">
          <div className="flex justify-end">
            <Button variant="outline" size="sm" onClick={onRedraft}>
              <RotateCcw aria-hidden /> Redraft from listing
            </Button>
          </div>
          <ol className="space-y-4">
            {scenes.map((scene, index) => {
              const thumb = thumbs[scene.src] ?? null
              const value = scripts[index] ?? ''
              const error = errors[`scripts.${index}`]
              const inputId = `${ids}-script-${index}`
              return (
                <li key={scene.id} className="flex gap-3">
                  <div className="hidden h-14 w-20 shrink-0 overflow-hidden rounded-md bg-ink/10 sm:block">
                    {thumb ? (
                      // signed storage URLs: next/image would need every storage host configured
                      // eslint-disable-next-line @next/next/no-img-element
                      <img src={thumb} alt="" className="size-full object-cover" loading="lazy" />
                    ) : null}
                  </div>
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <div className="flex items-baseline justify-between gap-2">
                      <Label htmlFor={inputId} className="truncate">
                        Scene {index + 1} script
                        {scene.caption ? <span className="font-normal text-muted"> · {scene.caption}</span> : null}
                      </Label>
                      <span className={cn('shrink-0 text-xs tabular-nums', value.length > SCRIPT_MAX ? 'text-danger-700' : 'text-subtle')}>
                        {value.length}/{SCRIPT_MAX}
                      </span>
                    </div>
                    <Textarea
                      id={inputId}
                      value={value}
                      rows={2}
                      className="min-h-16"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      onChange={(event) =>
                        onChange((current) => {
                          const next = [...current]
                          next[index] = event.target.value
                          return next
                        })
                      }
                    />
                    {error ? (
                      <p id={`${inputId}-error`} className="text-sm text-danger-700">
                        {error}
                      </p>
                    ) : null}
                  </div>
                </li>
              )
            })}
          </ol>
        </div>
      </details>
    </Card>
  )
}
