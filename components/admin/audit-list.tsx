import Link from 'next/link'
import { ScrollText } from 'lucide-react'
import type { AuditEntry } from '@/lib/admin/queries'
import { auditNote, describeAudit, formatAgo, formatDayTime, personName } from './format'

/** Administrator actions, newest first: who did what, to whom, when, and the note they gave. */
export function AuditList({ entries, empty, linkTarget = true }: { entries: AuditEntry[]; empty: string; linkTarget?: boolean }) {
  if (!entries.length) {
    return (
      <p className="flex items-center gap-2 px-5 py-6 text-sm text-muted sm:px-6">
        <ScrollText aria-hidden className="size-4 text-subtle" /> {empty}
      </p>
    )
  }
  return (
    <ul className="divide-y divide-border">
      {entries.map((entry) => {
        const note = auditNote(entry)
        return (
          <li key={entry.id} className="px-5 py-3 text-sm sm:px-6">
            <p className="text-ink">
              {entry.actor ? (
                <Link href={`/admin/users/${entry.actor.id}`} className="font-medium hover:underline">
                  {personName(entry.actor)}
                </Link>
              ) : (
                <span className="font-medium">The server</span>
              )}{' '}
              {describeAudit(entry)}
            </p>
            {note ? <p className="mt-0.5 text-muted">“{note}”</p> : null}
            <p className="mt-0.5 text-xs text-subtle">
              <time dateTime={entry.created_at} title={formatDayTime(entry.created_at)}>
                {formatAgo(entry.created_at)}
              </time>
              {linkTarget && entry.target ? (
                <>
                  {' · '}
                  <Link href={`/admin/users/${entry.target.id}`} className="text-brand-700 hover:underline">
                    View {personName(entry.target)}
                  </Link>
                </>
              ) : null}
            </p>
          </li>
        )
      })}
    </ul>
  )
}
