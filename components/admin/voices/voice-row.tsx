'use client'

import { ArrowDown, ArrowUp, AudioLines, Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { GENDER_LABELS, languageLabel } from '@/lib/voices/format'
import type { AdminVoice } from '@/lib/voices/queries'

interface Props {
  voice: AdminVoice
  index: number
  count: number
  busy: boolean
  onMove: (direction: 'up' | 'down') => void
  onToggle: () => void
  onEdit: () => void
  onSample: () => void
  onDelete: () => void
}

export function usageText(voice: Pick<AdminVoice, 'videos' | 'trials'>): string | null {
  const parts = [
    voice.videos ? (voice.videos === 1 ? '1 video' : `${voice.videos} videos`) : null,
    voice.trials ? (voice.trials === 1 ? '1 trial project' : `${voice.trials} trial projects`) : null,
  ].filter(Boolean)
  return parts.length ? `Used by ${parts.join(' and ')}` : null
}

/** One catalogue entry: its place in the order, what it is, its sample, and its controls. */
export function VoiceRow({ voice, index, count, busy, onMove, onToggle, onEdit, onSample, onDelete }: Props) {
  const used = usageText(voice)
  return (
    <li
      aria-label={`${voice.name}, position ${index + 1} of ${count}`}
      data-testid="voice-row"
      className={cn('grid gap-4 px-5 py-4 md:grid-cols-[auto_minmax(0,1.3fr)_minmax(0,1.4fr)_auto] md:items-center', !voice.is_active && 'bg-canvas')}
    >
      <div className="flex items-center gap-1">
        <span className="w-6 text-center text-sm font-medium tabular-nums text-muted">{index + 1}</span>
        <Button
          size="sm"
          variant="ghost"
          id={`voice-${voice.id}-up`}
          aria-label={`Move ${voice.name} up`}
          disabled={busy || index === 0}
          onClick={() => onMove('up')}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          id={`voice-${voice.id}-down`}
          aria-label={`Move ${voice.name} down`}
          disabled={busy || index === count - 1}
          onClick={() => onMove('down')}
        >
          <ArrowDown aria-hidden />
        </Button>
      </div>

      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink">{voice.name}</span>
          {voice.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
        </div>
        <p className="text-sm text-muted">
          {languageLabel(voice.language)} <span className="text-subtle">({voice.language})</span> · {GENDER_LABELS[voice.gender]}
        </p>
        <p className="text-xs text-muted">
          <span className="font-mono">{voice.provider}</span> · voice <span className="font-mono">{voice.provider_voice_id}</span>
          {used ? ` · ${used}` : ''}
        </p>
      </div>

      <div className="min-w-0">
        {voice.sampleUrl ? (
          <audio controls preload="none" src={voice.sampleUrl} className="h-9 w-full max-w-xs" aria-label={`Sample of ${voice.name}`} />
        ) : (
          <span className="text-sm text-muted">No sample</span>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-1 md:justify-end">
        <Button size="sm" variant="outline" disabled={busy} onClick={onToggle} aria-label={`${voice.is_active ? 'Deactivate' : 'Activate'} ${voice.name}`}>
          {voice.is_active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onSample} aria-label={`Sample of ${voice.name}`}>
          <AudioLines aria-hidden /> Sample
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onEdit} aria-label={`Edit ${voice.name}`}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onDelete}
          aria-label={`Delete ${voice.name}`}
          className="text-danger-700 hover:bg-danger-50 hover:text-danger-700"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  )
}
