/*
 * The written words a rule reads, and how a locale speaks. A written word is exactly one caption word
 * of lib/narration/timing.ts `scriptWords` (a token, with punctuation-only tokens after it joined on),
 * split into its opening punctuation, its core and its closing punctuation: "(£1,650" → "(" "£1,650" "".
 */

export type Written = { raw: string; lead: string; core: string; trail: string }

/** What a rule answers: the spoken words of each written word it read, from `at`, in order. */
export type Reading = { words: string[]; trail?: string; lead?: string }
export type Match = Reading[]

export type SpokenFormOptions = {
  /** BCP-47 locale of the listing (number format, "and", metres/meters); en-US when absent */
  locale?: string
  /** ISO-4217 code of the listing's currency; guessed from the locale's region when absent */
  currency?: string | null
}

export type Style = {
  locale: string
  region: string
  /** the British "and" in numbers: "six hundred and fifty" */
  and: boolean
  /** "meters" (US) or "metres" */
  metre: 'metre' | 'meter'
  currency: string
  group: string
  decimal: string
}

/** Regions whose English drops the "and" in numbers and spells "meter". */
const NORTH_AMERICA = new Set(['US', 'CA'])
const METER = new Set(['US'])

const REGION_CURRENCY: Record<string, string> = {
  US: 'USD', GB: 'GBP', AU: 'AUD', NZ: 'NZD', CA: 'CAD', IE: 'EUR', ZA: 'ZAR', IN: 'INR', SG: 'SGD', HK: 'HKD',
  AE: 'AED', PH: 'PHP', CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', JP: 'JPY', PL: 'PLN', CZ: 'CZK', MX: 'MXN',
  BR: 'BRL', CN: 'CNY', KR: 'KRW', IL: 'ILS', TR: 'TRY', TH: 'THB',
}
const EURO = new Set(['FR', 'BE', 'DE', 'AT', 'NL', 'ES', 'PT', 'IT', 'FI', 'GR', 'LU', 'SK', 'SI', 'EE', 'LV', 'LT', 'MT', 'CY', 'HR'])

function separators(locale: string): { group: string; decimal: string } {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(12345.6)
  }
  return { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' }
}

export function styleFor(options: SpokenFormOptions = {}): Style {
  const locale = options.locale?.trim() || 'en-US'
  const region = (locale.split(/[-_]/)[1] ?? (locale.toLowerCase().startsWith('en') ? 'US' : '')).toUpperCase()
  const currency = /^[A-Z]{3}$/.test(options.currency ?? '') ? options.currency! : REGION_CURRENCY[region] ?? (EURO.has(region) ? 'EUR' : 'USD')
  return { locale, region, and: !NORTH_AMERICA.has(region), metre: METER.has(region) ? 'meter' : 'metre', currency, ...separators(locale) }
}

const OPENING = /^[("'“‘«[{¡¿]+/u
const CLOSING = /[.,;:!?)"'’”»\]}…–—-]+$/u

/** Splits a script into written words exactly as `scriptWords` does (without its 80-character cut). */
export function writtenWords(text: string): Written[] {
  const out: Written[] = []
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const prev = out[out.length - 1]
    if (prev && (!/[\p{L}\p{N}]/u.test(token) || joinsNumber(prev.raw, token))) {
      prev.raw += ` ${token}`
      if (/[\p{L}\p{N}]/u.test(token)) prev.core += ` ${token}`
      else prev.trail += ` ${token}`
      continue
    }
    const lead = token.match(OPENING)?.[0] ?? ''
    let rest = token.slice(lead.length)
    // a core keeps its letters, digits and signs; closing punctuation after the last of them is the trail
    const trail = /[\p{L}\p{N}%²$€£¥₹]/u.test(rest) ? (rest.match(CLOSING)?.[0] ?? '') : ''
    rest = rest.slice(0, rest.length - trail.length)
    out.push({ raw: token, lead, core: rest, trail })
  }
  return out
}

/**
 * "850 000" (a number grouped by spaces, as French and Intl write it) is one written word: a token of
 * exactly three digits right after a token that ends in one to three digits (and no letters).
 */
export function joinsNumber(previous: string, token: string): boolean {
  return /^[^\p{L}\p{N}\s]*\d{1,3}$/u.test(previous.split(' ').pop() ?? '') && !/\p{L}/u.test(previous) &&
    /^\d{3}(?:[.,]\d+)?[^\p{L}\p{N}]*$/u.test(token)
}

export const isCapitalised = (w: Written | undefined) => !!w && /^\p{Lu}/u.test(w.core)
export const bare = (w: Written | undefined) => (w ? w.core.toLowerCase().replace(/\./g, '') : '')
