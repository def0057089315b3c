// The composition details card (duration, size, fps) follows the server's answer to
// describeComposition: loading (nothing yet) → success → refreshing (the last answer stays on
// screen while a newer one is asked for) → success again, or error. Answers to requests older than
// the one that started the wait are ignored here, and useCompositionDetails drops every answer but
// the latest request's, so a slow reply never overwrites a newer one.

export type CompositionFacts = { width: number; height: number; fps: number; durationInFrames: number; seconds: number }

export type DetailsPhase = 'loading' | 'success' | 'refreshing' | 'error'

export type DetailsState = {
  phase: DetailsPhase
  details: CompositionFacts | null
  error: string | null
  /** the request whose answer is awaited (or was last received) */
  requestId: number
}

export type DetailsAction =
  | { type: 'request'; id: number }
  | { type: 'success'; id: number; details: CompositionFacts }
  | { type: 'failure'; id: number; error: string }

export const initialDetailsState: DetailsState = { phase: 'loading', details: null, error: null, requestId: 0 }

/** The state an editor opens in: the page worked out the stored props' details already, or nothing yet. */
export const openingDetailsState = (details: CompositionFacts | null | undefined): DetailsState =>
  details ? { phase: 'success', details, error: null, requestId: 0 } : initialDetailsState

export function detailsReducer(state: DetailsState, action: DetailsAction): DetailsState {
  switch (action.type) {
    case 'request':
      // already waiting: the same state (typing asks again on every keystroke; a new state each time
      // re-rendered the whole editor once more per key). The hook drops answers to superseded requests.
      if (state.phase === 'loading' || state.phase === 'refreshing') return state
      return { ...state, phase: state.details ? 'refreshing' : 'loading', requestId: action.id }
    case 'success':
      if (action.id < state.requestId) return state
      return { phase: 'success', details: action.details, error: null, requestId: action.id }
    case 'failure':
      if (action.id < state.requestId) return state
      return { ...state, phase: 'error', error: action.error }
  }
}

export const DETAILS_LABEL: Record<DetailsPhase, string> = {
  loading: 'Loading details…',
  success: 'Up to date',
  refreshing: 'Updating…',
  error: 'Could not work out the details',
}

/** 42 s → "0:42", 75.5 s → "1:15" (rounded to the nearest second). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** "1920×1080" */
export const formatSize = (details: Pick<CompositionFacts, 'width' | 'height'>) => `${details.width}×${details.height}`
