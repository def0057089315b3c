import { describe, expect, it } from 'vitest'
import { listingFilterSchema } from '@/lib/listings/schema'
import { findControlCharacter, stripControlCharacters } from '@/lib/text'

describe('control characters in input', () => {
  it('finds a NUL or other control character anywhere, with the path of the field', () => {
    expect(findControlCharacter({ title: 'Sea view\u0000' })).toBe('title')
    expect(findControlCharacter({ props: { scenes: [{ caption: 'ok' }, { caption: 'bad\u001b[31m' }] } })).toBe('props.scenes.1.caption')
    expect(findControlCharacter(['a', 'b\u007f'])).toBe('1')
    expect(findControlCharacter({ ['key\u0000']: 'x' })).toBe('form')
    expect(findControlCharacter('\u0008')).toBe('form')
  })

  it('lets tabs, new lines, emoji and other scripts through', () => {
    expect(findControlCharacter({ description: 'Line one\r\n\tLine two 🏡 – Straße 東京', price: 5, on: true, none: null })).toBeNull()
  })

  it('cleans the listings search instead of failing (NUL used to be a 500)', () => {
    expect(stripControlCharacters('har\u0000bour\u0001')).toBe('harbour')
    expect(listingFilterSchema.parse({ q: '%00\u0000 harbour ' }).q).toBe('%00 harbour')
    expect(listingFilterSchema.parse({ q: '\u0000' }).q).toBe('')
  })
})
