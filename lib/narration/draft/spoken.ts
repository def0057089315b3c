import { spokenWords } from '../spoken-form'

/*
 * How long a line takes to say, and which numbers it says. Pure and client-safe.
 *
 * Length is counted in spoken words, not written ones, by the same normaliser the voices read
 * through (lib/narration/spoken-form): "$850,000" (en-AU) is read "eight hundred and fifty thousand
 * dollars" (6 words), "1998" "nineteen ninety-eight" (3), "m²" "square metres" (2). The drafting
 * budget is spoken words = seconds × SPEAKING_RATE.
 *
 * Numbers are read in the listing locale's format (its group and decimal separators), plus English
 * number words ("three bedrooms"), so a check can say which numbers a line holds whatever way it
 * writes them.
 */

/**
 * Spoken words per second the drafts are sized for: a calm narrator. Flite's voices here speak
 * 2.5–3.2 spoken words a second (docs/narration.md, "Script drafting"), so a draft that fits at this
 * rate fits when spoken.
 */
export const SPEAKING_RATE = 2.5

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

/** The group and decimal separators of a locale's numbers. */
export function separators(locale: string): { group: string; decimal: string } {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(12345.6)
  }
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A pattern for numbers written in this locale (and plain digits), with a capture for the whole number. */
function numberPattern(locale: string): RegExp {
  const { group, decimal } = separators(locale)
  // a group separator that is a space may be any space (Intl uses U+202F or U+00A0, people type U+0020)
  const g = /\s/.test(group) ? '[\\s\\u00a0\\u202f]' : escape(group)
  const d = escape(decimal)
  return new RegExp(`\\d{1,3}(?:${g}\\d{3})+(?:${d}\\d+)?|\\d+(?:${d}\\d+)?`, 'g')
}

export type FoundNumber = { value: number; raw: string; index: number; length: number; fractionDigits: number }

/** The numbers written in digits in `text`, read with the locale's separators. */
export function digitNumbers(text: string, locale: string): FoundNumber[] {
  const { group, decimal } = separators(locale)
  const out: FoundNumber[] = []
  for (const match of text.matchAll(numberPattern(locale))) {
    const raw = match[0]
    const plain = raw
      .split(/\s|\u00a0|\u202f/).join('')
      .split(group).join('')
      .replace(decimal, '.')
    const value = Number(plain)
    const fractionDigits = plain.includes('.') ? plain.length - plain.indexOf('.') - 1 : 0
    if (Number.isFinite(value)) out.push({ value, raw, index: match.index ?? 0, length: raw.length, fractionDigits })
  }
  return out
}

const WORD_VALUES: Record<string, number> = Object.fromEntries([
  ...SMALL.map((w, i) => [w, i] as const),
  ...TENS.map((w, i) => [w, i * 10] as const).filter(([w]) => w),
  ['a', -1], // only inside "a hundred", "a thousand"
])
const MULTIPLIERS: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 }

/** Numbers written in English words ("three", "twenty-five", "a hundred and twenty", "one million"). */
export function wordNumbers(text: string): number[] {
  const tokens = text.toLowerCase().split(/[^a-z]+/).filter(Boolean)
  const out: number[] = []
  let total = 0
  let current = 0
  let inNumber = false
  let sawNumber = false
  const flush = () => {
    if (inNumber && sawNumber) out.push(total + current)
    total = 0
    current = 0
    inNumber = false
    sawNumber = false
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === 'a' && MULTIPLIERS[tokens[i + 1]] && !inNumber) {
      inNumber = true
      current = 1
      continue
    }
    if (t in WORD_VALUES && t !== 'a') {
      inNumber = true
      sawNumber = true
      current += WORD_VALUES[t]
    } else if (t in MULTIPLIERS && inNumber) {
      sawNumber = true
      const m = MULTIPLIERS[t]
      if (m === 100) current = (current || 1) * 100
      else {
        total += (current || 1) * m
        current = 0
      }
    } else if (t === 'and' && inNumber && (tokens[i + 1] ?? '') in WORD_VALUES) {
      continue
    } else {
      flush()
    }
  }
  flush()
  return out
}

/** Every number `text` says: in digits (locale format) and in English words. */
export function numbersIn(text: string, locale: string): number[] {
  return [...digitNumbers(text, locale).map((n) => n.value), ...wordNumbers(text)]
}

/**
 * Spoken words in `text`: the words the voice reads for it (lib/narration/spoken-form, in the
 * listing's locale), hyphenated ones counted apart. "£1,650 pcm" (en-GB) is nine: "one thousand six
 * hundred and fifty pounds a month".
 */
export function spokenWordCount(text: string, locale: string): number {
  return spokenWords(text, { locale }).length
}

/**
 * Pauses a voice makes: at each sentence's end and at each comma. Measured with Flite (docs/narration.md):
 * a short line takes much longer than its words alone ("Pool." 0.7 s), the pauses account for it.
 */
export const SENTENCE_PAUSE_SECONDS = 0.5
export const COMMA_PAUSE_SECONDS = 0.2

/** Seconds a line takes to say: its spoken words at SPEAKING_RATE plus its pauses. */
export function speechSecondsOf(text: string, locale: string): number {
  const t = text.trim()
  if (!t) return 0
  // a full stop inside a number ("2.5") is no pause
  const sentences = (t.match(/[.!?…]+(?=\s|$)/g) ?? []).length || 1
  const commas = (t.match(/[,;:—–](?=\s)/g) ?? []).length
  return spokenWordCount(t, locale) / SPEAKING_RATE + sentences * SENTENCE_PAUSE_SECONDS + commas * COMMA_PAUSE_SECONDS
}
