import { formatPrice } from '@/remotion/format'
import { buildFacts, KIND_ORDER, keywordsOf, type DraftSource, type Fact } from './facts'
import { phrasebookFor, type Phrasebook } from './phrasebook'
import { photoRoom, wordsOf, type Room } from './rooms'
import { seeded, shuffled } from './seeded'
import type { Draft, SceneDraft, SceneSlot } from './types'
import { speechSecondsOf, spokenWordCount } from './spoken'

export { seeded } from './seeded'

/*
 * The deterministic draft: the listing's facts spread over the scenes so each scene's line fits the
 * seconds it has for speech at SPEAKING_RATE. The address opens the first scene, the call to action
 * closes the last, a feature named in a photo's caption goes to that photo, the rest follow in order
 * one scene after another. A fact that fits nowhere is left out (and reported), never squeezed in.
 * A scene with nothing left says its caption, or a short fact-free line, or nothing.
 */

export type { Draft, LeftOut, SceneDraft, SceneSlot } from './types'

const SCRIPT_MAX = 600

/** Sayable units of a scene: its facts with a group's members folded into one sentence. */
type Unit = { facts: Fact[]; tiers: string[][]; options: string[] }

/** Parts of the home outside the house: a feature of a room inside is never said over them, nor the reverse. */
const OUTSIDE: ReadonlySet<Room> = new Set(['exterior', 'garden', 'pool', 'outdoor', 'garage', 'stables', 'tennis', 'view', 'land'])

