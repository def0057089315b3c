'use client'

import { useId, useRef, useState } from 'react'
import { ImagePlus } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { PHOTO_RULES } from './upload-file'
import { UploadTile } from './upload-tile'
import type { PhotoUploads } from './use-photo-uploads'
import { plural } from '@/lib/plural'

interface UploaderProps {
  uploads: PhotoUploads
  label?: string
  /** shown under the drop zone, e.g. "Photos go up when you save." */
  hint?: string
  className?: string
}

/**
 * Listing photos: drop or pick many at once, watch each one's progress, retry one that failed,
 * reorder (drag, or the arrow buttons and arrow keys), pick the cover, add captions, remove.
 */
export function Uploader({ uploads, label = 'Photos', hint, className }: UploaderProps) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [dragKey, setDragKey] = useState<string | null>(null)
  const helpId = useId()
  const inputId = useId()
  const { items } = uploads
  const done = items.filter((item) => item.status === 'done').length
  const running = items.filter((item) => item.status === 'uploading' || item.status === 'processing')
  const remote = items.filter((item) => item.remoteUrl)
  const remoteLeft = remote.filter((item) => item.status === 'queued' || item.status === 'fetching').length
  const remoteDone = remote.length - remoteLeft

  return (
    <div className={cn('space-y-3', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-ink">
          {label}
        </label>
        <span className="text-xs text-muted tabular-nums">
          {uploads.taken} / {uploads.max}
        </span>
      </div>
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (!event.dataTransfer.files.length) return
          event.preventDefault()
          setOver(false)
          uploads.add(Array.from(event.dataTransfer.files))
        }}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          over ? 'border-brand-500 bg-brand-50' : 'border-border-strong bg-canvas',
        )}
      >
        <ImagePlus aria-hidden className="size-7 text-brand-600" />
        <p className="text-sm text-ink">
          Drag photos here, or{' '}
          <button type="button" onClick={() => input.current?.click()} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            choose files
          </button>
        </p>
        <p id={helpId} className="text-xs text-muted">
          JPEG, PNG or WebP · up to 15 MB each · up to {uploads.max} photos.{hint ? ` ${hint}` : ''}
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_RULES.mimeTypes.join(',')}
          aria-describedby={helpId}
          className="sr-only"
          onChange={(event) => {
            if (event.target.files) uploads.add(Array.from(event.target.files))
            event.target.value = ''
          }}
        />
      </div>
      {uploads.notice ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700">
          {uploads.notice}
        </p>
      ) : null}
      {remoteLeft ? (
        <div className="space-y-1" data-testid="import-photos-progress">
          <p className="text-sm text-ink tabular-nums">
            Fetching the page&apos;s photos: {remoteDone} of {remote.length}
          </p>
          <div
            role="progressbar"
            aria-label="Photos fetched from the listing page"
            aria-valuemin={0}
            aria-valuemax={remote.length}
            aria-valuenow={remoteDone}
            className="h-1.5 overflow-hidden rounded-full bg-ink/10"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round((remoteDone / remote.length) * 100)}%` }} />
          </div>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {running.length
          ? `Uploading ${running.length} photo${running.length === 1 ? '' : 's'}; ${done} of ${items.length} done.`
          : uploads.started && items.length
            ? `${done} of ${plural(items.length, 'photo')} uploaded${uploads.failed ? `, ${uploads.failed} failed` : ''}.`
            : ''}
      </p>
      {items.length ? (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos in order; the cover is shown first on the listing">
          {items.map((item, index) => (
            <UploadTile
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              isCover={uploads.coverKey === item.key}
              dragging={dragKey === item.key}
              onDragStart={() => setDragKey(item.key)}
              onDragEnd={() => setDragKey(null)}
              onDropOn={() => {
                if (dragKey) uploads.move(dragKey, index)
                setDragKey(null)
              }}
              onMove={(to) => uploads.move(item.key, to)}
              onCover={() => uploads.setCoverKey(item.key)}
              onCaption={(caption) => uploads.setCaption(item.key, caption)}
              onRetry={() => uploads.retry(item.key)}
              onRemove={() => uploads.remove(item.key)}
            />
          ))}
        </ol>
      ) : null}
    </div>
  )
}
