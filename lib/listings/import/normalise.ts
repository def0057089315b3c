import * as cheerio from 'cheerio'
import { LISTING, type AreaUnit, type ListingOffer, type PropertyType, type RentPeriod } from '@/lib/constants'
import { stripControlCharacters } from '@/lib/text'

/*
 * Turning what a page wrote into the form's values (docs/listing-import.md, "Normalisation").
 * Regular expressions here only ever read extracted text (a price, "3 beds"), never HTML.
 */

/** Text from a page or a JSON value: tags dropped, entities decoded, whitespace collapsed (paragraph breaks kept). */
export function cleanText(value: unknown, max?: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value)
  if (typeof value !== 'string') return null
  let text = value
  if (/[<&]/.test(text)) {
    // as HTML: a newline in the source is a space; <br> is a line break, a paragraph a blank line
    const html = /<[a-z!/]/i.test(text) ? text.replace(/\s+/g, ' ') : text
    const $ = cheerio.load(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '</p>\n\n'), null, false)
    $('script, style, noscript, template').remove()
    text = $.root().text()
  }
  text = stripControlCharacters(text)
    .replace(/[ \t\f\v\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ')
    .replace(/ *\r?\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/(?<!\n)\n(?!\n)/g, ' ')
    .trim()
  if (!text) return null
  return max === undefined ? text : clamp(text, max)
}

/** One line: every run of whitespace becomes one space. */
export function cleanLine(value: unknown, max?: number): string | null {
  const text = cleanText(value)?.replace(/\s+/g, ' ') ?? null
  return text && max !== undefined ? clamp(text, max) : text
}

/** Cut to `max` characters at a word boundary, with an ellipsis, so a filled form always validates. */
export function clamp(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** "1,234.5", "1.234.567", "1 650", "450.000", "2,5" → a number; null when it is not one. */
export function parseNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null
  if (typeof raw !== 'string') return null
  let t = raw.trim().replace(/[\s\u00a0\u202f']/g, '')
  if (!/^-?[\d.,]+$/.test(t) || !/\d/.test(t)) return null
  const commas = (t.match(/,/g) ?? []).length
  const dots = (t.match(/\./g) ?? []).length
  if (commas && dots) {
    // the later one is the decimal mark
    t = t.lastIndexOf(',') > t.lastIndexOf('.') ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '')
  } else if (commas || dots) {
    const mark = commas ? ',' : '.'
    const count = commas || dots
    const after = t.length - t.lastIndexOf(mark) - 1
    // one mark followed by exactly three digits, or several marks: thousands separators
    if (count > 1 || after === 3) t = t.split(mark).join('')
    else t = t.replace(mark, '.')
  }
  const n = Number(t)
  return Number.isFinite(n) ? n : null
}

const SYMBOLS: [RegExp, string | null][] = [
  [/^(?:A\$|AU\$|AUD)$/i, 'AUD'],
  [/^(?:C\$|CA\$|CAD)$/i, 'CAD'],
  [/^(?:NZ\$|NZD)$/i, 'NZD'],
  [/^(?:US\$|USD)$/i, 'USD'],
  [/^(?:S\$|SGD)$/i, 'SGD'],
  [/^(?:HK\$|HKD)$/i, 'HKD'],
  [/^(?:£|GBP)$/i, 'GBP'],
  [/^(?:€|EUR)$/i, 'EUR'],
  [/^(?:¥|JPY)$/i, 'JPY'],
  [/^(?:₹|INR|Rs\.?)$/i, 'INR'],
  [/^(?:CHF|Fr\.)$/i, 'CHF'],
  [/^R$/, 'ZAR'],
  [/^\$$/, null],
]
const DOLLAR_BY_COUNTRY: Record<string, string> = { US: 'USD', AU: 'AUD', CA: 'CAD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN' }

let currencyCodes: Set<string> | null = null
function isCurrency(code: string): boolean {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency'))
  return currencyCodes.has(code)
}

/** A currency symbol or code → ISO 4217; a bare "$" follows the country (default USD). */
export function currencyCode(raw: unknown, country?: string | null): string | null {
  if (typeof raw !== 'string') return null
  const t = raw.trim()
  for (const [pattern, code] of SYMBOLS) if (pattern.test(t)) return code ?? DOLLAR_BY_COUNTRY[country ?? ''] ?? 'USD'
  const upper = t.toUpperCase()
  return /^[A-Z]{3}$/.test(upper) && isCurrency(upper) ? upper : null
}

export interface ParsedPrice {
  amount: number
  /** the symbol or code as written ("$", "£", "A$", "EUR"); null when none */
  currency: string | null
  rentPeriod: RentPeriod | null
}

const CURRENCY_TOKEN = String.raw`(?:A\$|AU\$|C\$|CA\$|NZ\$|US\$|S\$|HK\$|\$|£|€|¥|₹|\b(?:USD|GBP|EUR|AUD|CAD|NZD|CHF|JPY|SGD|HKD|ZAR|SEK|NOK|DKK|INR)\b)`
const AMOUNT = String.raw`(\d[\d.,\s\u00a0\u202f]*\d|\d)(?:\s?(k|m|mn|million|mio|bn)\b)?`
const PRICE_BEFORE = new RegExp(`(${CURRENCY_TOKEN})\\s?${AMOUNT}`, 'i')
const PRICE_AFTER = new RegExp(`${AMOUNT}\\s?(${CURRENCY_TOKEN})`, 'i')

/** "£1,650 pcm", "$3,450,000", "A$1.2M", "450.000 €", "Offers over €595,000" → amount, currency, period. */
export function parsePrice(text: unknown): ParsedPrice | null {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 && text <= LISTING.priceMax ? { amount: Math.round(text * 100) / 100, currency: null, rentPeriod: null } : null
  if (typeof text !== 'string') return null
  // a plain number as JSON writes it ("1295000", "2650.00", "1e20")
  if (/^\s*\d+(\.\d+)?(e[+-]?\d+)?\s*$/i.test(text)) return parsePrice(Number(text))
  const t = text.replace(/\s+/g, ' ')
  let currency: string | null = null
  let digits: string | undefined
  let multiplier: string | undefined
  const before = PRICE_BEFORE.exec(t)
  const after = PRICE_AFTER.exec(t)
  if (before && (!after || before.index <= after.index)) [, currency, digits, multiplier] = before
  else if (after) [, digits, multiplier, currency] = after
  else {
    const bare = new RegExp(`^\\s*${AMOUNT}`, 'i').exec(t)
    if (!bare) return null
    ;[, digits, multiplier] = bare
  }
  let amount = parseNumber(digits!.trim())
  if (amount === null) return null
  const scale: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, million: 1e6, mio: 1e6, bn: 1e9 }
  if (multiplier) amount *= scale[multiplier.toLowerCase()] ?? 1
  amount = Math.round(amount * 100) / 100
  if (amount > LISTING.priceMax) return null
  return { amount, currency, rentPeriod: rentPeriodFrom(t) }
}

/** "pcm", "per month", "/mo", "pw", "per week", "/yr", schema.org MON/WEE/ANN → the form's period. */
export function rentPeriodFrom(text: unknown): RentPeriod | null {
  if (typeof text !== 'string') return null
  const t = text.toLowerCase()
  if (/^(mon|month|monthly|p1m)$/.test(t.trim()) || /\b(pcm|per (calendar )?month|a month|p\/?m|monthly)\b|\/\s*(mo|mth|month)\b/.test(t)) return 'month'
  if (/^(wee|week|weekly|p1w)$/.test(t.trim()) || /\b(pw|per week|a week|p\/?w|weekly)\b|\/\s*(wk|week)\b/.test(t)) return 'week'
  if (/^(ann|year|yearly|annual|p1y)$/.test(t.trim()) || /\b(per (year|annum)|pa|p\.a\.|a year|annually|yearly)\b|\/\s*(yr|year)\b/.test(t)) return 'year'
  return null
}

/** "for sale", "to let", "for rent", schema.org LeaseOut/Sell → the form's offer. */
export function offerFrom(text: unknown): ListingOffer | null {
  if (typeof text !== 'string') return null
  const t = text.toLowerCase()
  if (/leaseout|\b(to let|for rent|to rent|for lease|rental|rent|letting|lettings|let agreed)\b/.test(t)) return 'rent'
  if (/\bsell\b|\b(for sale|sale|buy|sold|under offer|offers (over|in excess of)|guide price|asking price)\b/.test(t)) return 'sale'
  return null
}

const TYPE_WORDS: [RegExp, PropertyType][] = [
  [/\b(town ?house|townhome|terrace[ds]?|row ?house|end of terrace|mews)\b/, 'townhouse'],
  [/\b(apartments?|flats?|condo(minium)?s?|units?|studios?|penthouses?|maisonettes?|duplex|loft)\b/, 'apartment'],
  [/\b(land|plots?|lots?|acreage|building site|vacant)\b/, 'land'],
  [/\b(commercial|office|retail|shop|warehouse|industrial)\b/, 'commercial'],
  [/\b(houses?|homes?|detached|semi(-detached)?|bungalows?|cottages?|villas?|farmhouse|chalet|single ?family(residence)?)\b/, 'house'],
]
const SCHEMA_TYPES: Record<string, PropertyType> = {
  singlefamilyresidence: 'house',
  house: 'house',
  apartment: 'apartment',
  apartmentcomplex: 'apartment',
  landform: 'land',
}

/** A page's words (or a schema.org @type) for the kind of property → the project's list. */
export function propertyTypeFrom(text: unknown): PropertyType | null {
  if (typeof text !== 'string') return null
  const t = text.toLowerCase().replace(/[_-]+/g, ' ')
  const schema = SCHEMA_TYPES[t.replace(/\s+/g, '')]
  if (schema) return schema
  for (const [pattern, type] of TYPE_WORDS) if (pattern.test(t)) return type
  return null
}

let countryNames: Map<string, string> | null = null
const RESERVED_REGIONS = new Set(['UK', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA'])
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB', 'u.k.': 'GB', gbr: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB',
  usa: 'US', 'u.s.a.': 'US', 'u.s.': 'US', 'united states of america': 'US', america: 'US',
  aus: 'AU', nzl: 'NZ', can: 'CA', irl: 'IE', deu: 'DE', fra: 'FR', esp: 'ES', ita: 'IT', nld: 'NL', prt: 'PT', bel: 'BE', aut: 'AT', che: 'CH',
  holland: 'NL', deutschland: 'DE', españa: 'ES', espana: 'ES', italia: 'IT', nederland: 'NL', 'éire': 'IE',
}

/** A country name, alias or code → ISO 3166-1 alpha-2. Names come from Intl.DisplayNames (English). */
export function countryCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const t = raw.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!t) return null
  if (!countryNames) {
    countryNames = new Map()
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b)
        const name = names.of(code)
        // reserved and retired codes Intl also names (UK, EU, DD…) are not current ISO 3166-1 countries
        if (name && name !== code && !RESERVED_REGIONS.has(code) && new Intl.Locale(`und-${code}`).region === code) {
          countryNames.set(code.toLowerCase(), code)
          if (!countryNames.has(name.toLowerCase())) countryNames.set(name.toLowerCase(), code)
        }
      }
    }
  }
  return COUNTRY_ALIASES[t] ?? countryNames.get(t) ?? null
}

