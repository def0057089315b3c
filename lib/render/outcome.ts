import type { Tables } from '@/lib/database.types'

// What every renderer (the local worker, the Lambda webhook) says about a run's end, without the
// worker's engine (worker/): a route that imports this stays small.

/** A render_runs row as the worker claims it. */
export type RenderRun = Tables<'render_runs'>

/** How a run the worker rendered ended (told to error reporting and analytics). */
export type RunOutcome =
  | { ok: true; bytes: number; durationS: number; renderMs: number }
  | { ok: false; error: unknown; message: string; renderMs: number }

export const RENDERS_BUCKET = 'renders'

/**
 * What a person reads when a run fails: what happened and that nothing was lost (a team's credit
 * comes back; a trial render that failed does not count as the trial's one render).
 */
export function failureMessage(error: unknown, { trial = false }: { trial?: boolean } = {}): string {
  const text = error instanceof Error ? error.message : String(error)
  const back = trial ? 'It does not count as your trial render.' : 'Your credit was refunded.'
  if (/needs repair|no longer fit/i.test(text)) return `This video needs repair before it can render. ${back}`
  if (/(404|403|Failed to load|net::|Error loading image|could not be loaded)/i.test(text)) {
    return `A picture or track of this video could not be loaded (was it deleted?). ${back}`
  }
  if (/ENOSPC|no space/i.test(text)) return `The renderer ran out of disk space. ${back} Try again in a moment.`
  return `The render failed on our side. ${back} Try again, and tell us if it happens again.`
}
