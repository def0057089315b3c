import { describe, expect, it } from 'vitest'
import { coverOf, failedAdvice, isRetryable, retryableStatus, slotsTaken, UploadFailure } from '@/components/media/upload-rules'

// Issue 26, item 7: a failed file took the Cover slot, counted toward the photo limit and offered a
// Retry that could only fail again.
describe('failed photo uploads', () => {
  const items = [
    { key: 'a', status: 'failed' },
    { key: 'b', status: 'done' },
    { key: 'c', status: 'uploading' },
  ]
  it('a failed photo is never the cover, chosen or by default', () => {
    expect(coverOf(items, null)?.key).toBe('b')
    expect(coverOf(items, 'a')?.key).toBe('b')
    expect(coverOf(items, 'c')?.key).toBe('c')
    expect(coverOf([{ key: 'a', status: 'failed' }], null)).toBeNull()
  })
  it('a failed photo holds no slot of the limit', () => {
    expect(slotsTaken(items)).toBe(2)
  })
  it('a refusal offers no retry; a dropped connection or a 5xx does', () => {
    expect(isRetryable(new UploadFailure('x.jpg is 17.3 MB', false))).toBe(false)
    expect(isRetryable(new UploadFailure('interrupted', true))).toBe(true)
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true)
    expect([0, 408, 429, 500, 503].map(retryableStatus)).toEqual([true, true, true, true, true])
    expect([400, 403, 413, 415].map(retryableStatus)).toEqual([false, false, false, false])
  })
  it('the advice matches what can be done', () => {
    expect(failedAdvice(1, 1)).toBe('Remove it')
    expect(failedAdvice(2, 0)).toBe('Retry them or remove them')
    expect(failedAdvice(3, 1)).toBe('Retry the ones that failed and remove the refused ones')
  })
})
