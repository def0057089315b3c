import type { CaptionWord } from '@/remotion/schema'
import { abbreviation, houseNumber } from './addresses'
import { phone, postcode } from './codes'
import { decade, ordinalNumber, time, year } from './dates'
import { money, periodWord } from './money'
import { cardinal, countWords, decimalWords, streetNumberWords } from './numbers'
import { parseNumber } from './parse'
import { bareUnit, count, measure, parseCount, percent } from './units'
import { styleFor, writtenWords, type Match, type SpokenFormOptions, type Style, type Written } from './words'

/*
 * Spoken forms: the text a voice should read for a written script, and which written word each
 * spoken word came from. "£1,650 pcm" (en-GB) → "one thousand six hundred and fifty pounds a month";
 * the written words are the script's caption words (lib/narration/timing.ts `scriptWords`), so word
 * timings of the spoken text fold back onto the captions as written (foldWordTimings). Pure and
 * client-safe; rules in small files (money, units, addresses, codes, dates, numbers). What it does
 * not handle is said as written: docs/narration.md, "Spoken forms".
 */

export type { SpokenFormOptions } from './words'

/** Bumped whenever the rules change what is spoken: part of the narration cache key. */
export const SPOKEN_FORM_VERSION = 1

export type SpokenForm = {
  /** the script's words as captions show them */
  written: string[]
  /** the words the voice reads, punctuation kept on them */
  spoken: string[]
  /** for each spoken word, the index of the written word it came from (non-decreasing) */
  source: number[]
  /** `spoken` joined with spaces: what is given to the voice */
  text: string
}

type Rule = (ws: Written[], i: number, style: Style) => Match | null

/** Plain numbers: "48" → "forty-eight", "3-4" → "three to four", "3-bedroom", "4+", "1½" → "one and a half". */
function number(ws: Written[], i: number, style: Style): Match | null {
  const core = ws[i].core
  const range = core.match(/^(\d[\d.,]*)[–—-](\d[\d.,]*)$/)
  if (range) {
    const a = parseNumber(range[1], style)
    const b = parseNumber(range[2], style)
    if (a && b) return [{ words: [...decimalWords(a.int, a.frac, style.and), 'to', ...decimalWords(b.int, b.frac, style.and)] }]
  }
  const compound = core.match(/^(\d[\d.,]*)-(\p{L}[\p{L}-]*)$/u)
  if (compound) {
    const n = parseNumber(compound[1], style)
    if (n) return [{ words: [...(n.frac ? countWords(n.int, n.frac, style.and) : cardinal(n.value, style.and)), compound[2]] }]
  }
  const plus = core.match(/^(.+?)\+$/)
  const n = parseCount(plus ? plus[1] : core, style)
  if (!n) return null
  const words = n.frac && /[½¼¾]/.test(core) ? countWords(n.int, n.frac, style.and) : decimalWords(n.int, n.frac, style.and)
  return [{ words: plus ? [...words, 'plus'] : words }]
}

/** Lettered house numbers anywhere ("221B") and house numbers before a street name. */
const RULES: Rule[] = [phone, postcode, money, measure, percent, time, ordinalNumber, decade, houseNumber, year, count, number, abbreviation, bareUnit, periodWord]

const DASH = /^\s*[–—-]\s*$/

/** The spoken form of a written script in the listing's locale and currency. */
export function spokenForm(script: string, options: SpokenFormOptions = {}): SpokenForm {
  const style = styleFor(options)
  const ws = writtenWords(script)
  const spoken: string[] = []
  const source: number[] = []
  let i = 0
  while (i < ws.length) {
    let match: Match | null = null
    for (const rule of RULES) {
      match = rule(ws, i, style)
      if (match?.length && match.every((r) => r.words.length)) break
      match = null
    }
    const readings = match ?? [{ words: [ws[i].core] }]
    readings.forEach((reading, k) => {
      const w = ws[i + k]
      const words = [...reading.words]
      let trail = reading.trail ?? w.trail
      // "3 – 4", "2019 – 2021": a dash between numbers is "to"
      if (DASH.test(trail) && /^[\d$£€]/.test(ws[i + k + 1]?.core ?? '')) {
        trail = ''
        words.push('to')
      }
      words[0] = (reading.lead ?? w.lead) + words[0]
      words[words.length - 1] += trail
      for (const word of words) {
        spoken.push(word)
        source.push(i + k)
      }
    })
    i += readings.length
  }
  return { written: ws.map((w) => (w.raw.length > 80 ? w.raw.slice(0, 80) : w.raw)), spoken, source, text: spoken.join(' ') }
}

/** The words a line is read as, hyphenated ones counted apart ("ninety-eight" is two): the drafting budget. */
export function spokenWords(script: string, options: SpokenFormOptions = {}): string[] {
  return spokenForm(script, options).spoken.flatMap((w) => w.split(/[\s\-–—/]+/)).filter((w) => /[\p{L}\p{N}]/u.test(w))
}

/**
 * Timings of the spoken words (one per `form.spoken`, as a provider or the estimator gives them)
 * folded onto the written words: each written word from the start of its first spoken word to the
 * end of its last. Null when the timings are not one per spoken word.
 */
export function foldWordTimings(form: SpokenForm, timings: CaptionWord[]): CaptionWord[] | null {
  if (timings.length !== form.spoken.length || !form.written.length) return null
  const out: CaptionWord[] = form.written.map((text) => ({ text, start: -1, end: -1 }))
  timings.forEach((t, k) => {
    const w = out[form.source[k]]
    if (w.start < 0) w.start = t.start
    w.end = Math.max(w.end, t.end, w.start)
  })
  return out.every((w) => w.start >= 0) ? out : null
}

export { streetNumberWords }