export interface ParsedArea {
  value: number
  unit: AreaUnit | 'acre' | 'hectare'
}

/** A unit as written (or a UN/CEFACT code: FTK, MTK, ACR, HAR) → the form's unit, or acres/hectares for land. */
export function areaUnitFrom(raw: unknown): ParsedArea['unit'] | null {
  if (typeof raw !== 'string') return null
  const t = raw.trim().toLowerCase()
  if (/^ftk$|sq\.?\s*f(ee)?t|square\s*f(ee|oo)t|ft²|ft2|sqft|\bsf\b/.test(t)) return 'sqft'
  if (/^mtk$|sq\.?\s*m(et(re|er)s?)?\b|square\s*met(re|er)s?|m²|m2\b|sqm|\bqm\b|metres? carr/.test(t)) return 'sqm'
  if (/^acr$|\bacres?\b|\bac\b/.test(t)) return 'acre'
  if (/^har$|\bhectares?\b|\bha\b/.test(t)) return 'hectare'
  return null
}

const AREA_IN_TEXT = /(\d[\d.,]*)\s*(sq\.?\s*f(?:ee)?t|square\s*f(?:ee|oo)t|ft²|ft2|sqft|sq\.?\s*m(?:et(?:re|er)s?)?\b|square\s*met(?:re|er)s?|m²|m2\b|sqm|acres?\b|hectares?\b|ha\b)/i

