import { describe, expect, it } from 'vitest'
import { parseFilter, rowMatches, type ChangeFilter } from '../../../supabase/local/realtime/filters.ts'

function filter(text: string): ChangeFilter {
  const r = parseFilter(text)
  if (!r.ok) throw new Error(r.message)
  return r.filter
}

describe('parseFilter', () => {
  it('reads column, operator and value, keeping dots and equals signs in the value', () => {
    expect(filter('email=eq.a=b@x.example')).toEqual({ column: 'email', op: 'eq', values: ['a=b@x.example'] })
  })

  it('reads in-lists, with quoted members holding commas', () => {
    expect(filter('sensor=in.(kitchen,"a,b", cellar)')).toEqual({ column: 'sensor', op: 'in', values: ['kitchen', 'a,b', 'cellar'] })
  })

  it('refuses unknown operators, missing parts and empty lists', () => {
    for (const bad of ['level', 'level=', 'level=like.a%', '=eq.1', 'sensor=in.kitchen', 'sensor=in.(a,,b)']) {
      const r = parseFilter(bad)
      expect(r.ok, bad).toBe(false)
      if (!r.ok) expect(r.message).toMatch(/^Error parsing `filter` params/)
    }
  })
})

describe('rowMatches', () => {
  it('compares numbers as numbers, not as text', () => {
    expect(rowMatches(filter('level=gt.9'), { level: 10 }, 'int4')).toBe(true)
    expect(rowMatches(filter('level=lt.9'), { level: 10 }, 'int4')).toBe(false)
    expect(rowMatches(filter('price=lte.10.5'), { price: 10.5 }, 'numeric')).toBe(true)
  })

  it('applies each operator', () => {
    const row = { level: 20 }
    const results = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'].map((op) => rowMatches(filter(`level=${op}.20`), row, 'int8'))
    expect(results).toEqual([true, false, false, true, false, true])
    expect(rowMatches(filter('level=in.(1,20)'), row, 'int8')).toBe(true)
    expect(rowMatches(filter('level=in.(1,2)'), row, 'int8')).toBe(false)
  })

  it('understands booleans, uuids in any case and timestamps in either format', () => {
    expect(rowMatches(filter('done=eq.true'), { done: true }, 'bool')).toBe(true)
    expect(rowMatches(filter('done=eq.f'), { done: true }, 'bool')).toBe(false)
    expect(rowMatches(filter('id=eq.A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'), { id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' }, 'uuid')).toBe(true)
    expect(rowMatches(filter('at=gt.2026-01-01 00:00:00+00'), { at: '2026-06-01T10:00:00+00:00' }, 'timestamptz')).toBe(true)
  })

  it('never matches a null or missing column', () => {
    expect(rowMatches(filter('level=neq.1'), { level: null }, 'int4')).toBe(false)
    expect(rowMatches(filter('level=neq.1'), { id: 1 }, 'int4')).toBe(false)
    expect(rowMatches(filter('level=neq.1'), null, 'int4')).toBe(false)
  })
})
