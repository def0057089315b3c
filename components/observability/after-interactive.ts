import { whenIdle as onIdle } from '@/lib/browser/idle'

/** Loading waits at most this long after the page's load event when nobody interacts with it. */
export const LOAD_FALLBACK_MS = 5_000

const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const

/**
 * Runs `task` once, when the browser is idle after the person first interacts with the page (moves
 * the pointer, taps, types, scrolls), or at the latest LOAD_FALLBACK_MS after the load event. So
 * analytics and error reporting (≈ 300 KB of script, and a full page snapshot for replay) never
 * compete with the page's first paint, hydration or first input: measured on a 4× slowed CPU they
 * block the main thread ≈ 250 ms when they load (docs/observability.md). The cost: a visit that ends
 * within those seconds without any interaction is not counted. Answers a cancel.
 */
export function afterInteractive(task: () => void, fallbackMs = LOAD_FALLBACK_MS): () => void {
  let settled = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let cancelIdle: (() => void) | undefined
  const stopListening = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, whenIdle, { capture: true })
    window.removeEventListener('load', startFallback)
    if (timer !== undefined) clearTimeout(timer)
  }
  function whenIdle() {
    if (settled) return
    settled = true
    stopListening()
    cancelIdle = onIdle(task, 2_000, 100)
  }
  function startFallback() {
    timer = setTimeout(whenIdle, fallbackMs)
  }
  for (const type of INTERACTIONS) window.addEventListener(type, whenIdle, { capture: true, passive: true })
  if (document.readyState === 'complete') startFallback()
  else window.addEventListener('load', startFallback, { once: true })
  return () => {
    settled = true
    stopListening()
    cancelIdle?.()
    if (timer !== undefined) clearTimeout(timer)
  }
}
