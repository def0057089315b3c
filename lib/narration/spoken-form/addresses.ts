import { streetNumberWords } from './numbers'
import { bare, isCapitalised, type Match, type Reading, type Written } from './words'

/*
 * Addresses as people say them: house numbers in pairs ("1180 Old Mill Road" → "eleven eighty Old
 * Mill Road", "221B" → "two twenty-one B", "12–14" → "twelve to fourteen"), and the common
 * abbreviations: St (Street after a name, Saint before one), Rd, Ave, Apt, Dr (Drive after a name,
 * Doctor before one), Blvd, Ln, Ct, Pl, Hwy, Pde, Cres, Tce, Mt, N/S/E/W before a street name,
 * NE/NW/SE/SW after a street type.
 */

const STREET_TYPES: Record<string, string> = {
  St: 'Street', Rd: 'Road', Ave: 'Avenue', Av: 'Avenue', Blvd: 'Boulevard', Ln: 'Lane', Ct: 'Court', Pl: 'Place',
  Hwy: 'Highway', Pde: 'Parade', Cres: 'Crescent', Tce: 'Terrace', Pkwy: 'Parkway', Cct: 'Circuit', Cir: 'Circle',
  Dr: 'Drive', Sq: 'Square', Esp: 'Esplanade', Gdns: 'Gardens', Gr: 'Grove', Cl: 'Close', Hts: 'Heights',
}
const STREET_WORDS = new Set([
  ...Object.values(STREET_TYPES), 'Way', 'Row', 'Mews', 'Hill', 'Walk', 'Trail', 'Promenade', 'Alley', 'Loop', 'Crossing', 'Rise', 'Wharf', 'Quay',
])
/** Before a name: "St Kilda" is Saint Kilda, "Dr Lee" Doctor Lee, "Mt Eden" Mount Eden. */
const BEFORE_NAME: Record<string, string> = { St: 'Saint', Dr: 'Doctor', Mt: 'Mount', Ft: 'Fort' }
const ALWAYS: Record<string, string> = { Apt: 'Apartment', Ste: 'Suite', Bldg: 'Building', Rd: 'Road', Blvd: 'Boulevard', Hwy: 'Highway', Pkwy: 'Parkway', Ave: 'Avenue' }
const COMPASS: Record<string, string> = { N: 'North', S: 'South', E: 'East', W: 'West', NE: 'Northeast', NW: 'Northwest', SE: 'Southeast', SW: 'Southwest' }
const UNIT_WORDS = new Set(['apt', 'apartment', 'unit', 'suite', 'ste', 'flat'])

const core = (w: Written | undefined) => (w ? w.core.replace(/\.$/, '') : '')
const isStreetWord = (w: Written | undefined) => !!w && (STREET_WORDS.has(core(w)) || core(w) in STREET_TYPES)

/** A house number: "1180", "221B", "12-14", "4/12" (unit 4 of number 12). */
const HOUSE = /^#?(\d{1,5})([A-Za-z])?(?:([–/-])(\d{1,5})([A-Za-z])?)?$/

function houseWords(text: string): string[] | null {
  const m = text.match(HOUSE)
  if (!m) return null
  const one = (digits: string, letter?: string) => [...streetNumberWords(Number(digits)), ...(letter ? [letter.toUpperCase()] : [])]
  if (!m[4]) return one(m[1], m[2])
  return [...one(m[1], m[2]), ...(m[3] === '/' ? [] : ['to']), ...one(m[4], m[5])]
}

/** Is the word at `i` a house number: capitalised words up to a street type follow it, or a unit word precedes it? */
function isHouseNumber(ws: Written[], i: number): boolean {
  if (UNIT_WORDS.has(bare(ws[i - 1])) || ws[i].core.startsWith('#')) return true
  if (ws[i].trail.trim()) return false
  for (let k = i + 1; k < Math.min(ws.length, i + 6); k++) {
    if (!isCapitalised(ws[k])) return false
    if (k > i + 1 && isStreetWord(ws[k])) return true
    if (ws[k].trail.trim() && ws[k].trail.trim() !== '.') return false
  }
  return false
}

export function houseNumber(ws: Written[], i: number): Match | null {
  const w = ws[i]
  // "221B" is never a quantity, anywhere
  const lettered = /^\d{1,4}[A-JLN-Z]$/.test(w.core)
  if (!lettered && !isHouseNumber(ws, i)) return null
  const words = houseWords(w.core)
  return words ? [{ words }] : null
}

/** The abbreviation at `i` spelled out, or null. */
export function abbreviation(ws: Written[], i: number): Match | null {
  const w = ws[i]
  const word = w.core
  const prev = ws[i - 1]
  const next = ws[i + 1]
  const nextIsName = isCapitalised(next) && !w.trail.replace('.', '').trim()
  const prevIsName = isCapitalised(prev) && !prev!.trail.trim()
  // "10 Downing St London": a house number and a name before it make St the street
  const addressBefore = prevIsName && /^\d/.test(ws[i - 2]?.core ?? '')
  // a full stop that only marks the abbreviation goes when the sentence goes on
  const trail = (keep: boolean): Reading['trail'] => (w.trail === '.' && !keep ? '' : w.trail)
  const sentenceGoesOn = !!next && /^\p{Ll}/u.test(next.core)
  if (BEFORE_NAME[word] && nextIsName && !addressBefore) {
    return [{ words: [BEFORE_NAME[word]], trail: trail(false) }]
  }
  if (STREET_TYPES[word] && (prevIsName || ALWAYS[word])) return [{ words: [STREET_TYPES[word]], trail: trail(!sentenceGoesOn && !nextIsName) }]
  if (ALWAYS[word]) return [{ words: [ALWAYS[word]], trail: trail(!sentenceGoesOn && !nextIsName) }]
  // "123 N Main St" / "Pennsylvania Ave NW"
  if (COMPASS[word] && word.length === 1 && /^\d/.test(prev?.core ?? '') && isCapitalised(next)) return [{ words: [COMPASS[word]], trail: trail(false) }]
  if (COMPASS[word] && word.length === 2 && isStreetWord(prev)) return [{ words: [COMPASS[word]] }]
  return null
}
