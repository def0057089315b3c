import Link from 'next/link'
import type { RecentRun } from '@/lib/render/queries'

const LABELS: Record<string, string> = {
  queued: 'Queued', rendering: 'Rendering', encoding: 'Encoding', uploading: 'Uploading',
  succeeded: 'Ready', failed: 'Failed', canceled: 'Canceled',
}

/** The team's latest renders on the team home: which video, how it went, when. */
export function RecentRenders({ runs }: { runs: RecentRun[] }) {
  if (!runs.length) return <p className="text-sm text-muted">No renders yet. Open a video and press Render.</p>
  return (
    <ul className="divide-y divide-border text-sm" aria-label="Recent renders">
      {runs.map((run) => (
        <li key={run.id} className="flex items-center justify-between gap-3 py-2">
          <Link href={run.href} className="min-w-0 truncate font-medium text-ink hover:text-brand-700">
            {run.videoTitle}
          </Link>
          <span className="shrink-0 text-xs text-muted">
            <span className={run.status === 'failed' ? 'text-danger-700' : undefined}>{LABELS[run.status] ?? run.status}</span> ·{' '}
            {new Date(run.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
          </span>
        </li>
      ))}
    </ul>
  )
}
