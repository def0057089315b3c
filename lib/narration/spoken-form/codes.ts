import { cardinal, digitWords } from './numbers'
import type { Match, Reading, Written } from './words'

/*
 * Codes read character by character: UK postcodes ("NW1 8XL" → "N W one, eight X L"), US ZIP codes
 * after a state ("IL 62704" → "six two seven zero four"), Australian postcodes after a state ("VIC 3141"
 * → "three one four one", "NSW 2000" → "two thousand", as Australians say their round ones), and
 * phone numbers digit by digit ("(02) 9876 5432", "+44 20 7946 0018", "555-123-4567").
 */

const spell = (code: string) => [...code].flatMap((c) => (/\d/.test(c) ? digitWords(c) : /[A-Za-z]/.test(c) ? [c.toUpperCase()] : []))

const UK_OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/
const UK_INWARD = /^\d[A-Z]{2}$/
const US_STATES = new Set(('AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC').split(' '))
const AU_STATES = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'])

export function postcode(ws: Written[], i: number): Match | null {
  const w = ws[i]
  const next = ws[i + 1]
  if (UK_OUTWARD.test(w.core) && next && UK_INWARD.test(next.core) && !w.trail.trim()) {
    return [{ words: spell(w.core), trail: ',' + w.trail }, { words: spell(next.core) }]
  }
  const state = ws[i - 1]?.core ?? ''
  if (US_STATES.has(state) && /^\d{5}(?:-\d{4})?$/.test(w.core)) return [{ words: spell(w.core) }]
  if (AU_STATES.has(state) && /^\d{4}$/.test(w.core)) {
    const n = Number(w.core)
    return [{ words: n % 1000 === 0 ? cardinal(n) : spell(w.core) }]
  }
  return null
}

const PHONE_TOKEN = /^\+?\(?\d+\)?(?:[-. ]\d+)*$/
const closesGroup = (w: Written) => w.trail.replace(/^\)/, '').trim()

/** A phone number from `i`: a run of digit groups with 8–15 digits that starts like one (0, +, "(") or is dashed. */
export function phone(ws: Written[], i: number): Match | null {
  const run: Written[] = []
  for (let k = i; k < ws.length && PHONE_TOKEN.test(ws[k].core); k++) {
    run.push(ws[k])
    if (closesGroup(ws[k])) break
  }
  const digits = run.map((w) => w.core.replace(/\D/g, '').length)
  let total = 0
  let take = 0
  for (const d of digits) {
    if (total + d > 15) break
    total += d
    take++
  }
  if (total < 8) return null
  const first = run[0].lead + run[0].core
  const dashed = run.slice(0, take).some((w) => (w.core.match(/\d[-.]\d/g) ?? []).length >= 2)
  if (!/^[+(0]/.test(first) && !dashed && !(take >= 3 && digits.slice(0, take).every((d) => d >= 3 && d <= 4))) return null
  return run.slice(0, take).map((w, n): Reading => {
    const groups = w.core.split(/[-.() ]+/).filter(Boolean)
    const words = groups.flatMap((g, gi) => {
      const said = [...(g.startsWith('+') ? ['plus'] : []), ...digitWords(g)]
      if (gi < groups.length - 1) said[said.length - 1] += ','
      return said
    })
    const trail = w.trail.replace(/^\)/, '')
    return { words, lead: w.lead.replace(/\($/, ''), trail: n < take - 1 && !trail.trim() ? ',' : trail }
  })
}
