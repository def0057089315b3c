'use client'

import { useId, useState } from 'react'
import { X } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

const MAX_TAGS = 30
const MAX_TAG = 40

/** Features as tags: Enter or a comma adds one, Backspace in an empty box removes the last. */
export function FeatureTags({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const messageId = `${inputId}-message`

  function addDraft() {
    const tag = draft.trim().replace(/,$/, '').trim()
    if (!tag) return
    if (!value.some((t) => t.toLowerCase() === tag.toLowerCase()) && value.length < MAX_TAGS) onChange([...value, tag.slice(0, MAX_TAG)])
    setDraft('')
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>Features</Label>
      <div className="flex flex-wrap items-center gap-1.5">
        {value.map((tag) => (
          <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-sm text-brand-800 ring-1 ring-brand-200">
            {tag}
            <button
              type="button"
              aria-label={`Remove feature ${tag}`}
              onClick={() => onChange(value.filter((t) => t !== tag))}
              className="rounded-full p-0.5 hover:bg-brand-100"
            >
              <X aria-hidden className="size-3" />
            </button>
          </span>
        ))}
      </div>
      <Input
        id={inputId}
        value={draft}
        maxLength={MAX_TAG}
        placeholder={value.length >= MAX_TAGS ? `Up to ${MAX_TAGS} features` : 'e.g. Sea view — press Enter to add'}
        disabled={value.length >= MAX_TAGS}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        onChange={(event) => {
          if (event.target.value.endsWith(',')) {
            setDraft(event.target.value)
            queueMicrotask(() => addDraft())
          } else setDraft(event.target.value)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            addDraft()
          } else if (event.key === 'Backspace' && !draft && value.length) onChange(value.slice(0, -1))
        }}
        onBlur={addDraft}
      />
      <p id={messageId} role={error ? 'alert' : undefined} className={error ? 'text-sm text-danger-700' : 'text-sm text-muted'}>
        {error ?? `${value.length} of ${MAX_TAGS}. Each up to ${MAX_TAG} characters.`}
      </p>
    </div>
  )
}
