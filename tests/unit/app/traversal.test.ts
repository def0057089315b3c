import { afterEach, describe, expect, it, vi } from 'vitest'
import { noteNavigation, takeTraversal } from '@/lib/navigation/traversal'

describe('which page came by Back or Forward', () => {
  afterEach(() => vi.useRealTimers())

  it('the first page to mount after a traverse takes it, once', () => {
    noteNavigation('traverse')
    expect(takeTraversal()).toBe(true)
    expect(takeTraversal()).toBe(false)
  })

  it('a push or replace after it clears it', () => {
    noteNavigation('traverse')
    noteNavigation('push')
    expect(takeTraversal()).toBe(false)
    noteNavigation('traverse')
    noteNavigation('replace')
    expect(takeTraversal()).toBe(false)
  })

  it('a page mounting long after the traverse does not count it', () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    noteNavigation('traverse')
    vi.advanceTimersByTime(6_000)
    expect(takeTraversal()).toBe(false)
  })
})
