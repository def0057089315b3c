import { describe, expect, it } from 'vitest'
import { POSTER_WIDTHS, posterUrl, posterWidthOf } from '@/lib/share/poster'

// /share/{id}/poster?w=: the server resizes only to the closed list of widths, whatever is asked.
describe('posterWidthOf', () => {
  it('accepts the listed widths', () => {
    for (const w of POSTER_WIDTHS) expect(posterWidthOf(String(w))).toBe(w)
  })
  it('refuses anything else, hostile values included', () => {
    for (const value of [null, '', '0', '-480', '480.5', '1e9', '99999', '480px', 'NaN', 'Infinity', '480&w=720', '../480']) {
      expect(posterWidthOf(value)).toBeNull()
    }
    // other spellings of a listed number (Number() reads them) still give only a listed width
    expect(posterWidthOf(' 480')).toBe(480)
    expect(posterWidthOf('0x1e0')).toBe(480)
  })
  it('builds the page address for a width', () => {
    expect(posterUrl('abc', 480)).toBe('/share/abc/poster?w=480')
  })
})
