// Undo/redo over whole-document snapshots. Typing in one field makes a burst of changes; changes
// with the same key inside `windowMs` of each other merge into one undo step, so Ctrl+Z takes back
// the word (or the burst), not a single letter.

export type History<T> = {
  past: T[]
  present: T
  future: T[]
  /** the key and time of the last recorded change, for coalescing */
  lastKey: string | null
  lastAt: number
}

export type RecordOptions = {
  /** changes with the same key close together become one step; null never merges */
  key?: string | null
  at: number
  windowMs?: number
  limit?: number
}

export const HISTORY_LIMIT = 100
export const COALESCE_MS = 1000

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 }
}

export function record<T>(history: History<T>, next: T, options: RecordOptions): History<T> {
  if (Object.is(next, history.present)) return history
  const key = options.key ?? null
  const windowMs = options.windowMs ?? COALESCE_MS
  const limit = options.limit ?? HISTORY_LIMIT
  const merge = key !== null && key === history.lastKey && options.at - history.lastAt <= windowMs && history.future.length === 0
  if (merge) {
    return { ...history, present: next, lastAt: options.at }
  }
  const past = [...history.past, history.present]
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
    lastKey: key,
    lastAt: options.at,
  }
}

export function undo<T>(history: History<T>): History<T> {
  if (!history.past.length) return history
  const previous = history.past[history.past.length - 1]
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
    lastAt: 0,
  }
}

export function redo<T>(history: History<T>): History<T> {
  if (!history.future.length) return history
  const [next, ...rest] = history.future
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null, lastAt: 0 }
}

export const canUndo = (history: History<unknown>) => history.past.length > 0
export const canRedo = (history: History<unknown>) => history.future.length > 0
