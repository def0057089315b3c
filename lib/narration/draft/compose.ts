import { buildFacts, KIND_ORDER, keywordsOf, type DraftSource, type Fact } from './facts'
import { phrasebookFor, type Phrasebook } from './phrasebook'
import { speechSecondsOf, spokenWordCount } from './spoken'

/*
 * The deterministic draft: the listing's facts spread over the scenes so each scene's line fits the
 * seconds it has for speech at SPEAKING_RATE. The address opens the first scene, the call to action
 * closes the last, a feature named in a photo's caption goes to that photo, the rest follow in order
 * one scene after another. A fact that fits nowhere is left out (and reported), never squeezed in.
 * A scene with nothing left says its caption, or a short fact-free line, or nothing.
 */

/** A scene as the draft sees it: its caption and the seconds its narration may last. */
export type SceneSlot = { caption?: string | null; seconds: number }

export type SceneDraft = {
  script: string
  /** ids of the facts this line says ('caption' for a scene saying its caption) */
  facts: string[]
  /** spoken words in the line */
  words: number
  /** seconds the line takes to say (speechSecondsOf), and the seconds the scene has for it */
  seconds: number
  budget: number
}

export type Draft = {
  scenes: SceneDraft[]
  /** facts that fit no scene (longer scenes would say them) */
  omitted: string[]
  locale: string
  language: string
  /** true when the locale's language has no phrasebook and the draft is English */
  fellBack: boolean
}

const SCRIPT_MAX = 600

