import { describe, expect, it } from 'vitest'
import { DETAILS_LABEL, detailsReducer, formatDuration, formatSize, initialDetailsState, openingDetailsState } from '@/components/editor/details-state'

const facts = (seconds: number) => ({ width: 1920, height: 1080, fps: 30, durationInFrames: seconds * 30, seconds })

describe('composition details state', () => {
  it('goes loading → success → refreshing (keeping the last answer) → success', () => {
    let s = detailsReducer(initialDetailsState, { type: 'request', id: 1 })
    expect(s.phase).toBe('loading')
    s = detailsReducer(s, { type: 'success', id: 1, details: facts(30) })
    expect(s).toMatchObject({ phase: 'success', details: { seconds: 30 } })
    s = detailsReducer(s, { type: 'request', id: 2 })
    expect(s).toMatchObject({ phase: 'refreshing', details: { seconds: 30 } })
    s = detailsReducer(s, { type: 'success', id: 2, details: facts(40) })
    expect(s).toMatchObject({ phase: 'success', details: { seconds: 40 } })
  })

  it('ignores answers to requests older than the one that started the wait', () => {
    let s = detailsReducer(initialDetailsState, { type: 'request', id: 1 })
    s = detailsReducer(s, { type: 'success', id: 1, details: facts(30) })
    s = detailsReducer(s, { type: 'request', id: 2 })
    expect(detailsReducer(s, { type: 'success', id: 1, details: facts(10) })).toBe(s)
    expect(detailsReducer(s, { type: 'failure', id: 1, error: 'old' })).toBe(s)
  })

  it('keeps the same state while an answer is awaited (no re-render per keystroke) and takes the newest answer', () => {
    let s = detailsReducer(initialDetailsState, { type: 'request', id: 1 })
    s = detailsReducer(s, { type: 'success', id: 1, details: facts(30) })
    const waiting = detailsReducer(s, { type: 'request', id: 2 })
    expect(detailsReducer(waiting, { type: 'request', id: 3 })).toBe(waiting)
    expect(detailsReducer(waiting, { type: 'request', id: 4 })).toBe(waiting)
    // the hook only passes on the latest request's answer (4), which the wait started by 2 accepts
    expect(detailsReducer(waiting, { type: 'success', id: 4, details: facts(44) })).toMatchObject({ phase: 'success', details: { seconds: 44 }, requestId: 4 })
  })

  it('shows an error, keeps the last details, and recovers on the next answer', () => {
    let s = detailsReducer(initialDetailsState, { type: 'request', id: 1 })
    s = detailsReducer(s, { type: 'success', id: 1, details: facts(30) })
    s = detailsReducer(s, { type: 'request', id: 2 })
    s = detailsReducer(s, { type: 'failure', id: 2, error: 'Caption is too long' })
    expect(s).toMatchObject({ phase: 'error', error: 'Caption is too long', details: { seconds: 30 } })
    s = detailsReducer(s, { type: 'request', id: 3 })
    expect(s.phase).toBe('refreshing')
    s = detailsReducer(s, { type: 'success', id: 3, details: facts(31) })
    expect(s).toMatchObject({ phase: 'success', error: null })
  })

  it('labels each state and formats the facts', () => {
    expect(DETAILS_LABEL).toMatchObject({ loading: 'Loading details…', success: 'Up to date', refreshing: 'Updating…' })
    expect(formatDuration(42)).toBe('0:42')
    expect(formatDuration(75.5)).toBe('1:16')
    expect(formatSize({ width: 1920, height: 1080 })).toBe('1920×1080')
  })

  it('opens on the details the page worked out, and an edit asks again from there', () => {
    expect(openingDetailsState(undefined)).toBe(initialDetailsState)
    let s = openingDetailsState(facts(30))
    expect(s).toMatchObject({ phase: 'success', details: { seconds: 30 }, error: null })
    s = detailsReducer(s, { type: 'request', id: 2 })
    expect(s).toMatchObject({ phase: 'refreshing', details: { seconds: 30 }, requestId: 2 })
    s = detailsReducer(s, { type: 'success', id: 2, details: facts(34) })
    expect(s).toMatchObject({ phase: 'success', details: { seconds: 34 } })
  })
})
