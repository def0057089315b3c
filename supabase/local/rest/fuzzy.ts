/**
 * The fuzzy string set PostgREST uses for "Perhaps you meant …" hints (Haskell `fuzzyset`, a port of
 * fuzzyset.js): n-gram cosine similarity for gram sizes 3 then 2, re-scored by Levenshtein distance,
 * keeping scores ≥ 0.33 (0.75 for a function's name). Distances are taken on the lower-cased strings,
 * underscores and all, as fuzzyset does: only the n-grams are normalized.
 */

const MIN_SCORE = 0.33

function normalize(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9\u00C0-\u00FF, ]+/g, '')
}

function grams(value: string, n: number): string[] {
  let padded = `-${normalize(value)}-`
  while (padded.length < n) padded += '-'
  const out: string[] = []
  for (let i = 0; i + n <= padded.length; i++) out.push(padded.slice(i, i + n))
  return out
}

function counts(value: string, n: number): Map<string, number> {
  const m = new Map<string, number>()
  for (const g of grams(value, n)) m.set(g, (m.get(g) ?? 0) + 1)
  return m
}

const magnitude = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((a, c) => a + c * c, 0))

export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]
}

/** Matches of `query` among `items`, best first, as `[score, item]` (an exact match scores 1). */
export function fuzzyGet(items: string[], query: string, minScore = MIN_SCORE): [number, string][] {
  const unique = [...new Set(items)]
  // fuzzyset looks up and measures distances on the lower-cased strings; only n-grams are normalized
  const exact = unique.find((i) => i.toLowerCase() === query.toLowerCase())
  if (exact !== undefined) return [[1, exact]]
  for (const n of [3, 2]) {
    const q = counts(query, n)
    const qMag = magnitude(q)
    const scored: [number, string][] = []
    for (const item of unique) {
      const c = counts(item, n)
      let dot = 0
      for (const [g, k] of q) dot += k * (c.get(g) ?? 0)
      if (dot > 0) scored.push([dot / (qMag * magnitude(c)), item])
    }
    if (scored.length === 0) continue
    scored.sort((a, b) => b[0] - a[0])
    const nq = query.toLowerCase()
    const rescored = scored.slice(0, 50).map(([, item]): [number, string] => {
      const ni = item.toLowerCase()
      return [1 - levenshtein(ni, nq) / Math.max(ni.length, nq.length), item]
    })
    rescored.sort((a, b) => b[0] - a[0])
    const kept = rescored.filter(([s]) => s >= minScore)
    if (kept.length) return kept
  }
  return []
}
