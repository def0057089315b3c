import { z } from 'zod'
import { spokenDuration } from '@/lib/plural'

/*
 * Is a render worker taking renders? The database answers how long ago a local worker was last seen
 * (public.render_worker_seconds_since_seen(): a worker asks for work about once a second and beats
 * every 5 s while rendering). A queued local run says so once that is longer than WORKER_SILENT_AFTER_S.
 */

/** A worker asks for work every second; 30 s without one is a stopped worker, never a busy one. */
export const WORKER_SILENT_AFTER_S = 30
/** how often a page with a waiting run asks again */
export const WORKER_SEEN_POLL_MS = 5_000

/** null: never seen (or not for a day) */
export const workerSeenSchema = z.number().int().min(0).nullable()

/** The notice for a run that waits, or null when a worker was seen lately (or the run does not wait for one). */
export function workerNotice(run: { status: string; renderer: string }, secondsSinceSeen: number | null | undefined): string | null {
  if (run.status !== 'queued' || run.renderer !== 'local' || secondsSinceSeen === undefined) return null
  if (secondsSinceSeen !== null && secondsSinceSeen <= WORKER_SILENT_AFTER_S) return null
  const since = secondsSinceSeen === null ? 'No render worker is running' : `No render worker has been seen for ${spokenDuration(secondsSinceSeen)}`
  return `${since}, so renders wait in the queue. Your video starts as soon as one is back; you can leave this page.`
}
