/*
 * Numbers as English words: cardinals (with the British "and" or without), ordinals, decimals,
 * fractions, years, street numbers and digit strings. Pure; every function answers words, one entry
 * per spoken word ("twenty-one" is one entry, as Flite and people hyphenate it).
 */

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const SCALES: [string, number][] = [['billion', 1e9], ['million', 1e6], ['thousand', 1e3]]

/** 0–99 as one word ("ninety-eight"). */
function belowHundred(n: number): string {
  if (n < 20) return SMALL[n]
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${SMALL[n % 10]}` : '')
}

/** 0–999: "six hundred and fifty" (British) or "six hundred fifty". */
function belowThousand(n: number, and: boolean): string[] {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const out: string[] = []
  if (hundreds) out.push(SMALL[hundreds], 'hundred')
  if (rest) {
    if (hundreds && and) out.push('and')
    out.push(belowHundred(rest))
  }
  return out
}

/** A whole number below a trillion in words; larger ones digit by digit. */
export function cardinal(value: number, and = true): string[] {
  let n = Math.floor(Math.abs(value))
  if (n >= 1e12) return digitWords(String(n))
  if (n === 0) return ['zero']
  const out: string[] = []
  for (const [word, size] of SCALES) {
    if (n >= size) {
      out.push(...belowThousand(Math.floor(n / size), and), word)
      n %= size
    }
  }
  // "one thousand and fifty": the British "and" before a last part under a hundred
  if (n && out.length && n < 100 && and) out.push('and')
  if (n) out.push(...(out.length && n < 100 ? [belowHundred(n)] : belowThousand(n, and)))
  return out
}

const ORDINAL: Record<string, string> = { one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth' }

function ordinalWord(word: string): string {
  const dash = word.lastIndexOf('-')
  if (dash >= 0) return word.slice(0, dash + 1) + ordinalWord(word.slice(dash + 1))
  if (ORDINAL[word]) return ORDINAL[word]
  if (word.endsWith('y')) return `${word.slice(0, -1)}ieth`
  return `${word}th`
}

/** 23 → "twenty-third", 101 → "one hundred and first". */
export function ordinal(n: number, and = true): string[] {
  const words = cardinal(n, and)
  words[words.length - 1] = ordinalWord(words[words.length - 1])
  return words
}

/** A word made plural the way decades are: "ninety" → "nineties", "hundred" → "hundreds". */
export function pluralWord(word: string): string {
  return word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`
}

/** How each digit is said when numbers are read digit by digit (phones, postcodes). */
export function digitWords(digits: string, zero = 'zero'): string[] {
  return [...digits].filter((c) => /\d/.test(c)).map((c) => (c === '0' ? zero : SMALL[Number(c)]))
}

/** "3.75" → "three point seven five" (the fraction digit by digit). */
export function decimalWords(intPart: string, fracPart: string, and = true): string[] {
  const whole = cardinal(Number(intPart || '0'), and)
  return fracPart ? [...whole, 'point', ...digitWords(fracPart)] : whole
}

/** A fraction said as one ("and a half"), or null when it has no everyday name. */
export function fractionName(frac: string): string[] | null {
  const f = Number(`0.${frac}`)
  if (f === 0.5) return ['a', 'half']
  if (f === 0.25) return ['a', 'quarter']
  if (f === 0.75) return ['three', 'quarters']
  return null
}

export const FRACTION_GLYPHS: Record<string, string> = { '½': '5', '¼': '25', '¾': '75' }

/**
 * A count with its everyday fraction: "3.5" → "three and a half", "0.5" → "a half"; other fractions
 * "point" and digits. Used before a noun ("3.5 bathrooms"), never for money or percentages.
 */
export function countWords(intPart: string, fracPart: string, and = true): string[] {
  const named = fracPart ? fractionName(fracPart) : null
  if (!named) return decimalWords(intPart, fracPart, and)
  const whole = Number(intPart || '0')
  if (whole === 0) return named[0] === 'a' ? ['a', named[1]] : named
  return [...cardinal(whole, and), 'and', ...named]
}

/** Years as people say them: 1998 "nineteen ninety-eight", 2005 "two thousand (and) five", 1905 "nineteen oh five". */
export function yearWords(year: number, and = true): string[] {
  if (year < 1000 || year > 9999 || year % 1000 === 0) return cardinal(year, and)
  if (year >= 2000 && year < 2010) return cardinal(year, and)
  const hi = Math.floor(year / 100)
  const lo = year % 100
  if (lo === 0) return [belowHundred(hi), 'hundred']
  if (lo < 10) return [belowHundred(hi), 'oh', SMALL[lo]]
  return [belowHundred(hi), belowHundred(lo)]
}

/**
 * House numbers as people say them: 10 "ten", 221 "two twenty-one", 305 "three oh five",
 * 1180 "eleven eighty", 4500 "forty-five hundred", 2005 "twenty oh five", 3000 "three thousand";
 * five digits and more digit by digit.
 */
export function streetNumberWords(n: number): string[] {
  if (n < 100) return [belowHundred(n)]
  if (n < 1000) {
    const hi = Math.floor(n / 100)
    const lo = n % 100
    if (!lo) return [SMALL[hi], 'hundred']
    return lo < 10 ? [SMALL[hi], 'oh', SMALL[lo]] : [SMALL[hi], belowHundred(lo)]
  }
  if (n < 10000) {
    if (n % 1000 === 0) return [SMALL[n / 1000], 'thousand']
    const hi = Math.floor(n / 100)
    const lo = n % 100
    if (!lo) return [belowHundred(hi), 'hundred']
    return lo < 10 ? [belowHundred(hi), 'oh', SMALL[lo]] : [belowHundred(hi), belowHundred(lo)]
  }
  return digitWords(String(n))
}
