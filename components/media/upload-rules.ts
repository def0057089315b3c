/*
 * What a failed photo upload may still do (issue 26, item 7). A failure is either a refusal (the
 * server judged the file: too large, not an image, damaged, the listing is full) or a transient one
 * (the connection dropped, the server had a moment). A refused file would be refused again, so it
 * offers no Retry, only Remove; no failed file holds one of the listing's photo slots or the cover.
 */

/** An upload error that says whether trying the same file again can help. */
export class UploadFailure extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message)
  }
}

/** Whether an HTTP status from the storage PUT is worth retrying: none, a timeout, a rate limit, a 5xx. */
export function retryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500
}

/** Whether an error thrown on the way is worth retrying (an UploadFailure knows; anything else is the network). */
export function isRetryable(error: unknown): boolean {
  return error instanceof UploadFailure ? error.retryable : true
}

interface Slotted {
  key: string
  status: string
}

/** The photos that hold a slot of the listing's maximum: every one but the failed. */
export function slotsTaken(items: readonly Slotted[]): number {
  return items.filter((item) => item.status !== 'failed').length
}

/** The cover: the chosen photo unless it failed, else the first photo that did not fail. */
export function coverOf<T extends Slotted>(items: readonly T[], chosen: string | null): T | null {
  const usable = items.filter((item) => item.status !== 'failed')
  return usable.find((item) => item.key === chosen) ?? usable[0] ?? null
}

/** What to do about failed photos, true to which of them a Retry can help: "Remove it" / "Retry or remove them". */
export function failedAdvice(failed: number, refused: number): string {
  const them = failed === 1 ? 'it' : 'them'
  if (refused === failed) return `Remove ${them}`
  if (refused === 0) return `Retry ${them} or remove ${them}`
  return `Retry the ones that failed and remove the refused ones`
}
