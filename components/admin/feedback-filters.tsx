import Link from 'next/link'
import { cn } from '@/components/ui/cn'
import { FEEDBACK_KINDS, FEEDBACK_STATUSES, type FeedbackKind, type FeedbackStatus } from '@/lib/constants'
import { FEEDBACK_KIND_NAMES, FEEDBACK_STATUS_LABELS } from '@/lib/feedback/schema'

interface Props {
  status?: FeedbackStatus
  kind?: FeedbackKind
  counts: Record<FeedbackStatus | 'all', number>
  basePath?: string
}

/** The list's address for a filter; changing a filter goes back to the first page. */
export function feedbackHref(filter: { status?: FeedbackStatus; kind?: FeedbackKind }, basePath = '/admin/feedback') {
  const query = new URLSearchParams()
  if (filter.status) query.set('status', filter.status)
  if (filter.kind) query.set('kind', filter.kind)
  const text = query.toString()
  return text ? `${basePath}?${text}` : basePath
}

function Chip({ href, active, children }: { href: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset',
        active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-surface text-muted ring-border-strong hover:bg-canvas hover:text-ink',
      )}
    >
      {children}
    </Link>
  )
}

/** Status tabs with their counts, and kind chips: links, so a filtered list can be shared and reloaded. */
export function FeedbackFilters({ status, kind, counts, basePath }: Props) {
  const statuses: [FeedbackStatus | undefined, string, number][] = [
    [undefined, 'All', counts.all],
    ...FEEDBACK_STATUSES.map((value) => [value, FEEDBACK_STATUS_LABELS[value], counts[value]] as [FeedbackStatus, string, number]),
  ]
  return (
    <div className="space-y-3">
      <nav aria-label="Filter by status" className="flex gap-2 overflow-x-auto pb-1">
        {statuses.map(([value, label, count]) => (
          <Chip key={label} href={feedbackHref({ status: value, kind }, basePath)} active={status === value}>
            {label}
            <span className="tabular-nums opacity-80">{count.toLocaleString('en-US')}</span>
          </Chip>
        ))}
      </nav>
      <nav aria-label="Filter by kind" className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-subtle uppercase">Kind</span>
        <Chip href={feedbackHref({ status }, basePath)} active={!kind}>
          Any
        </Chip>
        {FEEDBACK_KINDS.map((value) => (
          <Chip key={value} href={feedbackHref({ status, kind: value }, basePath)} active={kind === value}>
            {FEEDBACK_KIND_NAMES[value]}
          </Chip>
        ))}
      </nav>
    </div>
  )
}
