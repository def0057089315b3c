import { cardinal, decimalWords } from './numbers'
import { NUM, parseNumber, type Num } from './parse'
import { bare, type Match, type Style, type Written } from './words'

/*
 * Money, by the listing's currency: "£1,650 pcm" → "one thousand six hundred and fifty pounds a
 * month", "$1.2M" → "one point two million dollars", "850 000 €" → "eight hundred and fifty
 * thousand euros". "$" is the listing's own dollar; "A$", "US$"… name their country unless they are
 * the listing's currency (an Australian listing's "A$" is just "dollars").
 */

type Currency = { one: string; many: string; country?: string; sub?: [string, string] }

const CURRENCIES: Record<string, Currency> = {
  USD: { one: 'dollar', many: 'dollars', country: 'U S', sub: ['cent', 'cents'] },
  AUD: { one: 'dollar', many: 'dollars', country: 'Australian', sub: ['cent', 'cents'] },
  NZD: { one: 'dollar', many: 'dollars', country: 'New Zealand', sub: ['cent', 'cents'] },
  CAD: { one: 'dollar', many: 'dollars', country: 'Canadian', sub: ['cent', 'cents'] },
  HKD: { one: 'dollar', many: 'dollars', country: 'Hong Kong', sub: ['cent', 'cents'] },
  SGD: { one: 'dollar', many: 'dollars', country: 'Singapore', sub: ['cent', 'cents'] },
  GBP: { one: 'pound', many: 'pounds', sub: ['penny', 'pence'] },
  EUR: { one: 'euro', many: 'euros', sub: ['cent', 'cents'] },
  JPY: { one: 'yen', many: 'yen' },
  INR: { one: 'rupee', many: 'rupees' },
  CHF: { one: 'franc', many: 'francs', country: 'Swiss' },
  BRL: { one: 'real', many: 'reais', country: 'Brazilian' },
  ZAR: { one: 'rand', many: 'rand' },
  AED: { one: 'dirham', many: 'dirhams' },
  SEK: { one: 'krona', many: 'kronor', country: 'Swedish' },
  NOK: { one: 'krone', many: 'kroner', country: 'Norwegian' },
  DKK: { one: 'krone', many: 'kroner', country: 'Danish' },
}
const DOLLARS = new Set(['USD', 'AUD', 'NZD', 'CAD', 'HKD', 'SGD'])

/** Signs and codes, longest first; "$" alone is the listing's dollar. */
const SIGNS: [string, string][] = [
  ['AU$', 'AUD'], ['US$', 'USD'], ['NZ$', 'NZD'], ['CA$', 'CAD'], ['HK$', 'HKD'], ['A$', 'AUD'], ['C$', 'CAD'], ['S$', 'SGD'],
  ['R$', 'BRL'], ['£', 'GBP'], ['€', 'EUR'], ['¥', 'JPY'], ['₹', 'INR'], ['$', '$'],
  ...Object.keys(CURRENCIES).map((code) => [code, code] as [string, string]),
]
const SIGN = SIGNS.map(([s]) => s.replace(/\$/g, '\\$')).join('|')
const AMOUNT = new RegExp(`^(${SIGN})?\\s?(${NUM})(k|K|m|M|mn|bn|b|B)?\\s?(${SIGN})?(\\/(?:mo|month|pcm|wk|week|pw|yr|year|annum|night|day))?$`)
const CODE = new RegExp(`^(${Object.keys(CURRENCIES).join('|')})$`)

const PERIODS: Record<string, string[]> = {
  pcm: ['a', 'month'], pm: ['a', 'month'], mo: ['a', 'month'], month: ['a', 'month'], pw: ['a', 'week'], wk: ['a', 'week'],
  week: ['a', 'week'], pa: ['a', 'year'], yr: ['a', 'year'], year: ['a', 'year'], annum: ['a', 'year'], night: ['a', 'night'], day: ['a', 'day'],
}
/** Period words that stand alone after an amount ("£1,650 pcm"); "/mo" etc. come attached. */
const PERIOD_WORDS = new Set(['pcm', 'pw', 'pa', 'pppw'])

function currencyOf(sign: string, style: Style): string {
  if (sign === '$') return DOLLARS.has(style.currency) ? style.currency : 'USD'
  return SIGNS.find(([s]) => s === sign)?.[1] ?? style.currency
}

/** "pounds", "dollars", "Australian dollars" (a dollar that is not the listing's own). */
export function currencyName(code: string, plural: boolean, style: Style, sign?: string): string[] {
  const c = CURRENCIES[code]
  if (!c) return [...code]
  const name = plural ? c.many : c.one
  const own = code === style.currency || sign === '$' || !c.country
  return own ? [name] : [...c.country!.split(' '), name]
}

type Amount = { num: Num; mult: string; code: string; sign: string; per: string }

function parseAmount(core: string, style: Style, needSign: boolean): Amount | null {
  const m = core.match(AMOUNT)
  if (!m) return null
  const [, pre, digits, mult = '', post, per = ''] = m
  const sign = pre ?? post ?? ''
  if (!sign && needSign) return null
  const num = parseNumber(digits, style)
  if (!num) return null
  return { num, mult: mult.toLowerCase(), code: sign ? currencyOf(sign, style) : '', sign, per: per.slice(1) }
}

