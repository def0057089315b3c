import Link from 'next/link'
import { ChevronRight, Film } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { LinkPending } from '@/components/ui/link-pending'
import { formatDuration, formatLabel, formatUpdated, templateName } from './format'
import { VideoStatusBadge } from './video-status-badge'

export interface VideoRowView {
  id: string
  href: string
  title: string
  template: string
  format: string
  status: string
  seconds: number | null
  updatedAt: string
  thumbUrl: string | null
  /** the listing's title, where rows of several listings are mixed (the team home) */
  listingTitle?: string
}

const SHAPE: Record<string, string> = {
  landscape: 'h-full w-full',
  portrait: 'h-full aspect-[9/16]',
  square: 'h-full aspect-square',
}

/** The poster: the first scene's photo, cut to the video's shape, with the duration on it. */
function Poster({ row }: { row: VideoRowView }) {
  return (
    <div className="relative flex h-16 w-28 shrink-0 items-center justify-center overflow-hidden rounded-md bg-ink ring-1 ring-ink/10">
      <div className={cn('overflow-hidden', SHAPE[row.format] ?? SHAPE.landscape)}>
        {row.thumbUrl ? (
          // signed storage URLs: next/image would need every storage host configured
          // eslint-disable-next-line @next/next/no-img-element
          <img src={row.thumbUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-white/70" aria-hidden>
            <Film className="size-5" />
          </span>
        )}
      </div>
      <span className="absolute right-1 bottom-1 rounded bg-black/70 px-1 text-[0.65rem] font-medium tabular-nums text-white">
        {formatDuration(row.seconds)}
      </span>
    </div>
  )
}

/** Videos as rows that open the video page; the same on phones and desktops (they are short). */
export function VideoList({ rows, label = 'Videos' }: { rows: VideoRowView[]; label?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-card">
      {rows.map((row) => (
        <li key={row.id}>
          <Link
            href={row.href}
            data-testid="video-row"
            className="group flex items-center gap-3 px-3 py-3 hover:bg-canvas focus-visible:bg-canvas sm:gap-4 sm:px-4"
          >
            <Poster row={row} />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="truncate font-medium text-ink group-hover:text-brand-700">{row.title}</p>
              <p className="relative truncate text-sm text-muted">
                {row.listingTitle ? `${row.listingTitle} · ` : ''}
                {templateName(row.template)} · {formatLabel(row.format)}
                <span className="sr-only">, {formatDuration(row.seconds)} long</span>
              </p>
              <div className="flex flex-wrap items-center gap-2 text-xs text-subtle">
                <VideoStatusBadge status={row.status} />
                <span>
                  Updated <time dateTime={row.updatedAt}>{formatUpdated(row.updatedAt)}</time>
                </span>
              </div>
            </div>
            <LinkPending className="text-subtle" />
            <ChevronRight aria-hidden className="size-4 shrink-0 text-subtle group-hover:text-ink" />
          </Link>
        </li>
      ))}
    </ul>
  )
}
