import { cardinal, ordinal, pluralWord, yearWords } from './numbers'
import { bare, type Match, type Style, type Written } from './words'

/*
 * Years, decades, ordinals and times: "built in 2019" → "twenty nineteen", "1998" → "nineteen
 * ninety-eight", "2005" → "two thousand (and) five", "the 1920s" → "nineteen twenties", "23rd" →
 * "twenty-third", "10:30am" → "ten thirty a.m.", "17:00" → "seventeen hundred".
 */

/** Words before a number that make it a year. */
const YEAR_CUES = new Set([
  'in', 'since', 'built', 'from', 'circa', 'c', 'ca', 'year', 'until', 'till', 'during', 'renovated', 'completed',
  'constructed', 'established', 'est', 'rebuilt', 'refurbished', 'restored', 'extended', 'updated', 'of', 'and', 'to', 'by',
])
const YEAR = /^(1[1-9]\d\d|20\d\d)$/

export function isYearAt(ws: Written[], i: number): boolean {
  if (!YEAR.test(ws[i].core)) return false
  const prev = bare(ws[i - 1])
  if (YEAR_CUES.has(prev) && (prev !== 'and' && prev !== 'to' || YEAR.test(ws[i - 2]?.core ?? ''))) return true
  // "2019–2021"
  if (/[–—-]$/.test(ws[i - 1]?.trail ?? '') && YEAR.test(ws[i - 1].core)) return true
  // a lone 1800–2099 that counts nothing ("1998." but not "1500 bottles", "$1998")
  const next = ws[i + 1]
  return /^(18|19|20)\d\d$/.test(ws[i].core) && !(next && !ws[i].trail.trim() && /^\p{Ll}/u.test(next.core))
}

export function year(ws: Written[], i: number, style: Style): Match | null {
  const w = ws[i]
  const range = w.core.match(/^(1[1-9]\d\d|20\d\d)[–—-](1[1-9]\d\d|20\d\d|\d\d)$/)
  if (range) {
    const to = range[2].length === 2 ? Number(range[1].slice(0, 2) + range[2]) : Number(range[2])
    return [{ words: [...yearWords(Number(range[1]), style.and), 'to', ...yearWords(to, style.and)] }]
  }
  if (!isYearAt(ws, i)) return null
  return [{ words: yearWords(Number(w.core), style.and) }]
}

/** "1920s" → "nineteen twenties", "80s" / "'80s" → "eighties". */
export function decade(ws: Written[], i: number, style: Style): Match | null {
  const m = ws[i].core.match(/^[’']?(\d{2}|1[1-9]\d0|20\d0)['’]?s$/)
  if (!m) return null
  const n = Number(m[1])
  const words = m[1].length === 2 ? cardinal(n, style.and) : yearWords(n, style.and)
  words[words.length - 1] = pluralWord(words[words.length - 1])
  return [{ words }]
}

export function ordinalNumber(ws: Written[], i: number, style: Style): Match | null {
  const m = ws[i].core.match(/^(\d{1,9})(st|nd|rd|th)$/i)
  return m ? [{ words: ordinal(Number(m[1]), style.and) }] : null
}

const MERIDIEM = /^(a\.?m\.?|p\.?m\.?)$/i
const said = (m: string) => (m.toLowerCase().startsWith('a') ? 'a.m.' : 'p.m.')

/** "10am", "10:30 pm", "5.30pm", "17:00". */
export function time(ws: Written[], i: number, style: Style): Match | null {
  const w = ws[i]
  const m = w.core.match(/^(\d{1,2})(?:([:.])(\d{2}))?\s?(a\.?m\.?|p\.?m\.?|am|pm)?$/i)
  if (!m) return null
  const [, h, sep, mm, attached] = m
  const next = ws[i + 1]
  const after = !attached && !w.trail.trim() && next && MERIDIEM.test(next.core + (next.trail.startsWith('.') ? '.' : '')) ? next : null
  if (!attached && !after && sep !== ':') return null
  const hour = Number(h)
  const minutes = mm === undefined ? null : Number(mm)
  if (hour > 24 || (minutes !== null && minutes > 59) || (sep === '.' && !attached && !after)) return null
  const words = cardinal(hour, style.and)
  if (minutes) words.push(...(minutes < 10 ? ['oh', cardinal(minutes)[0]] : cardinal(minutes, style.and)))
  else if (minutes === 0 && !attached && !after) words.push(hour >= 13 || hour === 0 ? 'hundred' : "o'clock")
  if (attached) return [{ words: [...words, said(attached)], trail: w.trail.replace(/^\./, '') }]
  if (after) return [{ words }, { words: [said(after.core)], trail: after.trail.replace(/^\./, '') }]
  return [{ words }]
}
