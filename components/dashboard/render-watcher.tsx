'use client'

import { useEffect } from 'react'
import { toast } from 'sonner'
import { whenIdle } from '@/lib/browser/idle'

const ENDED: Record<string, string> = { succeeded: 'Your video is ready', failed: 'A render failed', canceled: 'A render was canceled' }

/**
 * Wherever the person is in the dashboard, a toast says when a render they started ends, with a
 * link to the video. Realtime only delivers rows the person may read (RLS); the filter keeps it to
 * their own runs. The client (supabase-js with realtime, ~250 KB of script) loads when the page is
 * idle, not with every dashboard page's first load (npm run bench:editor-profile).
 */
export function RenderWatcher({ userId, teamId }: { userId: string; teamId: string }) {
  useEffect(() => {
    let stop: (() => void) | null = null
    let cancelled = false
    const start = async () => {
      const [{ createClient }, { subscribeAuthorized }] = await Promise.all([import('@/lib/supabase/client'), import('@/lib/supabase/realtime-auth')])
      if (cancelled) return
      const supabase = createClient()
      const channel = supabase
        .channel(`my-renders:${userId}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'render_runs', filter: `requested_by=eq.${userId}` }, (payload) => {
          const run = payload.new as { id: string; status: string; video_id: string | null; team_id: string | null; error_message: string | null }
          const before = payload.old as { status?: string }
          const title = ENDED[run.status]
          if (!title || (before.status && ENDED[before.status]) || !run.video_id) return
          void (async () => {
            const { data } = await supabase.from('videos').select('title, listing_id').eq('id', run.video_id!).maybeSingle()
            const href = data ? `/dashboard/${run.team_id ?? teamId}/props/${data.listing_id}/${run.video_id}` : null
            const show = run.status === 'succeeded' ? toast.success : run.status === 'failed' ? toast.error : toast.info
            show(title, {
              id: `render-${run.id}`,
              description: run.status === 'failed' ? (run.error_message ?? undefined) : data?.title,
              action: href ? { label: 'Open', onClick: () => window.location.assign(href) } : undefined,
            })
          })()
        })
      stop = subscribeAuthorized(supabase, channel)
    }
    const begin = () => void start().catch((error: unknown) => console.warn('[renders] the render watcher could not start', error))
    const cancelIdle = whenIdle(begin, 2_000)
    return () => {
      cancelled = true
      cancelIdle()
      stop?.()
    }
  }, [userId, teamId])
  return null
}
