import { describe, expect, it } from 'vitest'
import { fuzzyGet, levenshtein } from '../../../supabase/local/rest/fuzzy.ts'

// PostgREST's "Perhaps you meant …" hints come from the Haskell fuzzyset (a port of fuzzyset.js);
// the expectations are the doctests of PostgREST's Error.hs (noRelBetweenHint).
describe('fuzzy suggestions', () => {
  const children = ['directors', 'roles', 'actors']

  it('suggests the closest name above the 0.33 score', () => {
    expect(fuzzyGet(['films'], 'film')[0][1]).toBe('films')
    expect(fuzzyGet(children, 'role')[0][1]).toBe('roles')
  })

  it('scores an exact match 1 and suggests nothing for a distant name', () => {
    expect(fuzzyGet(children, 'actors')).toEqual([[1, 'actors']])
    expect(fuzzyGet(children, 'noclosealternative')).toEqual([])
    expect(fuzzyGet(['films'], 'noclosealternative')).toEqual([])
  })

  it('measures the edit distance', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3)
    expect(levenshtein('', 'abc')).toBe(3)
  })
})
