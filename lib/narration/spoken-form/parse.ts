import type { Style } from './words'

/* Numbers as written in the listing's locale (its group and decimal separators), else as English writes them. */

export type Num = { int: string; frac: string; value: number }

/** A number's characters inside a longer token: digits with separators between them. */
export const NUM = String.raw`\d(?:[\d.,\u00a0\u202f ]*\d)?`

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function tryFormat(text: string, group: string, decimal: string): Num | null {
  const g = `(?:${escape(group)}|[ \\u00a0\\u202f])`
  const d = escape(decimal)
  const m = text.match(new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`))
  if (!m) return null
  const int = m[1].replace(/\D/g, '').replace(/^0+(?=\d)/, '')
  const frac = m[2] ?? ''
  const value = Number(`${int}.${frac || '0'}`)
  return Number.isFinite(value) ? { int, frac, value } : null
}

/** "1,650" / "1.650" (de-DE) / "850 000" / "3.5" / "3,5" (fr-FR) → its parts; null when it is not a number. */
export function parseNumber(text: string, style: Pick<Style, 'group' | 'decimal'>): Num | null {
  const t = text.trim()
  const group = /\s/.test(style.group) ? ' ' : style.group
  return tryFormat(t, group, style.decimal) ?? (group !== ',' || style.decimal !== '.' ? tryFormat(t, ',', '.') : null)
}
