import { describe, expect, it } from 'vitest'
import { crfFor } from '../../../lib/render/quality.ts'
import { splitFrames, videoBitrateFor } from '../../../worker/web-parts.ts'

describe('sharing frames between render tabs', () => {
  it('covers every frame exactly once, in order, in near-equal runs', () => {
    for (const [first, last, parts] of [[0, 908, 2], [0, 680, 2], [100, 399, 3], [0, 89, 2], [5, 65, 2]] as const) {
      const ranges = splitFrames(first, last, parts)
      expect(ranges[0][0]).toBe(first)
      expect(ranges.at(-1)![1]).toBe(last)
      for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBe(ranges[i - 1][1] + 1)
      const sizes = ranges.map(([a, b]) => b - a + 1)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
  })
  it('does not split a short video (two tabs would cost more to start than they save)', () => {
    expect(splitFrames(0, 58, 2)).toEqual([[0, 58]])
    expect(splitFrames(0, 0, 2)).toEqual([[0, 0]])
  })
})

describe('quality', () => {
  const size = { width: 1080, height: 1920, fps: 30, totalFrames: 900 }
  it('gives the in-browser encoder a share of the pixel rate; high twice standard; smaller renders fewer bits', () => {
    const standard = videoBitrateFor({ size, quality: 'standard' }, 1)
    expect(standard).toBe(Math.round(1080 * 1920 * 30 * 0.05))
    expect(videoBitrateFor({ size, quality: 'high' }, 1)).toBe(2 * standard)
    expect(videoBitrateFor({ size }, 1)).toBe(standard)
    expect(videoBitrateFor({ size, quality: 'standard' }, 0.5)).toBe(Math.round(standard / 4))
    expect(videoBitrateFor({ size, quality: 'standard' }, 0.05)).toBe(200_000)
  })
  it("leaves Remotion's CRF alone for standard and takes 4 off for high, where the codec has one", () => {
    expect(crfFor('h264', 'standard')).toBeUndefined()
    expect(crfFor('h264', 'high')).toBe(14)
    expect(crfFor('vp9', 'high')).toBe(24)
    expect(crfFor('gif', 'high')).toBeUndefined()
    expect(crfFor('prores', 'high')).toBeUndefined()
  })
})
