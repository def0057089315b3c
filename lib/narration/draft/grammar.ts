/*
 * English grammar for the phrasebook: a feature as a noun phrase with the right article ("a gym",
 * "an open fireplace", "two fireplaces", "floor-to-ceiling glass"), whether it takes "is" or "are",
 * small counts as words ("two bedrooms"), and sentences with a capital and an ending. Pure.
 */

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']

/** A count as people write it in a sentence: whole numbers up to twelve in words, the rest as given. */
export const countText = (count: number, formatted: string) =>
  Number.isInteger(count) && count >= 0 && count < NUMBER_WORDS.length ? NUMBER_WORDS[count] : formatted

export const article = (phrase: string) =>
  /^[aeiou]/i.test(phrase) && !/^(one|uni|use|usu|eu|ewe)/i.test(phrase) ? 'an' : /^(hour|honest|heir)/i.test(phrase) ? 'an' : 'a'

/**
 * Nouns that take no "a": materials, services and other uncountables ("floor-to-ceiling glass",
 * "secure parking", "exposed brick", "creek frontage"). A feature ending in one of them, or in -ing,
 * is said bare.
 */
const MASS = new Set(
  ('glass brick stone marble timber wood oak concrete granite flooring parking storage heating cooling air-conditioning conditioning ' +
    'furniture lighting shelving joinery cabinetry carpet carpeting insulation frontage access water land pasture acreage space light ' +
    'sunlight security wifi internet broadband plumbing power electricity gas sewerage equipment landscaping fencing decking paving ' +
    'tiling panelling paneling wainscoting woodwork ironwork accommodation potential privacy appeal character charm history ' +
    'elevation seclusion zoning approval luggage laundry').split(' '),
)

/** Singular nouns ending in s (not plurals). */
const SINGULAR_S = /(ss|us|is|ous|ics|gas|lens|oasis|terrace|chaise)$/

/** A phrase that opens with a count of several ("two fireplaces", "several terraces"); "three-car garage" is one garage. */
const PLURAL_COUNTS = /^(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|multiple|both|\d+)(?=\s)/i

/** The word a feature phrase turns on: its last word, or the word before "in/with/on/of/for/to" ("washer/dryer in unit"). */
function headWord(phrase: string): string {
  const words = phrase.toLowerCase().replace(/[.!?;:,]+$/, '').split(/\s+/)
  const cut = words.findIndex((w, i) => i > 0 && /^(in|with|on|of|for|to|at|from|by|off|under|over)$/.test(w))
  const head = cut > 0 ? words[cut - 1] : words[words.length - 1]
  return head.split(/[/-]/).pop() ?? head
}

export type Number_ = 'singular' | 'plural' | 'mass'

/** Whether a feature is one thing, several or an uncountable ("Two fireplaces" plural, "Floor-to-ceiling glass" mass). */
export function grammaticalNumber(phrase: string): Number_ {
  const head = headWord(phrase)
  if (MASS.has(head) || /ing$/.test(head)) return 'mass'
  if (/s$/.test(head) && !SINGULAR_S.test(head)) return 'plural'
  if (PLURAL_COUNTS.test(phrase)) return 'plural'
  return 'singular'
}

/** "is" or "are" before a list of features: "there" agrees with the first ("There is a pool and two garages"). */
export const verbFor = (items: string[]) => (items.length && grammaticalNumber(items[0]) !== 'plural' ? 'is' : 'are')

/** A feature as said mid-sentence: lower-cased unless it holds a capital past its first letter (a name). */
export function inline(feature: string): string {
  const t = feature.trim().replace(/[.!?;:,]+$/, '')
  return /\p{Lu}/u.test(t.slice(1)) ? t : t.charAt(0).toLowerCase() + t.slice(1)
}

/**
 * A feature with the article it takes: "a gym", "an open fireplace"; plurals ("harbour views"),
 * uncountables ("secure parking", "floor-to-ceiling glass"), names, counts and phrases that start
 * with a word of place ("close to schools") stay as they are.
 */
export function withArticle(feature: string): string {
  if (/^(a|an|the|some|no|\d|close|near|walk|walking|within|opposite|next|moments|minutes|steps|fully|newly|plenty|lots|loads)\b/i.test(feature)) return feature
  if (/^\p{Lu}/u.test(feature) && /\p{Lu}/u.test(feature.slice(1))) return feature // a name ("Smeg appliances", "Miele kitchen")
  if (grammaticalNumber(feature) !== 'singular') return feature
  return `${article(feature)} ${feature}`
}

/** A feature with "the" ("the walled garden", "the stables"). */
export function withThe(feature: string): string {
  return /^(a|an|the)\s/i.test(feature) ? feature.replace(/^(a|an)\s/i, 'the ') : `the ${feature}`
}

/** A fragment as a sentence: first letter up, a full stop unless it has an ending. */
export function asSentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ')
  if (!t) return ''
  const first = t.charAt(0).toUpperCase() + t.slice(1)
  return /[.!?…]$/.test(first) ? first : `${first}.`
}

/** "a, b and c" */
export const listOf = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`)