/** "1,234 sq ft", "85 m²", "0.25 acres" inside a sentence → value and unit. */
export function parseArea(text: unknown): ParsedArea | null {
  if (typeof text !== 'string') return null
  const m = AREA_IN_TEXT.exec(text)
  if (!m) return null
  const value = parseNumber(m[1])
  const unit = areaUnitFrom(m[2])
  return value && value > 0 && unit ? { value, unit } : null
}

/** Every area in a text, in order. */
export function parseAreas(text: string): (ParsedArea & { land: boolean })[] {
  const out: (ParsedArea & { land: boolean })[] = []
  for (const m of text.matchAll(new RegExp(AREA_IN_TEXT.source, 'gi'))) {
    const area = parseArea(m[0])
    // "Land 612 m²", "Lot size: 0.3 acres": the land, not the floor
    const land = /\b(land|lot|block|plot|site|grounds|acreage)\b[^\d]{0,16}$/i.test(text.slice(Math.max(0, m.index - 30), m.index))
    if (area) out.push({ ...area, land: land || area.unit === 'acre' || area.unit === 'hectare' })
  }
  return out
}

/** Whole number within [min, max], else null. */
export function wholeNumber(raw: unknown, min: number, max: number): number | null {
  const n = typeof raw === 'string' ? parseNumber(raw.replace(/[^\d.,]/g, '')) : parseNumber(raw)
  if (n === null || !Number.isInteger(n) || n < min || n > max) return null
  return n
}

