'use client'

import { useId } from 'react'
import { ArrowDown, ArrowUp, GripVertical, RotateCcw, Star, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Input } from '@/components/ui/input'
import { formatBytes } from './upload-file'
import type { UploadItem } from './use-photo-uploads'

interface UploadTileProps {
  item: UploadItem
  index: number
  count: number
  isCover: boolean
  dragging: boolean
  onDragStart: () => void
  onDragEnd: () => void
  onDropOn: () => void
  onMove: (to: number) => void
  onCover: () => void
  onCaption: (caption: string) => void
  onRetry: () => void
  onRemove: () => void
}

const statusText: Record<UploadItem['status'], string> = {
  queued: 'Queued',
  fetching: 'Fetching',
  waiting: 'Ready',
  uploading: 'Uploading',
  processing: 'Checking',
  done: 'Uploaded',
  failed: 'Failed',
}

/** One photo of the uploader: preview, progress, and its own controls (every one reachable by keyboard). */
export function UploadTile(props: UploadTileProps) {
  const { item, index, count, isCover } = props
  const captionId = useId()
  const percent = Math.round(item.progress * 100)
  const position = `Photo ${index + 1} of ${count}`
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move'
        // some browsers start no drag without data
        event.dataTransfer.setData('text/plain', item.key)
        props.onDragStart()
      }}
      onDragEnd={props.onDragEnd}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
      }}
      onDrop={(event) => {
        if (event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        props.onDropOn()
      }}
      onKeyDown={(event) => {
        // arrow keys move the photo while focus is on its handle
        if (!(event.target as HTMLElement).dataset.handle) return
        if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
          event.preventDefault()
          props.onMove(index - 1)
        } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
          event.preventDefault()
          props.onMove(index + 1)
        }
      }}
      data-testid="upload-tile"
      aria-label={`${position}: ${item.name}`}
      className={cn(
        'overflow-hidden rounded-xl border bg-surface shadow-sm',
        isCover ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-border',
        props.dragging && 'opacity-50',
        item.status === 'failed' && 'border-danger-600',
      )}
    >
      <div className="relative aspect-[4/3] bg-ink/5">
        {item.previewUrl ? (
          // local object URLs and signed storage URLs: next/image cannot optimise either
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={item.previewUrl}
            alt={item.caption || item.name}
            // a file that is not really an image has no preview; an empty frame beats a broken icon
            onError={(event) => event.currentTarget.classList.add('invisible')}
            className="size-full object-cover"
          />
        ) : null}
        <div className="absolute left-2 top-2 flex gap-1">
          <Badge tone="neutral" className="bg-white/90 tabular-nums">{index + 1}</Badge>
          {isCover ? (
            <Badge tone="brand" className="bg-white/90">
              <Star aria-hidden className="size-3 fill-current" /> Cover
            </Badge>
          ) : null}
        </div>
        <button
          type="button"
          data-handle="true"
          aria-label={`Move ${item.name} (${position}); use the arrow keys`}
          className="absolute right-2 top-2 cursor-grab rounded-md bg-white/90 p-1 text-muted shadow-sm hover:text-ink"
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      </div>
      <div className="space-y-2 p-3">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="min-w-0 truncate font-medium text-ink" title={item.name}>
            {item.name}
          </span>
          <span className={cn('shrink-0', item.status === 'failed' ? 'text-danger-700' : 'text-muted')}>
            {item.status === 'failed' && !item.retryable ? 'Refused' : statusText[item.status]}
            {item.status === 'uploading' ? ` ${percent}%` : ''}
            {item.bytes ? ` · ${formatBytes(item.bytes)}` : ''}
          </span>
        </div>
        {item.status === 'fetching' ? (
          <div role="progressbar" aria-label={`Fetching ${item.name} from the listing page`} className="h-1.5 overflow-hidden rounded-full bg-ink/10">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
          </div>
        ) : null}
        {item.status === 'uploading' || item.status === 'processing' ? (
          <div
            role="progressbar"
            aria-label={`Upload of ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-ink/10"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
        {item.error ? (
          <p role="alert" className="text-xs text-danger-700">
            {item.error}
          </p>
        ) : null}
        <label htmlFor={captionId} className="sr-only">
          Caption for {item.name}
        </label>
        <Input
          id={captionId}
          value={item.caption}
          maxLength={200}
          placeholder="Caption (optional)"
          onChange={(event) => props.onCaption(event.target.value)}
          className="h-8 text-xs"
        />
        <div className="flex flex-wrap items-center gap-1">
          <Button size="sm" variant="ghost" aria-label={`Move ${item.name} earlier`} disabled={index === 0} onClick={() => props.onMove(index - 1)}>
            <ArrowUp aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move ${item.name} later`} disabled={index === count - 1} onClick={() => props.onMove(index + 1)}>
            <ArrowDown aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" aria-pressed={isCover} aria-label={`Make ${item.name} the cover`} disabled={isCover || item.status === 'failed'} onClick={props.onCover}>
            <Star aria-hidden /> <span className="sr-only sm:not-sr-only">Cover</span>
          </Button>
          {item.status === 'failed' && item.retryable ? (
            <Button size="sm" variant="outline" onClick={props.onRetry} aria-label={`Retry ${item.name}`}>
              <RotateCcw aria-hidden /> Retry
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto text-danger-700 hover:bg-danger-50 hover:text-danger-700"
            aria-label={`Remove ${item.name}`}
            disabled={item.status === 'uploading' || item.status === 'processing'}
            onClick={props.onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  )
}
