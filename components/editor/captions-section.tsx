'use client'

import { z } from 'zod'
import { Subtitles } from 'lucide-react'
import { SelectField } from '@/components/listings/select-field'
import { hasCaptionWords } from '@/lib/captions/files'
import type { EditorDoc } from './doc'
import { EditorSection } from './editor-section'
import { ToggleRow } from './inputs'
import { sectionMemo } from './section-memo'

/** The props' captions setting, checked as the schema does (the select's value comes from the DOM). */
const captionsSchema = z.object({ enabled: z.boolean(), style: z.enum(['words', 'phrases']) })
export type CaptionsSetting = z.infer<typeof captionsSchema>

const STYLES = [
  { style: 'words', label: 'Word by word', hint: 'A short line, the word being spoken on your brand colour' },
  { style: 'phrases', label: 'Phrases', hint: 'Whole phrases of up to two lines, like subtitles' },
] as const

/** Sets (or clears, when off) the captions in the video's props. */
export function setCaptions(doc: EditorDoc, setting: CaptionsSetting): EditorDoc {
  const props = { ...doc.props }
  if (setting.enabled || setting.style !== 'words') props.captions = setting
  else delete props.captions
  return { ...doc, props }
}

/**
 * The editor's captions: a switch and the style. Captions follow the narration's word timings, so
 * they show only once scenes are spoken; the render writes SRT and VTT files beside the MP4 either
 * way (docs/narration.md).
 */
function CaptionsSectionView({ doc, onChange }: { doc: EditorDoc; onChange: (setting: CaptionsSetting) => void }) {
  const current = { enabled: doc.props.captions?.enabled ?? false, style: doc.props.captions?.style ?? 'words' }
  const spoken = hasCaptionWords(doc.props)
  const set = (patch: Partial<CaptionsSetting>) => {
    const parsed = captionsSchema.safeParse({ ...current, ...patch })
    if (parsed.success) onChange(parsed.data)
  }
  return (
    <EditorSection id="captions" title="Captions" description="The narration written on screen, in time with the voice.">
      <ToggleRow
        label="Show captions"
        testId="captions-enabled"
        hint={spoken ? 'Drawn over the video, above the photo captions.' : 'They appear once scenes are spoken (Narrate above). Renders also get SRT and VTT files.'}
        checked={current.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      <SelectField
        label="Caption style"
        value={current.style}
        disabled={!current.enabled}
        data-testid="captions-style"
        onChange={(event) => set({ style: event.target.value as CaptionsSetting['style'] })}
      >
        {STYLES.map((s) => (
          <option key={s.style} value={s.style}>
            {s.label} — {s.hint}
          </option>
        ))}
      </SelectField>
      {current.enabled && !spoken ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Subtitles aria-hidden className="size-4 text-subtle" /> No scene is spoken yet, so there is nothing to caption.
        </p>
      ) : null}
    </EditorSection>
  )
}

export const CaptionsSection = sectionMemo(CaptionsSectionView, (scenes) => hasCaptionWords({ scenes }))
