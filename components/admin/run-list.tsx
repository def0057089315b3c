import { Clapperboard } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import type { AdminRun } from '@/lib/admin/queries'
import { formatAgo, formatDayTime, personName, RUN_STATUS } from './format'

/** Render runs, newest first: what was rendered, for which team (or a trial), by whom, how it went. */
export function RunList({ runs, empty, showRequester = true }: { runs: AdminRun[]; empty: string; showRequester?: boolean }) {
  if (!runs.length) {
    return (
      <p className="flex items-center gap-2 px-5 py-6 text-sm text-muted sm:px-6">
        <Clapperboard aria-hidden className="size-4 text-subtle" /> {empty}
      </p>
    )
  }
  return (
    <ul className="divide-y divide-border">
      {runs.map((run) => {
        const status = RUN_STATUS[run.status] ?? { label: run.status, tone: 'neutral' as const }
        const title = run.videos?.title ?? (run.trial_project_id ? 'Trial video' : 'Deleted video')
        return (
          <li key={run.id} className="flex items-start justify-between gap-3 px-5 py-3 text-sm sm:px-6">
            <div className="min-w-0">
              <p className="truncate font-medium text-ink">{title}</p>
              <p className="truncate text-xs text-muted">
                {run.teams?.name ?? (run.trial_project_id ? 'Try flow' : 'No team')} · {run.format} · {run.codec}
                {showRequester && run.requester ? (
                  <>
                    {' · '}
                    {personName(run.requester)}
                  </>
                ) : null}
              </p>
              {run.status === 'failed' && run.error_message ? (
                <p className="mt-0.5 line-clamp-2 text-xs text-danger-700">{run.error_message}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <Badge tone={status.tone}>{status.label}</Badge>
              <time dateTime={run.created_at} title={formatDayTime(run.created_at)} className="text-xs text-subtle">
                {formatAgo(run.created_at)}
              </time>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