/** A small seeded generator (FNV-1a of the seed into mulberry32): same seed, same choices. */
export function seeded(seed: string): () => number {
  let h = 2166136261
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** Sayable units of a scene: its facts with several features folded into one list. */
type Unit = { facts: Fact[]; tiers: string[][]; options: string[] }

export function composeDraft(source: DraftSource, slots: SceneSlot[]): Draft {
  const { book, fellBack } = phrasebookFor(source.locale)
  const locale = source.locale
  // a line's length in seconds of speech (words and pauses); every comparison below is in seconds
  const words = (text: string) => speechSecondsOf(text, locale)
  const out = (script: string, factIds: string[], budget: number): SceneDraft =>
    ({ script, facts: factIds, words: spokenWordCount(script, locale), seconds: speechSecondsOf(script, locale), budget })
  const random = seeded(`${source.seed}|${slots.length}`)
  const facts = buildFacts(source, book)
  const budgets = slots.map((slot) => Math.max(0, slot.seconds))
  const assigned: Fact[][] = slots.map(() => [])

  /** A group's tiers for the facts of it a scene holds (features as one list, rooms as one line). */
  const groupTiers = (members: Fact[]): string[][] => {
    if (members[0].group === 'features') return book.features(members.map((f) => f.item!))
    if (members[0].group === 'rooms') {
      return book.rooms(members.find((f) => f.id === 'bedrooms')?.count, members.find((f) => f.id === 'bathrooms')?.count)
    }
    return members[0].tiers
  }

  const unitsOf = (list: Fact[]): Unit[] => {
    const sorted = list.slice().sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || facts.indexOf(a) - facts.indexOf(b))
    const units: Unit[] = []
    for (const fact of sorted) {
      const members = fact.group ? sorted.filter((f) => f.group === fact.group) : [fact]
      if (members[0] !== fact) continue
      units.push({ facts: members, tiers: groupTiers(members), options: groupTiers(members).flat() })
    }
    return units
  }

  // variety: each kind's wordings rotate from a seeded start, one step per scene that says that
  // kind, and a wording whose opening words were said already goes after the others of its tier
  const start = Math.floor(random() * 1000)
  const said = new Map<string, number>()
  const usedLeads = new Set<string>()
  const lead = (line: string) => line.split(/\s+/).slice(0, 2).join(' ').toLowerCase()
  const arrange = (u: Unit): string[] => {
    const kind = u.facts[0].kind
    const k = start + (said.get(kind) ?? 0)
    said.set(kind, (said.get(kind) ?? 0) + 1)
    return u.tiers.flatMap((tier) => {
      const rotated = tier.map((_, j) => tier[(j + k) % tier.length])
      return [...rotated.filter((o) => !usedLeads.has(lead(o))), ...rotated.filter((o) => usedLeads.has(lead(o)))]
    })
  }

  /**
   * The fewest words a scene's facts can be said in. The opening and the close keep a warm wording
   * ("Welcome to …") when other facts share their scene; only alone may they go down to the bare one.
   */
  const fewest = (list: Fact[]) =>
    unitsOf(list).reduce((sum, u) => sum + Math.min(...warmOptions(u, list.length > 1).map(words)), 0)
  const warmOptions = (u: Unit, shared: boolean) => {
    const tiers = u.tiers
    if (!shared || !u.facts[0].anchor || tiers.length < 2) return u.options
    return u.options.slice(0, u.options.length - tiers[tiers.length - 1].length)
  }
  const fits = (scene: number, fact: Fact) => fewest([...assigned[scene], fact]) <= budgets[scene]

  const last = slots.length - 1
  const omitted: string[] = []
  const forward = slots.map((_, i) => i)
  const put = (fact: Fact, order: number[]) => {
    const scene = order.find((i) => fits(i, fact))
    if (scene === undefined) omitted.push(fact.id)
    else assigned[scene].push(fact)
    return scene
  }

  for (const fact of facts) {
    if (fact.anchor === 'first') put(fact, forward)
    else if (fact.anchor === 'last') put(fact, forward.slice().reverse())
  }
  // the rest in order of importance (offer, rooms, area, features, surroundings, year), one scene
  // after another, wrapping round; the price may join the opening, the others start after it; a
  // feature a photo's caption names goes to that photo first
  const captions = slots.map((slot) => new Set(slot.caption ? keywordsOf(slot.caption, book) : []))
  const shownIn = (fact: Fact) => (fact.kind === 'feature' ? captions.findIndex((set) => fact.keywords.some((k) => set.has(k))) : -1)
  const steered = new Set<Fact>()
  for (const fact of facts) {
    const scene = shownIn(fact)
    if (scene >= 0 && fits(scene, fact)) {
      assigned[scene].push(fact)
      steered.add(fact)
    }
  }
  let cursor = 0
  for (const fact of facts) {
    if (fact.anchor || steered.has(fact)) continue
    // bedrooms and bathrooms together when they fit together
    const mate = fact.group === 'rooms' ? assigned.findIndex((list) => list.some((f) => f.group === 'rooms')) : -1
    const from = fact.kind === 'offer' || slots.length === 1 ? 0 : Math.max(cursor, 1)
    const scene = put(fact, [...(mate >= 0 ? [mate] : []), ...forward.map((i) => (from + i) % slots.length)])
    if (scene !== undefined) cursor = scene + 1
  }

  const fillers = shuffled(book.fillers, random)
  const scenes = slots.map((slot, i): SceneDraft => {
    const budget = budgets[i]
    if (!assigned[i].length) {
      const caption = slot.caption?.trim()
      const captionLine = caption ? book.caption(caption).flat().find((line) => words(line) <= budget) : undefined
      if (captionLine) return out(captionLine, ['caption'], budget)
      const filler = fillers.find((line) => words(line) <= budget && i !== last)
      return out(filler ?? '', [], budget)
    }
    const units = unitsOf(assigned[i]).map((u) => ({ ...u, options: arrange(u) }))
    const chosen = units.map(() => 0)
    const line = () => units.map((u, k) => u.options[chosen[k]]).join(' ')
    // shorten the longest wording that has a shorter one until the line fits; the opening and the
    // close last, and never below their warm wording while they share the scene
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
    while (words(line()) > budget) {
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
    const script = line().slice(0, SCRIPT_MAX)
    return out(script, assigned[i].map((f) => f.id), budget)
  })
  return { scenes, omitted, locale, language: book.language, fellBack }
}

export type { DraftSource, Fact, Phrasebook }
