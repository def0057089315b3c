import type { Phrasebook } from './phrasebook'
import { photoRoom, type Room } from './rooms'
import { spokenWordCount } from './spoken'

/*
 * The description's best sentences, said as written: the listing's own copy is usually better than
 * anything assembled from its facts ("It is a five-minute walk from Camden Road station."). Each
 * sentence is scored: about the surroundings (walk, station, school, café…) ranks highest, one about
 * a room the photos show next (it goes on that photo), one naming a feature next; the opening
 * sentence of a description is usually its summary. Terms and small print ("Strata levies apply",
 * "Pets considered", "Available from January") are never said. A sentence without a verb ("A
 * bright flat on the second floor.") is said as "It is a bright flat on the second floor."
 */

export type DescriptionSentence = {
  /** the sentence as it will be said */
  text: string
  /** as written in the description (what "Not in the narration" quotes) */
  written: string
  score: number
  /** the room it talks about, when a photo may show it */
  room?: Room
}

/** At most this many of a description's sentences are candidates; the rest is never said. */
export const MAX_DESCRIPTION_SENTENCES = 3
const MAX_WORDS = 30

const VERB =
  /\b(is|are|was|were|be|been|has|have|had|sits?|offers?|opens?|comes?|features?|includes?|boasts?|looks?|faces?|leads?|runs?|lies|stands?|enjoys?|provides?|makes?|gives?|takes?|flows?|overlooks?|backs?|fronts?|wraps?|spans?|sleeps?|remains?|combines?|blends?|welcomes?|delivers?|affords?|retains?|keeps?|lets?|can|will|would|may)\b/i

/** Sentences that are terms, fees or housekeeping, not copy to read out. */
const SMALL_PRINT =
  /\b(levies|levy|strata|body corporate|council tax|epc|deposit|bond|fees?|charges?|pets?|smok\w*|available (from|now|immediately)|unfurnished|furnished|lease|tenancy|inspection|inspect|viewings?|contact|call|enquir\w*|email|phone|disclaimer|subject to|price guide|offers (over|in excess)|reference|ref\b|agent|hoa|zoned|zoning)\b/i

/** A description split into sentences (bullets count as sentence breaks). */
export function sentencesOf(description: string | null | undefined): string[] {
  const text = (description ?? '').replace(/[•·▪●]/g, '. ').replace(/\s*\n+\s*/g, '. ').replace(/\s+/g, ' ').replace(/\.\s*\./g, '.').trim()
  if (!text) return []
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“'‘(])/u)
    .map((s) => s.trim().replace(/^[-–—*]\s*/, ''))
    .filter((s) => s.length > 3)
}

/** The sentence as it is said: a capital, an ending, and "It is …" before a verbless "A …" sentence; '' when it is no sentence. */
function sayable(sentence: string): string {
  let t = sentence.trim().replace(/[;:,\s]+$/, '')
  if (!/[.!?]$/.test(t)) t = `${t}.`
  if (!VERB.test(t)) {
    const lower = `${t.charAt(0).toLowerCase()}${t.slice(1)}`
    // "A restored terrace." → "It is a restored terrace."; "Two blocks from the High Line." → "It is two blocks from…";
    // any other fragment ("Freshly painted.") is not said
    if (/^(a|an|the|just|only|moments|minutes|steps|close|near|within|walking)\b/i.test(t) || /^\S+\s+(\S+\s+)?(minutes?|blocks?|steps|moments|kilometres?|kilometers?|miles?|metres?|meters?)\b/i.test(t)) t = `It is ${lower}`
    else return ''
  }
  return t.charAt(0).toUpperCase() + t.slice(1)
}

/** The description's best sentences (at most MAX_DESCRIPTION_SENTENCES), best first. */
export function bestSentences(description: string | null | undefined, book: Phrasebook, locale: string, features: string[]): DescriptionSentence[] {
  const all = sentencesOf(description)
  const scored = all
    .map((written, i) => {
      const text = sayable(written)
      if (!text || SMALL_PRINT.test(written) || spokenWordCount(text, locale) > MAX_WORDS || spokenWordCount(text, locale) < 4) return null
      const lower = written.toLowerCase()
      // "a one-bedroom flat" is about the home, not about its bedroom
      const room = photoRoom(written.replace(/\b[\p{L}\d]+-(bed|bedroom|bath|bathroom|storey|story|level)s?\b/giu, ''), null)
      let score = 1
      if (book.neighbourhoodWords.test(written)) score += 4
      if (room) score += 2
      if (features.some((f) => lower.includes(f.toLowerCase()))) score += 1
      if (i === 0) score += 1
      return { text, written, score, ...(room ? { room } : {}) }
    })
    .filter((s): s is DescriptionSentence => s !== null)
  return scored
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .slice(0, MAX_DESCRIPTION_SENTENCES)
    .map(({ s }) => s)
}
