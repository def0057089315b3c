import { describe, expect, it } from 'vitest'
import { canRedo, canUndo, createHistory, record, redo, undo } from '@/components/editor/history'

describe('editor history', () => {
  it('records separate steps and undoes them in order', () => {
    let h = createHistory('a')
    h = record(h, 'b', { key: 'x', at: 0 })
    h = record(h, 'c', { key: 'y', at: 10 })
    expect(h.past).toEqual(['a', 'b'])
    h = undo(h)
    expect(h.present).toBe('b')
    h = undo(h)
    expect(h.present).toBe('a')
    expect(canUndo(h)).toBe(false)
    expect(undo(h)).toBe(h)
  })

  it('merges a typing burst on one field into one step', () => {
    let h = createHistory('')
    for (const [i, text] of ['K', 'Ki', 'Kit', 'Kitc', 'Kitchen'].entries()) h = record(h, text, { key: 'caption:1', at: i * 200 })
    expect(h.present).toBe('Kitchen')
    expect(h.past).toEqual([''])
    expect(undo(h).present).toBe('')
  })

  it('starts a new step after a pause or on another field', () => {
    let h = createHistory('')
    h = record(h, 'a', { key: 'f', at: 0 })
    h = record(h, 'ab', { key: 'f', at: 2500 })
    expect(h.past).toEqual(['', 'a'])
    h = record(h, 'abc', { key: 'g', at: 2600 })
    expect(h.past).toEqual(['', 'a', 'ab'])
  })

  it('never merges changes without a key (moves, removals)', () => {
    let h = createHistory(1)
    h = record(h, 2, { at: 0 })
    h = record(h, 3, { at: 1 })
    expect(h.past).toEqual([1, 2])
  })

  it('redoes what was undone, and a new change drops the redo branch', () => {
    let h = createHistory('a')
    h = record(h, 'b', { key: 'k', at: 0 })
    h = undo(h)
    expect(canRedo(h)).toBe(true)
    expect(redo(h).present).toBe('b')
    h = record(h, 'z', { key: 'k', at: 100 })
    expect(canRedo(h)).toBe(false)
    expect(h.past).toEqual(['a'])
  })

  it('does not merge into a step reached by undo', () => {
    let h = createHistory('a')
    h = record(h, 'ab', { key: 'k', at: 0 })
    h = record(h, 'abc', { key: 'x', at: 10 })
    h = undo(h)
    h = record(h, 'abd', { key: 'k', at: 20 })
    expect(h.past).toEqual(['a', 'ab'])
  })

  it('ignores a change to the same snapshot and keeps at most `limit` steps', () => {
    let h = createHistory(0)
    expect(record(h, 0, { at: 0 })).toBe(h)
    for (let i = 1; i <= 10; i += 1) h = record(h, i, { at: i, limit: 3 })
    expect(h.past).toEqual([7, 8, 9])
  })
})
