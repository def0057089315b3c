import { countWords, decimalWords, fractionName } from './numbers'
import { NUM, parseNumber, type Num } from './parse'
import { bare, type Match, type Style, type Written } from './words'

/*
 * Measures after a number: areas ("48 m²" → "forty-eight square metres", "5,800 sq ft" → "five
 * thousand eight hundred square feet", "2 ha", "1.5 acres" → "one and a half acres"), lengths and
 * minutes ("5 min walk"), and percentages ("3.5%" → "three point five percent").
 */

type Unit = (style: Style) => [one: string[], many: string[]]

const sqMetre: Unit = (s) => [['square', s.metre], ['square', `${s.metre}s`]]
const sqFoot: Unit = () => [['square', 'foot'], ['square', 'feet']]
const plain = (one: string, many = `${one}s`): Unit => () => [[one], [many]]

/** Unit spellings (lower case, dots dropped) → their words. */
const UNITS: Record<string, Unit> = {
  'm²': sqMetre, m2: sqMetre, sqm: sqMetre, 'sq m': sqMetre, 'sq metres': sqMetre, 'sq meters': sqMetre, 'm^2': sqMetre,
  'ft²': sqFoot, ft2: sqFoot, sqft: sqFoot, 'sq ft': sqFoot, 'sq feet': sqFoot, sf: sqFoot,
  'km²': (s) => [['square', `kilo${s.metre}`], ['square', `kilo${s.metre}s`]],
  ha: plain('hectare'), ac: plain('acre'), acre: plain('acre'), acres: plain('acre'), hectare: plain('hectare'), hectares: plain('hectare'),
  m: (s) => [[s.metre], [`${s.metre}s`]], km: (s) => [[`kilo${s.metre}`], [`kilo${s.metre}s`]],
  ft: () => [['foot'], ['feet']], mi: plain('mile'), yd: plain('yard'), yds: plain('yard'),
  min: plain('minute'), mins: plain('minute'), hr: plain('hour'), hrs: plain('hour'),
}
const ATTACHED = new RegExp(`^(${NUM}|\\d*[½¼¾])\\s?(m²|m2|sqm|sq\\.?m|sqft|sq\\.?ft|ft²|ft2|km²|ha|ac|m|km|ft|mi|min|mins|hr|hrs)$`, 'i')

const ADJECTIVAL = new Set(['walk', 'drive', 'ride', 'stroll', 'commute', 'trip'])

const unitKey = (text: string) => text.toLowerCase().replace(/\.(?=\S|$)/g, '').replace(/\s+/g, ' ')

/** A number with ½ ¼ ¾ glyphs ("1½") or in the locale's format. */
export function parseCount(text: string, style: Style): Num | null {
  const glyph = text.match(/^(\d*)([½¼¾])$/)
  if (glyph) {
    const frac = { '½': '5', '¼': '25', '¾': '75' }[glyph[2]]!
    return { int: glyph[1] || '0', frac, value: Number(`${glyph[1] || '0'}.${frac}`) }
  }
  return parseNumber(text, style)
}

/** The number before a measure and the measure: "one and a half acres", "half a hectare", "one square metre". */
function measured(num: Num, unit: Unit, style: Style): [string[], string[]] {
  const [one, many] = unit(style)
  const half = num.int === '0' && fractionName(num.frac)?.[1] === 'half'
  if (half) return [['half', /^[aeiou]/.test(one[0]) ? 'an' : 'a'], one]
  if (Number(num.int) === 1 && !num.frac) return [['one'], one]
  return [fractionName(num.frac) ? countWords(num.int, num.frac, style.and) : decimalWords(num.int, num.frac, style.and), many]
}

/** How many written words from `i` spell a unit, and which. */
function unitAt(ws: Written[], i: number): { take: number; unit: Unit; key: string } | null {
  const one = unitKey(ws[i]?.core ?? '')
  const two = ws[i + 1] && !ws[i].trail.trim() ? `${one} ${unitKey(ws[i + 1].core)}` : ''
  if (two && UNITS[two]) return { take: 2, unit: UNITS[two], key: two }
  if (UNITS[one] && !(one === 'm' && /^\p{Lu}/u.test(ws[i].core) && ws[i].core !== 'm')) return { take: 1, unit: UNITS[one], key: one }
  return null
}

export function measure(ws: Written[], i: number, style: Style): Match | null {
  const w = ws[i]
  const attached = w.core.match(ATTACHED)
  if (attached) {
    const num = parseCount(attached[1], style)
    const unit = UNITS[unitKey(attached[2])]
    if (!num || !unit) return null
    const [n, u] = measured(num, unit, style)
    return [{ words: [...n, ...u] }]
  }
  const num = parseCount(w.core, style)
  if (!num || w.trail.trim() || !ws[i + 1]) return null
  const found = unitAt(ws, i + 1)
  if (!found) return null
  const [n, plural] = measured(num, found.unit, style)
  // "a 5 min walk": a measure before a noun is singular ("five minute walk")
  const u = ADJECTIVAL.has(bare(ws[i + 1 + found.take])) ? found.unit(style)[0] : plural
  if (found.take === 1) return [{ words: n }, { words: u }]
  // "sq" "ft": "square" on the first, the rest on the second
  return [{ words: n }, { words: u.slice(0, 1) }, { words: u.slice(1) }]
}

/** A unit written without a number before it: "per sq ft" → "per square foot". */
export function bareUnit(ws: Written[], i: number, style: Style): Match | null {
  const found = unitAt(ws, i)
  if (!found || !/[²]|^sq/.test(found.key)) return null
  const [one, many] = found.unit(style)
  const words = bare(ws[i - 1]) === 'per' ? one : many
  return found.take === 1 ? [{ words }] : [{ words: words.slice(0, 1) }, { words: words.slice(1) }]
}

/** "5%", "3.5 %" → "five percent", "three point five percent". */
export function percent(ws: Written[], i: number, style: Style): Match | null {
  const w = ws[i]
  const sign = w.core.match(new RegExp(`^(${NUM})\\s?%$`))
  const after = !sign && /^\s*%/.test(w.trail) ? parseNumber(w.core, style) : null
  const num = sign ? parseNumber(sign[1], style) : after
  if (!num) return null
  return [{ words: [...decimalWords(num.int, num.frac, style.and), 'percent'], trail: after ? w.trail.replace(/^\s*%/, '') : w.trail }]
}

/** A count before a word keeps its everyday fraction: "3.5 bathrooms" → "three and a half bathrooms", "1½ baths". */
export function count(ws: Written[], i: number, style: Style): Match | null {
  const w = ws[i]
  const next = ws[i + 1]
  const num = parseCount(w.core, style)
  if (!num || !num.frac || !fractionName(num.frac)) return null
  if (!/[½¼¾]/.test(w.core) && (w.trail.trim() || !next || !/^\p{Ll}/u.test(next.core))) return null
  return [{ words: countWords(num.int, num.frac, style.and) }]
}

