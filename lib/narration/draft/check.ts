import type { Draft, SceneSlot } from './compose'
import { buildFacts, stem, type DraftSource } from './facts'
import { phrasebookFor } from './phrasebook'
import { numbersIn, speechSecondsOf } from './spoken'

/*
 * Checks a set of scene scripts against the listing: every number said is one the listing holds,
 * each fact of the draft is still said in its scene and no more often than the draft says it, no
 * amenity or claim the listing does not mention, and each line fits its scene. The hosted model's
 * polish must pass these or the deterministic draft is used (llm.ts); the unit tests hold the
 * deterministic draft to the same checks.
 */

const same = (a: number, b: number) => Math.abs(a - b) < 0.005

/** Every number the listing holds, in any of its texts or facts (and as the draft formats them). */
export function listingNumbers(source: DraftSource, slots: SceneSlot[]): number[] {
  const { listing, locale } = source
  const texts = [
    listing.address.line, listing.address.city, listing.address.postalCode, source.description,
    source.agent?.name, source.agent?.brokerage, ...(listing.features ?? []), ...slots.map((s) => s.caption),
  ]
  const values = [
    listing.price?.amount, listing.bedrooms, listing.bathrooms, listing.area?.value,
    listing.area ? Math.round(listing.area.value) : undefined, listing.yearBuilt,
  ]
  return [
    ...values.filter((v): v is number => typeof v === 'number'),
    ...texts.flatMap((t) => (t ? numbersIn(t, locale) : [])),
  ]
}

/** The listing's own words (features, description, captions, the draft): what a polish may mention. */
function listingWords(source: DraftSource, slots: SceneSlot[], draft: Draft): Set<string> {
  const text = [source.description, source.listing.title, ...(source.listing.features ?? []), ...slots.map((s) => s.caption), ...draft.scenes.map((s) => s.script)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
  return new Set(text.split(/[^\p{L}\p{N}-]+/u).filter(Boolean).flatMap((w) => [w, stem(w)]))
}

const mentions = (text: string, word: string) => {
  const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}-]+/u).filter(Boolean).map(stem))
  return word.split(/\s+/).every((w) => words.has(stem(w.toLowerCase())))
}

export type CheckResult = { ok: true } | { ok: false; problems: string[] }

export function checkScripts(scripts: string[], draft: Draft, source: DraftSource, slots: SceneSlot[]): CheckResult {
  const problems: string[] = []
  const { book } = phrasebookFor(source.locale)
  const locale = source.locale
  if (scripts.length !== draft.scenes.length) return { ok: false, problems: [`${scripts.length} scripts for ${draft.scenes.length} scenes`] }

  const known = listingNumbers(source, slots)
  const facts = new Map(buildFacts(source, book).map((f) => [f.id, f]))
  const count = (values: number[], v: number) => values.filter((x) => same(x, v)).length
  const draftNumbers = draft.scenes.flatMap((s) => numbersIn(s.script, locale))
  const saidNumbers = scripts.flatMap((s) => numbersIn(s, locale))
  const vocabulary = listingWords(source, slots, draft)

  scripts.forEach((script, i) => {
    const scene = draft.scenes[i]
    const seconds = speechSecondsOf(script, locale)
    if (seconds > scene.budget + 1e-9) problems.push(`scene ${i + 1}: ${seconds.toFixed(1)} s of speech, room for ${scene.budget.toFixed(1)} s`)
    for (const n of numbersIn(script, locale)) {
      if (!known.some((k) => same(k, n))) problems.push(`scene ${i + 1}: says ${n}, which the listing does not hold`)
    }
    for (const id of scene.facts) {
      const fact = facts.get(id)
      if (!fact) continue
      const said = numbersIn(script, locale)
      const missing = fact.evidence.numbers.some((n) => !said.some((s) => same(s, n))) || fact.evidence.words.some((w) => !mentions(script, w))
      if (missing) problems.push(`scene ${i + 1}: no longer says ${id}`)
    }
    for (const claim of book.claimWords) {
      if (mentions(script, claim) && !claim.split(/\s+/).every((w) => vocabulary.has(w) || vocabulary.has(stem(w)))) {
        problems.push(`scene ${i + 1}: mentions "${claim}", which the listing does not`)
      }
    }
  })
  for (const n of new Set(saidNumbers)) {
    if (count(saidNumbers, n) > count(draftNumbers, n)) problems.push(`says ${n} more often than the facts do`)
  }
  return problems.length ? { ok: false, problems: [...new Set(problems)] } : { ok: true }
}
