// What every renderer (the local worker, the Lambda webhook) says about a run's end, without the
// worker's file-system code: a route that imports this stays small.

export const RENDERS_BUCKET = 'renders'

/** What a person reads when a run fails: what happened and that the credit came back. */
export function failureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  if (/needs repair|no longer fit/i.test(text)) return 'This video needs repair before it can render. Your credit was refunded.'
  if (/(404|403|Failed to load|net::|Error loading image|could not be loaded)/i.test(text)) {
    return 'A picture or track of this video could not be loaded (was it deleted?). Your credit was refunded.'
  }
  if (/ENOSPC|no space/i.test(text)) return 'The renderer ran out of disk space. Your credit was refunded; try again in a moment.'
  return 'The render failed on our side. Your credit was refunded; try again, and tell us if it happens again.'
}
