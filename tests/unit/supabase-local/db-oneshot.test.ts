import { describe, expect, it } from 'vitest'
import { inlineParams } from '../../../supabase/local/db-oneshot.ts'
import { sqlLiteral } from '../../../supabase/local/db.ts'

describe('inlineParams (the one-message statement of a request)', () => {
  it('replaces each $n by its value as a quoted literal, $10 apart from $1', () => {
    const params = ['a', 2, 3, 4, 5, 6, 7, 8, 9, "o'brien"]
    expect(inlineParams('select $1, $10 limit $2', params)).toBe(`select 'a', 'o''brien' limit '2'`)
  })

  it('leaves placeholders inside strings and quoted identifiers alone', () => {
    expect(inlineParams(`select '$1' as "x$1", $1 as "a""$1"`, ['v'])).toBe(`select '$1' as "x$1", 'v' as "a""$1"`)
    expect(inlineParams(`select 'it''s $1', $1`, ['v'])).toBe(`select 'it''s $1', 'v'`)
  })

  it('writes null, booleans and numbers as Postgres reads them', () => {
    expect(inlineParams('select $1, $2, $3, $4', [null, true, 1.5, 10n])).toBe(`select NULL, 'true', '1.5', '10'`)
  })

  it('binds instead when a value is not a plain scalar or the text is not one it can scan safely', () => {
    expect(inlineParams('select $1', [{ a: 1 }])).toBeNull()
    expect(inlineParams('select $1', [new Uint8Array([1])])).toBeNull()
    expect(inlineParams('select $1', [Number.NaN])).toBeNull()
    expect(inlineParams('select $1', ['a\0b'])).toBeNull()
    expect(inlineParams(`select E'\\'' || $1`, ['x'])).toBeNull()
    expect(inlineParams('select $$ $1 $$, $1', ['x'])).toBeNull()
    expect(inlineParams('select $1 -- $1', ['x'])).toBeNull()
    expect(inlineParams(`select 'open, $1`, ['x'])).toBeNull()
    expect(inlineParams('select $2', ['x'])).toBeNull()
  })

  it('keeps a statement without parameters as it is', () => {
    expect(inlineParams(`select '$1'`, [])).toBe(`select '$1'`)
  })
})

describe('sqlLiteral', () => {
  it('uses an E string, backslashes doubled, only when the value has a backslash', () => {
    expect(sqlLiteral(`it's`)).toBe(`'it''s'`)
    expect(sqlLiteral(`a\\'b`)).toBe(`E'a\\\\''b'`)
  })
})
