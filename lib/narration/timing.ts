import type { CaptionWord } from '@/remotion/schema'
import { joinsNumber } from './spoken-form/words'

/*
 * Word timings for captions, in seconds from the start of a scene's narration audio, one entry per
 * word of the script as written ("$1,200,000" stays one caption word however it is spoken).
 * - from the provider: Flite's phone timings (alignFliteWords) or a hosted provider's character
 *   timings (wordsFromCharacters);
 * - else estimated (estimateWordTimings): the measured audio length shared out by syllables, with
 *   pauses after punctuation.
 * Client-safe: no server imports.
 */

const round = (s: number) => Math.round(Math.max(0, Math.min(120, s)) * 1000) / 1000

/**
 * The script's words as captions show them: split at spaces; punctuation alone joins the word before,
 * and so do the digit groups of a number grouped by spaces ("850 000 €" is one word).
 */
export function scriptWords(text: string): string[] {
  const out: string[] = []
  for (const token of text.split(/\s+/).filter(Boolean)) {
    if (out.length && (!/[\p{L}\p{N}]/u.test(token) || joinsNumber(out[out.length - 1], token))) out[out.length - 1] += ` ${token}`
    else out.push(token)
  }
  return out.map((w) => (w.length > 80 ? w.slice(0, 80) : w))
}

/** Rough syllables of a written word: vowel groups, numbers by their digits. At least 1. */
export function syllables(word: string): number {
  const digits = (word.match(/\p{N}/gu) ?? []).length
  const letters = word.toLowerCase().replace(/[^\p{L}]/gu, '')
  let groups = (letters.match(/[aeiouyàâäéèêëïîôöùûüœæ]+/g) ?? []).length
  if (groups > 1 && /[^aeiouy]e$/.test(letters) && !/le$/.test(letters)) groups -= 1 // silent final e
  if (!groups && letters) groups = Math.max(1, Math.round(letters.length / 3)) // "st", "km", initials
  return Math.max(1, groups + Math.round(digits * 1.3))
}

