import { describe, expect, it } from 'vitest'
import { StorageFailure } from '../../../supabase/local/storage/errors.ts'
import {
  bareMime,
  effectiveSizeLimit,
  mimeAllowed,
  parseAllowedMimeTypes,
  parseFileSizeLimit,
} from '../../../supabase/local/storage/limits.ts'

describe('bucket size limits', () => {
  it('reads numbers as bytes and the platform units as powers of 1000', () => {
    expect(parseFileSizeLimit(1024)).toBe(1024)
    expect(parseFileSizeLimit('3B')).toBe(3)
    expect(parseFileSizeLimit('30KB')).toBe(30_000)
    expect(parseFileSizeLimit('20mb')).toBe(20_000_000)
    expect(parseFileSizeLimit('1 GB')).toBe(1_000_000_000)
    expect(parseFileSizeLimit('1.5MB')).toBe(1_500_000)
  })

  it('treats a missing limit as none', () => {
    expect(parseFileSizeLimit(undefined)).toBeNull()
    expect(parseFileSizeLimit(null)).toBeNull()
  })

  it('refuses formats the platform refuses', () => {
    for (const bad of ['ten megs', '5TB', -1, 'MB']) {
      expect(() => parseFileSizeLimit(bad)).toThrow(/Invalid file size format/)
    }
  })

  it('never lets a bucket raise the global limit', () => {
    expect(effectiveSizeLimit(null, 50)).toBe(50)
    expect(effectiveSizeLimit(10, 50)).toBe(10)
    expect(effectiveSizeLimit(100, 50)).toBe(50)
  })
})

describe('allowed MIME types', () => {
  it('matches exact types and type/* wildcards, ignoring parameters and case', () => {
    const allowed = ['image/*', 'application/pdf']
    expect(mimeAllowed('image/png', allowed)).toBe(true)
    expect(mimeAllowed('IMAGE/JPEG', allowed)).toBe(true)
    expect(mimeAllowed('application/pdf; charset=binary', allowed)).toBe(true)
    expect(mimeAllowed('application/json', allowed)).toBe(false)
    expect(mimeAllowed('text/plain;charset=UTF-8', allowed)).toBe(false)
    expect(mimeAllowed('imagex/png', allowed)).toBe(false)
  })

  it('allows everything when the bucket sets no list', () => {
    expect(mimeAllowed('text/plain', null)).toBe(true)
    expect(mimeAllowed('text/plain', [])).toBe(true)
  })

  it('strips parameters for the error message', () => {
    expect(bareMime('text/plain;charset=UTF-8')).toBe('text/plain')
  })

  it('validates the list a bucket is created with', () => {
    expect(parseAllowedMimeTypes(['image/*', ' Video/MP4 '])).toEqual(['image/*', 'video/mp4'])
    expect(parseAllowedMimeTypes(undefined)).toBeNull()
    const err = (() => {
      try {
        parseAllowedMimeTypes(['not a mime'])
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(StorageFailure)
    expect((err as StorageFailure).code).toBe('InvalidMimeType')
  })
})
