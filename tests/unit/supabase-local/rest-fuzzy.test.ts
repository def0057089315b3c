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

  it('measures distances on the lower-cased names, underscores kept (postgrest-js: no hint for 0.30)', () => {
    // 1 - 21/30 with underscores; without them 0.346 would have suggested active_users
    expect(fuzzyGet(['active_users'], 'function_returning_set_of_rows')).toEqual([])
    expect(fuzzyGet(['Films'], 'FILMS')).toEqual([[1, 'Films']])
  })

  it("asks a function's name for 0.75", () => {
    expect(fuzzyGet(['polymorphic_function_with_unnamed_text'], 'polymorphic_function_with_unnamed_integer', 0.75)[0][1]).toBe('polymorphic_function_with_unnamed_text')
    expect(fuzzyGet(['get_user_messages'], 'blurb_message', 0.75)).toEqual([])
    expect(fuzzyGet(['get_user_messages'], 'blurb_message')[0][1]).toBe('get_user_messages')
  })

  it('measures the edit distance', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3)
    expect(levenshtein('', 'abc')).toBe(3)
  })
})
