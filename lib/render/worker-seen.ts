import { z } from 'zod'
import { spokenDuration } from '@/lib/plural'

/*
 * Is a render worker taking renders? The database answers how long ago a local worker was last seen
 * (public.render_worker_seconds_since_seen(): a worker asks for work about once a second and beats
 * every 5 s while rendering). A run that waits for one says so once that is longer than
 * WORKER_SILENT_AFTER_S: a queued local run, and a Lambda run whose render succeeded and now waits for
 * a worker to copy its file into storage, master its audio and cut its poster (worker/lambda-finish.ts).
 */

/** A worker asks for work every second; 30 s without one is a stopped worker, never a busy one. */
export const WORKER_SILENT_AFTER_S = 30
/** how often a page with a waiting run asks again */
export const WORKER_SEEN_POLL_MS = 5_000

/** null: never seen (or not for a day) */
export const workerSeenSchema = z.number().int().min(0).nullable()

/** Whether this run can only move on when a render worker takes it. */
export function waitsForWorker(run: { status: string; renderer: string }): boolean {
  return (run.status === 'queued' && run.renderer === 'local') || (run.status === 'uploading' && run.renderer === 'lambda')
}

/** The notice for a run that waits, or null when a worker was seen lately (or the run does not wait for one). */
export function workerNotice(run: { status: string; renderer: string }, secondsSinceSeen: number | null | undefined): string | null {
  if (!waitsForWorker(run) || secondsSinceSeen === undefined) return null
  if (secondsSinceSeen !== null && secondsSinceSeen <= WORKER_SILENT_AFTER_S) return null
  const since = secondsSinceSeen === null ? 'No render worker is running' : `No render worker has been seen for ${spokenDuration(secondsSinceSeen)}`
  if (run.renderer === 'lambda') {
    return `${since}, so your rendered video waits to be copied and finished. It is ready as soon as one is back; you can leave this page.`
  }
  return `${since}, so renders wait in the queue. Your video starts as soon as one is back; you can leave this page.`
}