/** The number of an amount in words (without the currency): "one point two million". */
function amountNumber(a: Amount, style: Style): { words: string[]; plural: boolean; cents: string[] } {
  const scale = a.mult === 'k' ? 'thousand' : a.mult === 'm' || a.mult === 'mn' ? 'million' : a.mult === 'b' || a.mult === 'bn' ? 'billion' : ''
  if (scale === 'thousand' && Number.isInteger(a.num.value * 1000)) return { words: cardinal(Math.round(a.num.value * 1000), style.and), plural: true, cents: [] }
  if (scale) return { words: [...decimalWords(a.num.int, a.num.frac, style.and), scale], plural: true, cents: [] }
  const whole = Number(a.num.int || '0')
  const frac = a.num.frac
  if (frac.length > 2) return { words: decimalWords(a.num.int, frac, style.and), plural: true, cents: [] }
  const cents = frac ? Number(frac.padEnd(2, '0')) : 0
  const sub = CURRENCIES[a.code]?.sub
  const centWords = cents && sub ? [...cardinal(cents, style.and), cents === 1 ? sub[0] : sub[1]] : []
  if (cents && !sub) return { words: decimalWords(a.num.int, frac, style.and), plural: true, cents: [] }
  return { words: whole || !centWords.length ? cardinal(whole, style.and) : [], plural: whole !== 1, cents: centWords }
}

function spokenAmount(a: Amount, style: Style, withCurrency = true): string[] {
  const n = amountNumber(a, style)
  const name = a.code && withCurrency ? currencyName(a.code, n.plural, style, a.sign) : []
  const main = n.words.length ? [...n.words, ...name] : []
  const cents = n.cents.length ? [...(main.length ? ['and'] : []), ...n.cents] : []
  return [...main, ...cents, ...(a.per ? PERIODS[a.per] ?? [] : [])]
}

const SIGN_AFTER = new RegExp(`^\\s*(${SIGN})(?=$|\\s|[.,;:!?)])`)

/** A money amount at `i` (with a range, a "million" after it, a currency code or period word after it). */
export function money(ws: Written[], i: number, style: Style): Match | null {
  const w = ws[i]
  let core = w.core
  let trail = w.trail
  // "1.650 €": the sign is a token of its own, joined to the number as punctuation
  const after = trail.match(SIGN_AFTER)
  if (after && /\d$/.test(core)) {
    core = `${core}${after[1]}`
    trail = trail.slice(after[0].length)
  }
  const next = ws[i + 1]
  // "500,000 EUR" / "EUR 500,000"
  if (CODE.test(w.core) && next && parseAmount(next.core, style, false) && !/[$€£¥₹]/.test(next.core)) {
    // said "five hundred thousand euros": the number on the code's word, the currency on the number's
    const a = { ...parseAmount(next.core, style, false)!, code: w.core, sign: w.core }
    const n = amountNumber(a, style)
    if (n.cents.length || !n.words.length) return null
    return withPeriod([{ words: n.words }, { words: currencyName(w.core, n.plural, style) }], ws, i + 2)
  }
  const codeAfter = next && CODE.test(next.core) && !/\D$/.test(core) && !after
  const range = core.match(new RegExp(`^(.+?\\d[kKmMbn]*)\\s?[–—-]\\s?((?:${SIGN})?\\s?\\d.*)$`))
  let amount: Amount | null
  let prefix: string[] = []
  if (range) {
    const right = parseAmount(range[2], style, false)
    const left = parseAmount(range[1], style, false)
    if (!left || !right || (!left.sign && !right.sign)) return null
    const code = right.code || left.code
    const sign = right.sign || left.sign
    amount = { ...right, code, sign }
    const l = { ...left, code, sign, mult: left.mult || right.mult }
    prefix = [...spokenAmount(l, style, l.mult !== amount.mult || l.code !== amount.code), 'to']
  } else {
    amount = parseAmount(core, style, !codeAfter)
  }
  if (!amount) return null
  const out: Match = []
  const scaleWord = bare(next)
  if (!amount.mult && !amount.per && !trail.trim() && ['thousand', 'million', 'billion'].includes(scaleWord)) {
    // "$2.5 million": the number here, "million dollars" on the next word
    out.push({ words: [...prefix, ...decimalWords(amount.num.int, amount.num.frac, style.and)], trail })
    out.push({ words: [scaleWord, ...(amount.code ? currencyName(amount.code, true, style, amount.sign) : [])] })
    return withPeriod(out, ws, i + 2)
  }
  if (codeAfter) {
    const code = next.core
    const words = spokenAmount({ ...amount, code, sign: code }, style)
    const name = currencyName(code, amountNumber({ ...amount, code }, style).plural, style)
    out.push({ words: [...prefix, ...words.slice(0, words.length - name.length)], trail }, { words: name })
    return withPeriod(out, ws, i + 2)
  }
  out.push({ words: [...prefix, ...spokenAmount(amount, style)], trail })
  return withPeriod(out, ws, i + 1)
}

/** "pcm", "pw", "pa" after an amount: "a month", "a week", "a year". */
function withPeriod(out: Match, ws: Written[], at: number): Match {
  const w = ws[at]
  const key = bare(w)
  if (w && PERIOD_WORDS.has(key) && !out[out.length - 1].trail?.trim()) out.push({ words: key === 'pppw' ? ['per', 'person', 'a', 'week'] : PERIODS[key] })
  return out
}

/** A lone period abbreviation anywhere: "pcm" is always "a month". */
export function periodWord(ws: Written[], i: number): Match | null {
  const key = bare(ws[i])
  return key === 'pcm' || key === 'pppw' ? [{ words: key === 'pcm' ? ['a', 'month'] : ['per', 'person', 'a', 'week'] }] : null
}
