'use client'

import { useEffect, useRef, useState } from 'react'
import { createClient } from '@/lib/supabase/client'
import { subscribeAuthorized } from '@/lib/supabase/realtime-auth'
import { listRenderRuns } from '@/lib/render/actions'
import type { RenderRunView } from '@/lib/render/codecs'
import { runProgressSchema } from '@/lib/render/progress-view'

export const ACTIVE_STATUSES = ['queued', 'rendering', 'encoding', 'uploading']
const POLL_MS = 3_000
/** a Lambda run's progress lives on AWS until someone asks: the progress route asks and writes the row */
const LAMBDA_POLL_MS = 2_000

/**
 * The video's render runs, live: changes arrive over Supabase realtime (RLS decides who hears them);
 * while the socket is not subscribed and a run is active, the list is polled instead. When a run
 * ends, the list is read again for the finished file's signed URLs.
 */
export function useRenderRuns(teamId: string, videoId: string, initial: RenderRunView[]) {
  const [runs, setRuns] = useState(initial)
  const [live, setLive] = useState(false)
  const active = runs.some((r) => ACTIVE_STATUSES.includes(r.status))
  const refreshing = useRef(false)

  async function refresh() {
    if (refreshing.current) return
    refreshing.current = true
    try {
      const result = await listRenderRuns(teamId, videoId)
      if (result.ok) setRuns(result.data)
    } finally {
      refreshing.current = false
    }
  }

  useEffect(() => {
    const supabase = createClient()
    const channel = supabase
      .channel(`render-runs:${videoId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'render_runs', filter: `video_id=eq.${videoId}` }, (payload) => {
        const row = payload.new as Partial<RenderRunView> & { id?: string }
        if (!row?.id) return
        setRuns((current) => {
          const known = current.find((r) => r.id === row.id)
          if (!known) return current
          return current.map((r) => (r.id === row.id ? { ...r, ...pick(row) } : r))
        })
        // a new run, or one that ended: read again (new rows, signed URLs of the file)
        if (payload.eventType === 'INSERT' || (row.status && !ACTIVE_STATUSES.includes(row.status))) void refresh()
      })
    return subscribeAuthorized(supabase, channel, (status) => setLive(status === 'SUBSCRIBED'))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per video
  }, [videoId])

  useEffect(() => {
    if (live || !active) return
    const timer = setInterval(() => void refresh(), POLL_MS)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh reads the latest ids
  }, [live, active])

  const lambdaRun = runs.find((r) => r.renderer === 'lambda' && ACTIVE_STATUSES.includes(r.status))?.id
  useEffect(() => {
    if (!lambdaRun) return
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/api/renders/${lambdaRun}/progress`, { cache: 'no-store' })
        const row = response.ok ? runProgressSchema.safeParse(await response.json()) : null
        if (!row?.success) return
        setRuns((current) => current.map((r) => (r.id === row.data.id ? { ...r, ...pick(row.data) } : r)))
        if (!ACTIVE_STATUSES.includes(row.data.status)) void refresh()
      } catch {
        // offline for a moment: the next tick (or realtime) catches up
      }
    }, LAMBDA_POLL_MS)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh reads the latest ids
  }, [lambdaRun])

  return { runs, setRuns, live, refresh }
}

/** Only the progress columns: the realtime row has no signed URLs. */
function pick(row: Partial<RenderRunView>): Partial<RenderRunView> {
  const { status, stage, progress, rendered_frames, encoded_frames, reused_frames, error_message, started_at, finished_at, output_bytes } = row
  return Object.fromEntries(
    Object.entries({ status, stage, progress, rendered_frames, encoded_frames, reused_frames, error_message, started_at, finished_at, output_bytes }).filter(([, v]) => v !== undefined),
  )
}