export function composeDraft(source: DraftSource, slots: SceneSlot[]): Draft {
  const { book, fellBack } = phrasebookFor(source.locale)
  const { locale, listing } = source
  if (!slots.length) return { scenes: [], omitted: [], left: [], covered: {}, locale, language: book.language, fellBack }
  // a line's length in seconds of speech (words and pauses); every comparison below is in seconds
  // (memoised: the fitting below asks for the same wordings many times)
  const secondsOf = new Map<string, number>()
  const words = (text: string) => {
    let seconds = secondsOf.get(text)
    if (seconds === undefined) secondsOf.set(text, (seconds = speechSecondsOf(text, locale)))
    return seconds
  }
  const out = (script: string, factIds: string[], budget: number): SceneDraft =>
    ({ script, facts: factIds, words: spokenWordCount(script, locale), seconds: words(script), budget })
  const random = seeded(`${source.seed}|${slots.length}`)
  const facts = buildFacts(source, book)
  const budgets = slots.map((slot) => Math.max(0, slot.seconds))
  const assigned: Fact[][] = slots.map(() => [])
  const covered: Record<string, string> = {}

  // what each photo shows: its room, and the words of its caption and file name
  const photos = slots.map((slot) => ({
    room: photoRoom(slot.caption, slot.file),
    words: new Set([...keywordsOf(slot.caption ?? '', book), ...keywordsOf(wordsOf(slot.file ?? '').join(' '), book)]),
  }))
  const named = (fact: Fact, scene: number) => fact.keywords.some((k) => photos[scene].words.has(k))

  const price = formatPrice(listing, locale)
  const priceOf = price ? { amount: price.amount, period: listing.price?.period } : undefined
  const line = listing.address.line.trim()
  const city = listing.address.city?.trim() || undefined

  /** A group's tiers for the members a scene holds (the address with the offer, the home's facts as one sentence…). */
  const groupTiers = (members: Fact[], scene: number): string[][] => {
    const group = members[0].group
    if (group === 'intro' && members.length > 1) return book.intro(line, city, listing.propertyType, listing.offer, priceOf, locale)
    if (group === 'home') {
      const get = (id: string) => members.find((f) => f.id === id)
      return book.home({
        bedrooms: get('bedrooms')?.count, bathrooms: get('bathrooms')?.count, area: get('area')?.item,
        year: get('year')?.count?.count, land: listing.propertyType === 'land',
      })
    }
    if (group === 'features') return book.features(members.map((f) => f.item!), members.length === 1 && named(members[0], scene))
    return members[0].tiers
  }

  const unitsOf = (list: Fact[], scene: number): Unit[] => {
    const sorted = list.slice().sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || facts.indexOf(a) - facts.indexOf(b))
    const units: Unit[] = []
    for (const fact of sorted) {
      const members = fact.group ? sorted.filter((f) => f.group === fact.group) : [fact]
      if (members[0] !== fact) continue
      const tiers = groupTiers(members, scene)
      units.push({ facts: members, tiers, options: tiers.flat() })
    }
    return units
  }

  // variety: each kind's wordings rotate from a seeded start, one step per scene that says that
  // kind, and a wording whose opening words were said already goes after the others of its tier
  const start = Math.floor(random() * 1000)
  const said = new Map<string, number>()
  const usedLeads = new Set<string>()
  const lead = (text: string) => text.split(/\s+/).slice(0, 2).join(' ').toLowerCase()
  const arrange = (u: Unit): string[] => {
    const kind = u.facts[0].kind
    const k = start + (said.get(kind) ?? 0)
    said.set(kind, (said.get(kind) ?? 0) + 1)
    return u.tiers.flatMap((tier) => {
      const rotated = tier.map((_, j) => tier[(j + k) % tier.length])
      return [...rotated.filter((o) => !usedLeads.has(lead(o))), ...rotated.filter((o) => usedLeads.has(lead(o)))]
    })
  }

  /** The close keeps a warm wording ("To arrange a viewing…") when other facts share its scene. */
  const warmOptions = (u: Unit, shared: boolean) => {
    if (!shared || u.facts[0].kind !== 'agent' || u.tiers.length < 2) return u.options
    return u.options.slice(0, u.options.length - u.tiers[u.tiers.length - 1].length)
  }
  /** The fewest seconds a scene's facts can be said in. */
  const fewest = (list: Fact[], scene: number) =>
    unitsOf(list, scene).reduce((sum, u) => sum + Math.min(...warmOptions(u, list.length > 1).map(words)), 0)
  const fits = (scene: number, fact: Fact) => fewest([...assigned[scene].filter((f) => !fact.covers?.includes(f.id)), fact], scene) <= budgets[scene]

  const placed = (id: string) => assigned.findIndex((list) => list.some((f) => f.id === id))
  const omitted: string[] = []
  const forward = slots.map((_, i) => i)
  const from = (first: number) => forward.map((i) => (first + i) % slots.length)

  /** Puts a fact on the first scene of `order` it fits; a description sentence takes the facts it says along. */
  const put = (fact: Fact, order: number[], report = true): number | undefined => {
    if (covered[fact.id]) return undefined
    const elsewhere = (fact.covers ?? []).map(placed)
    const scene = order.find((i) => elsewhere.every((s) => s < 0 || s === i) && fits(i, fact))
    if (scene === undefined) {
      if (report) omitted.push(fact.id)
      return undefined
    }
    for (const id of fact.covers ?? []) {
      covered[id] = fact.id
      assigned[scene] = assigned[scene].filter((f) => f.id !== id)
    }
    assigned[scene].push(fact)
    return scene
  }

  const first = facts.find((f) => f.anchor === 'first')
  const closing = facts.find((f) => f.anchor === 'last')
  if (first) put(first, forward)
  if (closing) put(closing, forward.slice().reverse())
  // the offer joins the opening when it fits there, else it takes the first scene whose photo has
  // nothing of its own to say (no feature or sentence about its room)
  const own = (i: number) => facts.some((f) => (f.kind === 'feature' || f.kind === 'description') && (named(f, i) || (f.room && f.room === photos[i].room)))
  const offer = facts.find((f) => f.kind === 'offer')
  /** Seconds of speech the facts about a scene's photo need (the lighter scene gives way to the offer). */
  const ownSeconds = (i: number) =>
    facts
      .filter((f) => (f.kind === 'feature' || f.kind === 'description') && (named(f, i) || (f.room && f.room === photos[i].room)))
      .reduce((sum, f) => sum + Math.min(...f.tiers.flat().map(words)), 0)
  const captionNamed = (i: number) => facts.some((f) => f.kind === 'feature' && named(f, i))
  const lastScene = slots.length - 1
  if (offer) {
    const later = forward.filter((i) => i > 0)
    put(offer, [
      0,
      ...later.filter((i) => !own(i) && i !== lastScene),
      ...later.filter((i) => own(i) && !captionNamed(i) && i !== lastScene).sort((a, b) => ownSeconds(a) - ownSeconds(b)),
      ...later.filter((i) => i === lastScene && !captionNamed(i)),
      ...later.filter((i) => captionNamed(i)),
    ], false)
  }

  // the photo's own: a description sentence about a room goes to that room's photo, a feature to
  // the photo its caption or file name names, else to the photo of its room
  for (const fact of facts) {
    if (fact.kind !== 'description' || !fact.room) continue
    const scenes = forward.filter((i) => photos[i].room === fact.room)
    if (scenes.length) put(fact, scenes, false)
  }
  const features = facts.filter((f) => f.kind === 'feature')
  const steered = new Set<Fact>()
  for (const fact of features) {
    if (covered[fact.id]) continue
    const scenes = [...forward.filter((i) => named(fact, i)), ...forward.filter((i) => !named(fact, i) && fact.room && photos[i].room === fact.room)]
    if (scenes.length && put(fact, scenes, false) !== undefined) steered.add(fact)
  }

  // the offer is always said: when no scene has room, the second scene (the first alone) gives up
  // what it holds besides the opening and the close, which then finds another scene or is left out
  // (the lightest photo of its own first); with too few scenes even for that, the close gives way
  // and is said elsewhere if it fits, else named as left out
  if (offer && placed(offer.id) < 0) {
    const order = [...forward.filter((i) => i > 0 && i < lastScene).sort((a, b) => Number(captionNamed(a)) - Number(captionNamed(b)) || ownSeconds(a) - ownSeconds(b)), lastScene, 0]
    for (const scene of [...new Set(order)]) {
      const evicted = assigned[scene].filter((f) => !f.anchor)
      assigned[scene] = assigned[scene].filter((f) => f.anchor)
      for (const f of evicted) steered.delete(f)
      if (put(offer, [scene], false) !== undefined) break
      assigned[scene].push(...evicted)
    }
    if (placed(offer.id) < 0 && closing && placed(closing.id) >= 0) {
      const scene = placed(closing.id)
      const evicted = assigned[scene].filter((f) => !f.anchor || f === closing)
      assigned[scene] = assigned[scene].filter((f) => !evicted.includes(f))
      for (const f of evicted) steered.delete(f)
      if (put(offer, [scene], false) !== undefined) put(closing, forward.slice().reverse())
      else assigned[scene].push(...evicted)
    }
    if (placed(offer.id) < 0) omitted.push(offer.id)
  }

  // the rest in order of importance, one scene after another from the second, wrapping round: the
  // description's best sentence, the rooms (bedrooms with bathrooms when they fit together), the
  // area, the other sentences, the year, then the features no photo shows
  const rank = (f: Fact) =>
    f.id === 'description:0' ? 0 : f.id === 'bedrooms' || f.id === 'bathrooms' ? 1 : f.id === 'area' ? 2 : f.kind === 'description' ? 3 : 4
  const rest = facts.filter((f) => !f.anchor && f.kind !== 'offer' && f.kind !== 'feature').sort((a, b) => rank(a) - rank(b) || facts.indexOf(a) - facts.indexOf(b))
  let cursor = 1
  for (const fact of rest) {
    if (covered[fact.id] || placed(fact.id) >= 0) continue
    const order = from(slots.length === 1 ? 0 : cursor)
    const mate = fact.id === 'bedrooms' ? rest.find((f) => f.id === 'bathrooms' && !covered[f.id]) : undefined
    if (mate) {
      const both = order.find((i) => fewest([...assigned[i], fact, mate], i) <= budgets[i])
      if (both !== undefined) {
        assigned[both].push(fact, mate)
        cursor = both + 1
        continue
      }
    }
    const home = fact.group === 'home' ? assigned.findIndex((list) => list.some((f) => f.group === 'home')) : -1
    const scene = put(fact, [...(home >= 0 ? [home] : []), ...order])
    if (scene !== undefined) cursor = scene + 1
  }
  for (const fact of features) {
    if (steered.has(fact) || covered[fact.id] || placed(fact.id) >= 0) continue
    // a feature a photo's caption or file name shows is said over that photo or not at all
    if (forward.some((i) => named(fact, i))) {
      omitted.push(fact.id)
      continue
    }
    // a photo of no known room first, then (for a feature of no known room) any photo, then a photo
    // on the same side of the front door; never a photo of another room across it
    const fit = (i: number) => {
      const room = photos[i].room
      if (!room) return 0
      if (!fact.room) return 1
      return OUTSIDE.has(room) === OUTSIDE.has(fact.room) ? 2 : Infinity
    }
    const order = from(slots.length === 1 ? 0 : cursor).filter((i) => fit(i) < Infinity).sort((a, b) => fit(a) - fit(b))
    const scene = put(fact, order)
    if (scene !== undefined) cursor = scene + 1
  }

  const fillers = shuffled(book.fillers, random)
  const usedFillers = new Set<string>()
  const last = slots.length - 1
  const scenes = slots.map((slot, i): SceneDraft => {
    const budget = budgets[i]
    if (!assigned[i].length) {
      const caption = slot.caption?.trim()
      // (not a caption that names a feature: the feature is said elsewhere or named as left out)
      const namesFeature = caption && features.some((f) => f.keywords.some((k) => keywordsOf(caption, book).includes(k)))
      const captionLine = caption && !namesFeature ? book.caption(caption).flat().find((text) => words(text) <= budget) : undefined
      if (captionLine) return out(captionLine, ['caption'], budget)
      // each fact-free line at most once; past them the scene is silent
      const filler = i === last ? undefined : fillers.find((text) => words(text) <= budget && !usedFillers.has(text))
      if (filler) usedFillers.add(filler)
      return out(filler ?? '', [], budget)
    }
    const units = unitsOf(assigned[i], i).map((u) => ({ ...u, options: arrange(u) }))
    const chosen = units.map(() => 0)
    const text = () => units.map((u, k) => u.options[chosen[k]]).join(' ')
    // shorten the longest wording that has a shorter one until the line fits; the close last, and
    // never below its warm wording while it shares the scene
    const shared = units.length > 1
    const allowed = units.map((u) => warmOptions(u, shared).length)
    /** The fullest wording shorter than the current one (the first of equals), or -1. */
    const shorter = (k: number) => {
      const current = words(units[k].options[chosen[k]])
      let pick = -1
      units[k].options.forEach((o, j) => {
        if (j < allowed[k] && words(o) < current && (pick < 0 || words(o) > words(units[k].options[pick]))) pick = j
      })
      return pick
    }
    while (words(text()) > budget) {
      let best = -1
      let bestRank = -1
      units.forEach((u, k) => {
        const rank = words(u.options[chosen[k]]) + (u.facts[0].anchor ? 0 : 10_000)
        if (shorter(k) >= 0 && rank > bestRank) {
          best = k
          bestRank = rank
        }
      })
      if (best < 0) break
      chosen[best] = shorter(best)
    }
    units.forEach((u, k) => usedLeads.add(lead(u.options[chosen[k]])))
    const script = text().slice(0, SCRIPT_MAX)
    return out(script, assigned[i].map((f) => f.id), budget)
  })
  const byId = new Map(facts.map((f) => [f.id, f]))
  const left = omitted.filter((id) => !covered[id]).map((id) => ({ id, label: byId.get(id)!.label }))
  return { scenes, omitted: left.map((l) => l.id), left, covered, locale, language: book.language, fellBack }
}

export type { DraftSource, Fact, Phrasebook }