/** The pause after a word, in syllable lengths: longer after a sentence than after a comma. */
export function pauseAfter(word: string): number {
  if (/[.!?…]["'’”)]*$/.test(word)) return 2.5
  if (/[,;:—–-]["'’”)]*$/.test(word)) return 1.2
  return 0
}

/**
 * Estimated timings: `seconds` of audio (less `lead` silence before the first word and `tail` after
 * the last) shared out by syllables, with the pauses after punctuation as gaps between words.
 */
export function estimateWordTimings(text: string, seconds: number, opts: { lead?: number; tail?: number } = {}): CaptionWord[] {
  const words = scriptWords(text)
  if (!words.length || !(seconds > 0)) return []
  const lead = Math.min(opts.lead ?? 0, seconds / 4)
  const tail = Math.min(opts.tail ?? 0, seconds / 4)
  const spoken = words.map(syllables)
  const pauses = words.map((w, i) => (i === words.length - 1 ? 0 : pauseAfter(w)))
  const units = spoken.reduce((a, b) => a + b, 0) + pauses.reduce((a, b) => a + b, 0)
  const unit = Math.max(0, seconds - lead - tail) / units
  let t = lead
  return words.map((text, i) => {
    const start = t
    const end = start + spoken[i] * unit
    t = end + pauses[i] * unit
    return { text, start: round(start), end: round(end) }
  })
}

/** Character timings (ElevenLabs' alignment) grouped into the words the characters spell. */
export function wordsFromCharacters(chars: string[], starts: number[], ends: number[]): CaptionWord[] {
  const words: CaptionWord[] = []
  let current: { text: string; start: number; end: number } | null = null
  const flush = () => {
    if (!current) return
    const text = current.text.trim()
    if (!/[\p{L}\p{N}]/u.test(text) && words.length) {
      const last = words[words.length - 1]
      words[words.length - 1] = { ...last, text: `${last.text} ${text}`.slice(0, 80), end: round(Math.max(last.end, current.end)) }
    } else if (text) {
      words.push({ text: text.slice(0, 80), start: round(current.start), end: round(Math.max(current.start, current.end)) })
    }
    current = null
  }
  chars.forEach((ch, i) => {
    if (/\s/.test(ch)) return flush()
    const start = starts[i] ?? current?.end ?? 0
    const end = ends[i] ?? start
    if (!current) current = { text: ch, start, end }
    else current = { text: current.text + ch, start: current.start, end: Math.max(current.end, end) }
  })
  flush()
  return words
}

// ---------------------------------------------------------------- Flite

type Segment = { phone: string; start: number; end: number }

/** Flite's `-psdur` line ("pau:0.224 w:0.274 …", end times) as segments with their start and end. */
export function parseSegments(line: string): Segment[] {
  const out: Segment[] = []
  let previous = 0
  for (const token of line.trim().split(/\s+/).filter(Boolean)) {
    const at = token.lastIndexOf(':')
    const end = Number(token.slice(at + 1))
    if (at <= 0 || !Number.isFinite(end)) continue
    out.push({ phone: token.slice(0, at), start: previous, end })
    previous = end
  }
  return out
}

/**
 * Which segment of the whole utterance belongs to which spoken word. `wordPhones` are each word's
 * phones said alone; in a sentence a few change or drop (", 's" joins its word), so the two phone
 * sequences are aligned by edit distance and every segment goes to the word of its aligned phone.
 */
function alignSegments(wordPhones: string[][], segments: Segment[]): { start: number; end: number }[] | null {
  const a: { phone: string; word: number }[] = wordPhones.flatMap((phones, word) => phones.map((phone) => ({ phone, word })))
  const b = segments.filter((s) => s.phone !== 'pau')
  if (!a.length || !b.length) return null
  const n = a.length
  const m = b.length
  const cost = new Uint32Array((n + 1) * (m + 1))
  const at = (i: number, j: number) => i * (m + 1) + j
  for (let i = 0; i <= n; i++) cost[at(i, 0)] = i
  for (let j = 0; j <= m; j++) cost[at(0, j)] = j
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = a[i - 1].phone === b[j - 1].phone ? 0 : 1
      cost[at(i, j)] = Math.min(cost[at(i - 1, j - 1)] + same, cost[at(i - 1, j)] + 1, cost[at(i, j - 1)] + 1)
    }
  }
  // too different: not the same utterance (the fallback estimates instead)
  if (cost[at(n, m)] > Math.max(3, Math.floor(n * 0.25))) return null
  const owner = new Array<number>(m).fill(-1)
  let i = n
  let j = m
  while (i > 0 && j > 0) {
    const same = a[i - 1].phone === b[j - 1].phone ? 0 : 1
    if (cost[at(i, j)] === cost[at(i - 1, j - 1)] + same) {
      owner[j - 1] = a[i - 1].word
      i--
      j--
    } else if (cost[at(i, j)] === cost[at(i - 1, j)] + 1) i--
    else {
      owner[j - 1] = a[Math.max(0, i - 1)].word // an extra segment goes to the word before
      j--
    }
  }
  for (let k = 0; k < m; k++) if (owner[k] < 0) owner[k] = k > 0 ? owner[k - 1] : 0
  const times: { start: number; end: number }[] = []
  let last = b[0].start
  for (let w = 0; w < wordPhones.length; w++) {
    const mine = b.filter((_, k) => owner[k] === w)
    if (mine.length) {
      times.push({ start: mine[0].start, end: mine[mine.length - 1].end })
      last = mine[mine.length - 1].end
    } else times.push({ start: last, end: last })
  }
  return times
}

const key = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, '')

type Spoken = { text: string; start: number; end: number }

/**
 * Spoken words (Flite's, normalised: "one million two hundred thousand dollars") back onto the
 * script's words ("$1,200,000"): a written word whose letters are the next spoken word(s) takes them;
 * written words that do not match (numbers, "Dr.", "&") share the spoken words up to the next written
 * word that matches again, by syllables.
 */
export function groupSpokenWords(written: string[], spoken: Spoken[]): CaptionWord[] {
  // how many spoken words from `j` spell written word `w` (0: they do not)
  const matchAt = (w: number, j: number): number => {
    const k = key(written[w])
    if (!k) return 0
    let joined = ''
    let take = 0
    while (j + take < spoken.length && joined.length < k.length) {
      const next = joined + key(spoken[j + take].text)
      if (!k.startsWith(next)) break
      joined = next
      take++
    }
    return joined === k && take > 0 ? take : 0
  }
  const out: CaptionWord[] = []
  let last = spoken[0]?.start ?? 0
  let w = 0
  let i = 0
  while (w < written.length) {
    const take = matchAt(w, i)
    if (take) {
      const start = spoken[i].start
      const end = Math.max(start, spoken[i + take - 1].end)
      out.push({ text: written[w], start: round(start), end: round(end) })
      last = end
      i += take
      w++
      continue
    }
    // the next place where a later written word matches again (a few words ahead at most)
    let anchor = { k: written.length, j: spoken.length }
    search: for (let j = Math.min(i + 1, spoken.length); j < spoken.length; j++) {
      for (let k = w + 1; k < Math.min(written.length, w + 6); k++) {
        if (matchAt(k, j)) {
          anchor = { k, j }
          break search
        }
      }
    }
    const span = spoken.slice(i, anchor.j)
    const from = span.length ? span[0].start : last
    const to = span.length ? Math.max(from, span[span.length - 1].end) : last
    const weights = written.slice(w, anchor.k).map(syllables)
    const total = weights.reduce((a, b) => a + b, 0)
    let t = from
    weights.forEach((weight, n) => {
      const end = t + ((to - from) * weight) / total
      out.push({ text: written[w + n], start: round(t), end: round(end) })
      t = end
    })
    last = to
    w = anchor.k
    i = anchor.j
  }
  return out
}

/**
 * Word timings from Flite's own output: `segmentsLine` (-psdur of the script), `spokenWords` (-pw of
 * the script) and `phonesLine` (-ps of the spoken words one by one, "pau"-separated). Null when they
 * do not line up; the caller then estimates.
 */
export function alignFliteWords(script: string, segmentsLine: string, spokenWords: string[], phonesLine: string): CaptionWord[] | null {
  const segments = parseSegments(segmentsLine)
  const groups: string[][] = []
  let current: string[] = []
  for (const phone of phonesLine.trim().split(/\s+/).filter(Boolean)) {
    if (phone === 'pau') {
      if (current.length) groups.push(current)
      current = []
    } else current.push(phone)
  }
  if (current.length) groups.push(current)
  if (!spokenWords.length || groups.length !== spokenWords.length) return null
  const times = alignSegments(groups, segments)
  if (!times) return null
  const written = scriptWords(script)
  if (!written.length) return null
  return groupSpokenWords(
    written,
    spokenWords.map((text, k) => ({ text, ...times[k] })),
  )
}
