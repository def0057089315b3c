'use client'

import { useEffect, useState } from 'react'
import { TriangleAlert } from 'lucide-react'
import { createClient } from '@/lib/supabase/client'
import { WORKER_SEEN_POLL_MS, waitsForWorker, workerNotice, workerSeenSchema } from '@/lib/render/worker-seen'

/**
 * While a run waits for a render worker (a local run in the queue, or a Lambda render waiting to be
 * copied and finished), asks every few seconds when a worker was last seen and says so when none is
 * taking work (lib/render/worker-seen.ts). Nothing for runs that are moving.
 */
export function WorkerNotice({ run }: { run: { status: string; renderer: string } }) {
  const waiting = waitsForWorker(run)
  // undefined: not asked yet (nothing is said until the database answered)
  const [seconds, setSeconds] = useState<number | null | undefined>(undefined)

  useEffect(() => {
    if (!waiting) return
    const supabase = createClient()
    let stopped = false
    const ask = async () => {
      const { data, error } = await supabase.rpc('render_worker_seconds_since_seen')
      const parsed = workerSeenSchema.safeParse(data)
      if (!stopped && !error && parsed.success) setSeconds(parsed.data)
    }
    void ask()
    const timer = setInterval(() => void ask(), WORKER_SEEN_POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [waiting])

  const notice = workerNotice(run, seconds)
  if (!notice) return null
  return (
    <div role="status" data-testid="worker-notice" className="flex gap-2 rounded-lg border border-warning-600/25 bg-warning-50 px-3 py-2 text-sm text-warning-700">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        <p>{notice}</p>
        {process.env.NODE_ENV === 'development' ? (
          <p className="text-xs">
            Developers: start one with <code>npm run worker</code> (or restart <code>npm run dev</code>); it needs Chromium:{' '}
            <code>bash scripts/ensure-chromium.sh</code>.
          </p>
        ) : null}
      </div>
    </div>
  )
}
