'use client'

import Link from 'next/link'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Download } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { RunProgress } from '@/components/videos/render-progress'
import { ACTIVE_STATUSES } from '@/components/videos/use-render-runs'
import { capture } from '@/lib/analytics/browser'
import { createClient } from '@/lib/supabase/client'
import { subscribeAuthorized } from '@/lib/supabase/realtime-auth'
import type { RenderRunView } from '@/lib/render/codecs'
import { cancelTrialRender, getTrialRun } from '@/lib/trials/actions'
import type { TrialRun } from '@/lib/trials/queries'

const POLL_MS = 3_000

/** RunProgress speaks the team runs' shape; a trial run has the same progress columns. */
function asView(run: TrialRun): RenderRunView {
  return {
    ...run,
    codec: 'h264',
    duration_s: null,
    requested_by: run.requested_by,
    quality: 'standard',
  }
}

/**
 * A trial render, live: the row's changes arrive over realtime (RLS: only the visitor who asked);
 * while the socket is not subscribed the run is polled. When it ends the run is read again for its
 * signed file URLs. `children` is what follows a finished video (sign-up or import).
 */
export function TrialRunView({ initial, projectHref, children }: { initial: TrialRun; projectHref: string; children?: React.ReactNode }) {
  const [run, setRun] = useState(initial)
  const [live, setLive] = useState(false)
  const [canceling, setCanceling] = useState(false)
  const active = ACTIVE_STATUSES.includes(run.status)
  const reading = useRef(false)

  async function refresh() {
    if (reading.current) return
    reading.current = true
    try {
      const result = await getTrialRun(run.id)
      if (result.ok) setRun(result.data)
    } finally {
      reading.current = false
    }
  }

  useEffect(() => {
    const supabase = createClient()
    const channel = supabase
      .channel(`trial-run:${initial.id}`)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'render_runs', filter: `id=eq.${initial.id}` }, (payload) => {
        const row = payload.new as Partial<TrialRun>
        const { status, stage, progress, rendered_frames, encoded_frames, error_message, started_at, finished_at } = row
        const changes = Object.fromEntries(
          Object.entries({ status, stage, progress, rendered_frames, encoded_frames, error_message, started_at, finished_at }).filter(([, v]) => v !== undefined),
        )
        setRun((current) => ({ ...current, ...changes }))
        if (status && !ACTIVE_STATUSES.includes(status)) void refresh()
      })
    return subscribeAuthorized(supabase, channel, (status) => setLive(status === 'SUBSCRIBED'))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per run
  }, [initial.id])

  useEffect(() => {
    if (live || !active) return
    const timer = setInterval(() => void refresh(), POLL_MS)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh reads the latest run
  }, [live, active])

  // a success seen over realtime has no file URLs yet: read them once
  useEffect(() => {
    if (run.status === 'succeeded' && !run.videoUrl) void refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per status change
  }, [run.status])

  // the visitor has their finished trial video in front of them: once per run in this tab
  const finished = run.status === 'succeeded' && Boolean(run.videoUrl)
  useEffect(() => {
    if (!finished) return
    try {
      if (sessionStorage.getItem(`try_finished:${run.id}`)) return
      sessionStorage.setItem(`try_finished:${run.id}`, '1')
    } catch {
      // storage refused (private mode): the event may then repeat on a reload
    }
    capture('try_finished', { run_id: run.id })
  }, [finished, run.id])

  async function cancel() {
    setCanceling(true)
    const result = await cancelTrialRender(run.id)
    setCanceling(false)
    if (!result.ok) return void toast.error(result.error)
    toast.success('Render canceled. It does not count as your trial render.')
    void refresh()
  }

  // the page's heading follows the run too (it said "Making your video" after the render ended)
  const heading = (
    <h1 className="mb-6 text-2xl font-semibold tracking-tight text-ink sm:text-3xl" data-testid="trial-run-heading">
      {run.status === 'succeeded' ? 'Your video is ready' : active ? 'Making your video' : run.status === 'canceled' ? 'The render was canceled' : 'The render failed'}
    </h1>
  )

  if (active) {
    return (
      <>
      {heading}
      <div className="space-y-6 rounded-xl border border-border bg-surface p-6 shadow-card">
        <RunProgress run={asView(run)} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">You can leave this page: the render goes on, and this address shows it when you come back.</p>
          <Button variant="outline" size="sm" onClick={() => void cancel()} pending={canceling}>
            Cancel render
          </Button>
        </div>
      </div>
      </>
    )
  }

  if (run.status === 'succeeded') {
    return (
      <>
      {heading}
      <div className="space-y-6">
        <div className="overflow-hidden rounded-xl bg-black shadow-card">
          {run.videoUrl ? (
            <video
              src={run.videoUrl}
              poster={run.posterUrl ?? undefined}
              controls
              playsInline
              className="mx-auto max-h-[70vh] w-auto max-w-full"
              style={{ aspectRatio: `${run.width} / ${run.height}` }}
              data-testid="trial-video"
            />
          ) : (
            <div className="flex aspect-video items-center justify-center text-sm text-white/70">Loading your video…</div>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          {run.downloadUrl ? (
            <ButtonLink href={run.downloadUrl} variant="outline" prefetch={false}>
              <Download aria-hidden className="size-4" />
              Download MP4
            </ButtonLink>
          ) : null}
          <ButtonLink href={projectHref} variant="ghost">
            Back to the project
          </ButtonLink>
        </div>
        {children}
      </div>
      </>
    )
  }

  return (
    <>
    {heading}
    <div className="space-y-4 rounded-xl border border-border bg-surface p-6 shadow-card" role="status">
      <p className="font-medium text-ink">{run.status === 'canceled' ? 'This render was canceled.' : 'This render failed.'}</p>
      {run.error_message ? <p className="text-sm text-muted">{run.error_message}</p> : null}
      <p className="text-sm text-muted">It does not count as your trial render: you can start it again.</p>
      <ButtonLink href={projectHref}>Back to the project</ButtonLink>
      <p className="text-xs text-subtle">
        Stuck? <Link href="/auth/signup" className="underline">Sign up</Link> and render from your dashboard.
      </p>
    </div>
    </>
  )
}
