import type { ReactNode } from 'react'
import Link from 'next/link'
import { Bug, Heart, Lightbulb, MessageCircle } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import type { FeedbackKind, FeedbackStatus } from '@/lib/constants'
import type { FeedbackItem } from '@/lib/feedback/queries'
import { FEEDBACK_KIND_NAMES, FEEDBACK_STATUS_LABELS } from '@/lib/feedback/schema'
import { FeedbackReview } from './feedback-review'

const KIND_ICONS: Record<FeedbackKind, ReactNode> = {
  bug: <Bug aria-hidden className="size-3.5" />,
  idea: <Lightbulb aria-hidden className="size-3.5" />,
  praise: <Heart aria-hidden className="size-3.5" />,
  other: <MessageCircle aria-hidden className="size-3.5" />,
}

const STATUS_TONES: Record<FeedbackStatus, 'brand' | 'warning' | 'success'> = {
  new: 'brand',
  reviewed: 'warning',
  resolved: 'success',
}

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-testid="feedback-status">
      {FEEDBACK_STATUS_LABELS[status]}
    </Badge>
  )
}

export interface FeedbackListProps {
  items: FeedbackItem[]
  /** false on a person's own admin page, where the sender is already the page */
  showSender?: boolean
  /** shown when there is nothing to list */
  empty: ReactNode
}

/**
 * Feedback messages for administrators, each with its sender, team, page, kind and status, and the
 * inline status/note controls. Drop it anywhere under /admin with rows from lib/feedback/queries.
 */
export function FeedbackList({ items, showSender = true, empty }: FeedbackListProps) {
  if (items.length === 0) return <>{empty}</>
  return (
    <ul className="space-y-3" aria-label="Feedback">
      {items.map((item) => (
        <li key={item.id} data-testid="feedback-item" className="rounded-xl border border-border bg-surface shadow-card">
          <article aria-label={`${FEEDBACK_KIND_NAMES[item.kind]} from ${item.sender_name || item.sender_email || 'a deleted account'}`}>
            <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-border px-5 py-3 text-sm">
              <Badge>
                {KIND_ICONS[item.kind]}
                {FEEDBACK_KIND_NAMES[item.kind]}
              </Badge>
              <FeedbackStatusBadge status={item.status} />
              {showSender ? (
                <Link href={`/admin/users/${item.user_id}`} className="min-w-0 truncate font-medium text-ink hover:underline">
                  {item.sender_name || item.sender_email}
                  {item.sender_name && item.sender_email ? <span className="font-normal text-muted"> · {item.sender_email}</span> : null}
                </Link>
              ) : null}
              <span className="text-muted">{item.team_name ? `in ${item.team_name}` : 'no team'}</span>
              <time dateTime={item.created_at} className="ml-auto text-xs text-subtle">
                {when.format(new Date(item.created_at))}
              </time>
            </header>
            <div className="space-y-3 px-5 py-4">
              <p className="text-sm whitespace-pre-wrap break-words text-ink">{item.message}</p>
              <p className="text-xs text-muted">
                Sent from <code className="rounded bg-canvas px-1.5 py-0.5 font-mono text-[0.7rem] break-all text-ink">{item.page_path}</code>
              </p>
              {item.admin_note ? (
                <div className="rounded-lg bg-canvas px-3 py-2 text-sm">
                  <p className="text-xs font-medium text-muted">
                    Note{item.reviewer_name ? ` by ${item.reviewer_name}` : ''}
                    {item.reviewed_at ? `, ${when.format(new Date(item.reviewed_at))}` : ''}
                  </p>
                  <p className="mt-0.5 whitespace-pre-wrap break-words text-ink">{item.admin_note}</p>
                </div>
              ) : null}
            </div>
            <footer className="rounded-b-xl border-t border-border bg-canvas/60 px-5 py-3">
              <FeedbackReview id={item.id} status={item.status} note={item.admin_note} />
            </footer>
          </article>
        </li>
      ))}
    </ul>
  )
}