/** Bathrooms in halves (the form's rule), each half bathroom counting 0.5. */
export function bathroomCount(total: unknown, full?: unknown, partial?: unknown): number | null {
  const sum = parseNumber(typeof total === 'string' ? total.replace(/[^\d.,]/g, '') : total)
  let n = sum
  if (n === null) {
    const f = parseNumber(full)
    const p = parseNumber(partial)
    if (f === null && p === null) return null
    n = (f ?? 0) + (p ?? 0) * 0.5
  }
  n = Math.floor(n * 2) / 2
  return n >= 0 && n <= LISTING.bathroomsMax ? n : null
}

export function yearFrom(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : ''
  const m = /\b(1[6-9]\d\d|20\d\d|2100)\b/.exec(text)
  return m ? wholeNumber(m[1], LISTING.yearBuilt.min, LISTING.yearBuilt.max) : null
}

/** Features: cleaned, each within the form's length, duplicates (any case) dropped, at most featuresMax. */
export function cleanFeatures(values: unknown[]): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const value of values) {
    const text = cleanLine(value, LISTING.featureMax)
    if (!text || seen.has(text.toLowerCase())) continue
    seen.add(text.toLowerCase())
    out.push(text)
    if (out.length >= LISTING.featuresMax) break
  }
  return out
}
