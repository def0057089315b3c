'use client'

import { useState } from 'react'
import { Palette } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { TEMPLATES } from '@/remotion/catalog'
import { normalizeHex, type EditorDoc } from './doc'
import { EditorSection } from './editor-section'
import { sectionMemo } from './section-memo'

/** "Brand colour": a picker and a hex field kept in step, and the template's own colour back. */
function BrandSectionView({ doc, error, onChange }: { doc: EditorDoc; error?: string; onChange: (color: string | undefined, key: string) => void }) {
  const fallback = TEMPLATES[doc.template].defaultBrandColor
  const color = doc.props.brandColor ?? fallback
  const [text, setText] = useState<string | null>(null)
  const [textError, setTextError] = useState<string | null>(null)
  return (
    <EditorSection id="brand" title="Brand colour" description="Accents, panels and the end card.">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="brand-color-picker">Colour</Label>
          <input
            id="brand-color-picker"
            type="color"
            value={color}
            onChange={(event) => {
              setText(null)
              setTextError(null)
              onChange(event.target.value, 'brandColor')
            }}
            className="block h-10 w-16 cursor-pointer rounded-lg border border-border-strong bg-surface p-1"
          />
        </div>
        <div className="w-36 space-y-1.5">
          <Label htmlFor="brand-color-hex">Hex</Label>
          <Input
            id="brand-color-hex"
            value={text ?? color}
            maxLength={7}
            spellCheck={false}
            aria-invalid={textError || error ? true : undefined}
            aria-describedby="brand-color-message"
            onChange={(event) => {
              setText(event.target.value)
              const hex = normalizeHex(event.target.value)
              setTextError(hex ? null : 'Use a colour like #1d4ed8')
              if (hex) onChange(hex, 'brandColor')
            }}
            onBlur={() => {
              setText(null)
              setTextError(null)
            }}
            className="font-mono uppercase"
          />
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="mb-1"
          disabled={!doc.props.brandColor || doc.props.brandColor === fallback}
          onClick={() => {
            setText(null)
            onChange(undefined, 'brandColor:reset')
          }}
        >
          <Palette aria-hidden /> Template default
        </Button>
      </div>
      <p id="brand-color-message" className={cn('text-sm', textError || error ? 'text-danger-700' : 'text-muted')} role={textError || error ? 'alert' : undefined}>
        {textError ?? error ?? (doc.props.brandColor ? 'Text on this colour is picked for contrast.' : `Using ${TEMPLATES[doc.template].name}’s own colour.`)}
      </p>
    </EditorSection>
  )
}

export const BrandSection = sectionMemo(BrandSectionView)
