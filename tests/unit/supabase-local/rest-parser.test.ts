import { describe, expect, it } from 'vitest'
import { RestError } from '../../../supabase/local/rest/errors.ts'
import { parseField, parseSelect, splitTop } from '../../../supabase/local/rest/grammar.ts'
import { decodeComponent, parseQuery } from '../../../supabase/local/rest/parser.ts'

const top = (raw: string) => parseQuery(raw).scopes.get('')!

function code(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (err) {
    return err instanceof RestError ? err.code : 'not a RestError'
  }
  return undefined
}

describe('the PostgREST query parser', () => {
  it('decodes + as a space and percent-escapes', () => {
    expect(decodeComponent('a+b%2Bc%20d')).toBe('a b+c d')
    const f = top('name=eq.John+Smith%2C+Jr').conditions[0]
    expect(f).toMatchObject({ kind: 'filter', op: 'eq', value: 'John Smith, Jr' })
  })

  it('rejects broken percent-encoding with PGRST100', () => {
    expect(code(() => parseQuery('name=eq.%E0%A4%A'))).toBe('PGRST100')
  })

  it('parses a wire select with aliases, hints, inner joins, json paths and casts', () => {
    const items = parseSelect('id,text:message,user:users!messages_username_fkey(username,status),channels!inner(slug),data->foo->>bar,age::text')
    expect(items).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'message', json: [] }, alias: 'text', cast: undefined },
      {
        kind: 'embed', relation: 'users', alias: 'user', hint: 'messages_username_fkey', inner: false, spread: false,
        children: [
          { kind: 'field', field: { name: 'username', json: [] }, alias: undefined, cast: undefined },
          { kind: 'field', field: { name: 'status', json: [] }, alias: undefined, cast: undefined },
        ],
      },
      { kind: 'embed', relation: 'channels', alias: undefined, hint: undefined, inner: true, spread: false, children: [{ kind: 'field', field: { name: 'slug', json: [] }, alias: undefined, cast: undefined }] },
      { kind: 'field', field: { name: 'data', json: [{ arrow: '->', key: 'foo' }, { arrow: '->>', key: 'bar' }] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'age', json: [] }, alias: undefined, cast: 'text' },
    ])
  })

  it('reads array indexes in json paths as numbers and quoted keys as text', () => {
    expect(parseField('items->0->>"1"', 'select')).toEqual({ name: 'items', json: [{ arrow: '->', key: 0 }, { arrow: '->>', key: '1' }] })
  })

  it('refuses casts that are not plain type names', () => {
    expect(code(() => parseSelect('age::text);drop table x;--'))).toBe('PGRST100')
    expect(code(() => parseSelect('age::int[]'))).toBeUndefined()
  })

  it('refuses names with SQL punctuation; parses aggregates (refused later unless enabled)', () => {
    expect(code(() => parseSelect('a"b'))).toBe('PGRST100')
    expect(code(() => parseSelect("x'y"))).toBe('PGRST100')
    expect(parseSelect('count()')[0]).toMatchObject({ kind: 'field', aggregate: 'count' })
    expect(parseSelect('id.sum()')[0]).toMatchObject({ kind: 'field', field: { name: 'id' }, aggregate: 'sum' })
    expect(code(() => parseSelect('id.sum()::text);drop table x;--'))).toBe('PGRST100')
  })

  it('splits on top-level commas only, honouring quotes, parentheses and braces', () => {
    expect(splitTop('a,"b,c",d(e,f),{g,h}')).toEqual(['a', '"b,c"', 'd(e,f)', '{g,h}'])
    expect(splitTop('"x\\",y",z')).toEqual(['"x\\",y"', 'z'])
    expect(code(() => splitTop('a,(b'))).toBe('PGRST100')
  })

  it('parses in-lists with quoted values holding commas, parentheses and escaped quotes', () => {
    const f = top(`name=in.(${encodeURIComponent('"a,b","c)d","e\\"f",g')})`).conditions[0]
    expect(f).toMatchObject({ op: 'in', list: ['a,b', 'c)d', 'e"f', 'g'] })
  })

  it('parses not., modifiers and text-search configs', () => {
    expect(top('a=not.is.null').conditions[0]).toMatchObject({ op: 'is', negate: true, value: 'null' })
    expect(top('a=like(any).{a*,*b}').conditions[0]).toMatchObject({ op: 'like', modifier: 'any', value: '{a%,%b}' })
    expect(top('a=wfts(english).fat+cat').conditions[0]).toMatchObject({ op: 'wfts', modifier: 'english', value: 'fat cat' })
    expect(code(() => parseQuery('a=fts(eng;lish).x'))).toBe('PGRST100')
    expect(code(() => parseQuery('a=eq(some).x'))).toBe('PGRST100')
    expect(code(() => parseQuery('a=is.maybe'))).toBe('PGRST100')
    expect(code(() => parseQuery('a=nope.1'))).toBe('PGRST100')
  })

  it('parses nested logic with and(), not.and() and quoted values', () => {
    const q = top(`or=${encodeURIComponent('(a.eq.1,and(b.gt.2,not.and(c.is.null,d.eq."x,)y")),e.in.(1,2))')}`)
    expect(q.conditions[0]).toEqual({
      kind: 'logic', op: 'or', negate: false,
      children: [
        { kind: 'filter', field: { name: 'a', json: [] }, negate: false, op: 'eq', modifier: undefined, value: '1' },
        {
          kind: 'logic', op: 'and', negate: false,
          children: [
            { kind: 'filter', field: { name: 'b', json: [] }, negate: false, op: 'gt', modifier: undefined, value: '2' },
            {
              kind: 'logic', op: 'and', negate: true,
              children: [
                { kind: 'filter', field: { name: 'c', json: [] }, negate: false, op: 'is', modifier: undefined, value: 'null' },
                { kind: 'filter', field: { name: 'd', json: [] }, negate: false, op: 'eq', modifier: undefined, value: 'x,)y' },
              ],
            },
          ],
        },
        { kind: 'filter', field: { name: 'e', json: [] }, negate: false, op: 'in', modifier: undefined, value: '(1,2)', list: ['1', '2'] },
      ],
    })
  })

  it('scopes filters, order and paging under embed paths', () => {
    const q = parseQuery('select=*,messages(*)&messages.id=gt.1&messages.order=id.desc.nullslast&messages.limit=2&messages.offset=1&not.or=(a.eq.1)&messages.or=(b.eq.2)')
    const m = q.scopes.get('messages')!
    expect(m.conditions).toHaveLength(2)
    expect(m.order).toEqual([{ field: { name: 'id', json: [] }, dir: 'desc', nulls: 'last' }])
    expect([m.limit, m.offset]).toEqual([2, 1])
    expect(q.scopes.get('')!.conditions[0]).toMatchObject({ kind: 'logic', negate: true, op: 'or' })
  })

  it('parses order terms with json paths and related columns', () => {
    const o = top('order=data->>name.desc,channels(slug).asc.nullsfirst,id').order
    expect(o).toEqual([
      { field: { name: 'data', json: [{ arrow: '->>', key: 'name' }] }, dir: 'desc' },
      { relation: 'channels', field: { name: 'slug', json: [] }, dir: 'asc', nulls: 'first' },
      { field: { name: 'id', json: [] } },
    ])
  })

  it('rejects non-numeric limits and offsets', () => {
    expect(code(() => parseQuery('limit=1;drop'))).toBe('PGRST100')
    expect(code(() => parseQuery('offset=-1'))).toBe('PGRST100')
  })

  it('reads columns and on_conflict lists, quoted or not', () => {
    const q = parseQuery('columns=%22username%22,%22age%22&on_conflict=email,org')
    expect(q.columns).toEqual(['username', 'age'])
    expect(q.onConflict).toEqual(['email', 'org'])
  })

  it('treats rpc argument names as arguments on GET, the rest as filters', () => {
    const q = parseQuery('n=5&list_numbers=gt.2', { argNames: new Set(['n']) })
    expect(q.args).toEqual([['n', '5']])
    expect(q.scopes.get('')!.conditions).toHaveLength(1)
  })
})
