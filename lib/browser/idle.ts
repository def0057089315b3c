/**
 * Runs `task` when the browser is next idle, and at the latest after `timeoutMs`; where there is no
 * requestIdleCallback (Safari), after `fallbackMs`. Answers a cancel.
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const timer = window.setTimeout(task, fallbackMs)
  return () => window.clearTimeout(timer)
}
