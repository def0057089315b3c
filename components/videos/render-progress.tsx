'use client'

import { useEffect, useState } from 'react'
import type { RenderRunView } from '@/lib/render/codecs'
import { WorkerNotice } from './worker-notice'

const STATUS_LABELS: Record<string, string> = {
  queued: 'Waiting for a renderer',
  rendering: 'Rendering',
  encoding: 'Encoding',
  uploading: 'Uploading',
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** "82 % reused": how much of a run the render cache supplied (unchanged scenes are not drawn again). */
export function reusedLabel(run: Pick<RenderRunView, 'reused_frames' | 'total_frames' | 'duration_s' | 'fps'>): string {
  // a finished run's own length (a test rig renders only the first frames of the video)
  const frames = run.duration_s && run.fps ? Math.round(run.duration_s * run.fps) : run.total_frames
  const share = Math.min(100, Math.round((100 * run.reused_frames) / Math.max(1, frames)))
  return share >= 100 ? 'all reused' : `${share}% reused`
}

/** Stage, percent, frames, elapsed and time left of a run in progress (ticks every second). */
export function RunProgress({ run }: { run: RenderRunView }) {
  // the clock starts after hydration: a time read while rendering differs between the server's HTML
  // and the browser's first render (a hydration mismatch on every reload of a running render)
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    const tick = () => setNow(Date.now())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [])
  const percent = Math.round((run.progress ?? 0) * 100)
  const started = run.started_at ? new Date(run.started_at).getTime() : null
  const elapsed = started && now !== null ? (now - started) / 1000 : 0
  const left = started && now !== null && run.progress > 0.02 ? (elapsed / run.progress) * (1 - run.progress) : null
  return (
    <div className="space-y-2" data-testid="render-progress" aria-live="polite">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-ink">{run.stage || STATUS_LABELS[run.status]}</span>
        <span className="tabular-nums text-muted">{percent}%</span>
      </div>
      <div role="progressbar" aria-label="Render progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-canvas">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="flex justify-between text-xs tabular-nums text-subtle">
        <span>
          {run.rendered_frames} / {run.total_frames} frames
          {run.reused_frames > 0 ? <span data-testid="render-reused"> · {reusedLabel(run)}</span> : null}
        </span>
        <span>
          {!started ? 'In the queue' : now === null ? 'Started' : `${clock(elapsed)} elapsed`}
          {left !== null ? ` · about ${clock(left)} left` : ''}
        </span>
      </p>
      <WorkerNotice run={run} />
    </div>
  )
}

/** The video's earlier runs: when, format, how it ended. */
export function RenderHistory({ runs }: { runs: RenderRunView[] }) {
  if (!runs.length) return <p className="text-sm text-muted">No renders yet.</p>
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium text-ink">Render history</h3>
      <ul className="divide-y divide-border text-sm" data-testid="render-history">
        {runs.map((run) => (
          <li key={run.id} className="flex items-center justify-between gap-3 py-2">
            <span className="text-muted">{new Date(run.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</span>
            <span className="text-subtle">
              <span className="uppercase">{run.codec}</span>
              {run.quality === 'high' ? ' · High' : null}
              {run.unbranded ? ' · Unbranded' : null}
            </span>
            <span className={run.status === 'failed' ? 'text-danger-700' : 'text-ink'} title={run.error_message ?? undefined}>
              {STATUS_LABELS[run.status] ?? run.status}
              {run.status === 'succeeded' && run.reused_frames > 0 ? <span className="text-subtle"> · {reusedLabel(run)}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {runs[0]?.status === 'failed' && runs[0].error_message ? <p className="mt-2 text-sm text-danger-700">{runs[0].error_message}</p> : null}
    </div>
  )
}
