import { describe, expect, it } from 'vitest'
import type { Catalogue, Column, ForeignKey, Table } from '../../../supabase/local/rest/catalogue.ts'
import { RestError } from '../../../supabase/local/rest/errors.ts'
import { parseQuery } from '../../../supabase/local/rest/parser.ts'
import { buildRead, qualified, ReloadCatalogue, type BuildContext } from '../../../supabase/local/rest/read.ts'
import { arrayLiteral, ident, Params } from '../../../supabase/local/rest/sql.ts'
import { buildDelete, buildInsert, buildUpdate } from '../../../supabase/local/rest/write.ts'

function table(name: string, cols: [string, string][], pk: string[]): Table {
  const columns = new Map<string, Column>(cols.map(([n, type]) => [n, { name: n, type, notNull: false, hasDefault: false }]))
  return { schema: 'public', name, kind: 'r', columns, primaryKey: pk, uniques: [] }
}
const fk = (name: string, t: string, c: string, rt: string, rc: string): ForeignKey => ({
  name, schema: 'public', table: t, columns: [c], refSchema: 'public', refTable: rt, refColumns: [rc],
})
const users = table('users', [['username', 'text'], ['age', 'integer'], ['data', 'jsonb'], ['tsv', 'tsvector'], ['odd name', 'text']], ['username'])
const messages = table('messages', [['id', 'bigint'], ['username', 'text'], ['recipient', 'text'], ['message', 'text']], ['id'])
const cat: Catalogue = {
  tables: new Map([['public.users', users], ['public.messages', messages]]),
  foreignKeys: [fk('messages_username_fkey', 'messages', 'username', 'users', 'username'), fk('messages_recipient_fkey', 'messages', 'recipient', 'users', 'username')],
  functions: new Map(),
  loadedAt: 0,
}

function read(raw: string, t = users, final = true) {
  const query = parseQuery(raw)
  const ctx: BuildContext = { cat, final, params: new Params(), scopes: query.scopes, used: new Set(), next: 1 }
  const sql = buildRead(ctx, { from: qualified(t), src: { table: t, relation: t.name, columns: t.columns }, query, maxRows: 1000, count: true, singular: false, body: true })
  return { sql, params: ctx.params.values }
}

function fails(fn: () => unknown): unknown {
  try {
    fn()
  } catch (err) {
    return err
  }
  throw new Error('expected a failure')
}

describe('the SQL builder', () => {
  it('quotes identifiers, doubling embedded quotes', () => {
    expect(ident('weird "name')).toBe('"weird ""name"')
    expect(read('select=%22odd%20name%22,x:odd+name').sql).toContain('"_0"."odd name" as "odd name", "_0"."odd name" as "x"')
  })

  it('binds every filter value as a parameter, never as SQL text', () => {
    const attack = "x'; drop table users; --"
    const { sql, params } = read(`username=eq.${encodeURIComponent(attack)}&age=in.(1,2)&or=(username.like.${encodeURIComponent('"%\'--"')})`)
    expect(sql).not.toContain('drop table')
    expect(sql).not.toContain("'--")
    expect(params).toContain(attack)
    expect(params).toContain('{"1","2"}')
    expect(params).toContain("%'--")
    expect(sql).toMatch(/"_0"\."username" = \$\d+/)
  })

  it('binds json path keys and casts them to text or int', () => {
    const { sql, params } = read(`select=data->${encodeURIComponent("a'b")}->>0&data->>k=eq.v`)
    expect(sql).toMatch(/"_0"\."data"->\$\d+::text->>\$\d+::int/)
    expect(params).toEqual(expect.arrayContaining(["a'b", 0, 'k', 'v']))
    expect(sql).not.toContain("a'b")
  })

  it('builds array literals whose elements cannot escape their quotes', () => {
    expect(arrayLiteral(['a,b', 'c"d', 'e\\f', null])).toBe('{"a,b","c\\"d","e\\\\f",NULL}')
  })

  it('asks for a catalogue reload, then fails with 42703, for an unknown column', () => {
    expect(fails(() => read('select=nope', users, false))).toBeInstanceOf(ReloadCatalogue)
    expect(fails(() => read('select=nope'))).toMatchObject({ code: '42703', status: 400 })
    expect(fails(() => read('nope=eq.1'))).toMatchObject({ code: '42703' })
    expect(fails(() => read('order=nope.desc'))).toMatchObject({ code: '42703' })
  })

  it('refuses aggregate functions with PGRST123 unless the context enables them', () => {
    expect(fails(() => read('select=count()'))).toMatchObject({ code: 'PGRST123', status: 400, message: 'Use of aggregate functions is not allowed' })
    expect(fails(() => read('select=username,messages(id.sum())'))).toMatchObject({ code: 'PGRST123' })
  })

  it('rejects an unknown relationship and reports an ambiguous one', () => {
    expect(fails(() => read('select=*,nothing(*)'))).toMatchObject({ code: 'PGRST200', status: 400 })
    const ambiguous = fails(() => read('select=*,users(*)', messages)) as RestError
    expect(ambiguous).toMatchObject({ code: 'PGRST201', status: 300 })
    expect(read('select=*,users!recipient(*)', messages).sql).toContain('"_1"."username" = "_0"."recipient"')
  })

  it('embeds to-many resources with json_agg in a lateral join and to-one with row_to_json', () => {
    const many = read('select=username,messages!messages_username_fkey(id)&messages.order=id.desc&messages.limit=2').sql
    expect(many).toContain('left join lateral (select json_agg(_e) as pgrst_json from (select "_1"."id" as "id" from "public"."messages" as "_1"')
    expect(many).toMatch(/order by "_1"\."id" desc limit \$\d+/)
    const one = read('select=id,author:users!messages_username_fkey(username)', messages).sql
    expect(one).toContain('row_to_json(_e)')
  })

  it('renders text search with a bound config and wraps non-tsvector columns', () => {
    const { sql, params } = read('tsv=fts(english).cat&username=plfts.fat')
    expect(sql).toMatch(/"_0"\."tsv" @@ to_tsquery\(\$\d+::regconfig, \$\d+\)/)
    expect(sql).toMatch(/to_tsvector\("_0"\."username"\) @@ plainto_tsquery\(\$\d+\)/)
    expect(params).toContain('english')
  })

  it('caps the page at max rows and binds limit and offset', () => {
    const { sql, params } = read('limit=5000&offset=10')
    expect(sql).toMatch(/limit \$\d+ offset \$\d+/)
    expect(params).toEqual(expect.arrayContaining([1000, 10]))
  })

  it('writes inserts from a bound JSON body and refuses unknown body columns with PGRST204', () => {
    const query = parseQuery('')
    const ctx: BuildContext = { cat, final: true, params: new Params(), scopes: query.scopes, used: new Set(), next: 1 }
    const rows = [{ username: "o'neil", age: 3 }]
    const sql = buildInsert(ctx, { table: users, query, representation: false, count: false, singular: false, rows, missingDefault: false })
    expect(sql).toContain('insert into "public"."users" as "_t" ("username", "age") select "username", "age" from json_populate_recordset(null::"public"."users", $1::json)')
    expect(ctx.params.values).toEqual([JSON.stringify(rows)])
    const bad = fails(() => buildInsert(ctx, { table: users, query, representation: false, count: false, singular: false, rows: [{ 'x"; drop': 1 }], missingDefault: false }))
    expect(bad).toMatchObject({ code: 'PGRST204' })
  })

  it('writes upserts with the conflict target and both resolutions', () => {
    const query = parseQuery('on_conflict=username')
    const ctx = (): BuildContext => ({ cat, final: true, params: new Params(), scopes: query.scopes, used: new Set(), next: 1 })
    const base = { table: users, query, representation: false, count: false, singular: false, rows: [{ username: 'a', age: 1 }], missingDefault: false }
    expect(buildInsert(ctx(), { ...base, resolution: 'merge-duplicates' })).toContain('on conflict ("username") do update set "username" = excluded."username", "age" = excluded."age"')
    expect(buildInsert(ctx(), { ...base, resolution: 'ignore-duplicates' })).toContain('on conflict ("username") do nothing')
  })

  it('filters updates and deletes with bound values', () => {
    const query = parseQuery('username=eq.bob')
    const ctx = (): BuildContext => ({ cat, final: true, params: new Params(), scopes: query.scopes, used: new Set(), next: 1 })
    const upd = ctx()
    const sql = buildUpdate(upd, { table: users, query, representation: true, count: false, singular: false, row: { age: 4 } })
    expect(sql).toMatch(/update "public"\."users" as "_0" set "age" = _b\."age" from .* where "_0"\."username" = \$\d+ returning "_0"\.\*/)
    expect(upd.params.values).toContain('bob')
    const del = ctx()
    expect(buildDelete(del, { table: users, query, representation: false, count: false, singular: false })).toMatch(/delete from "public"\."users" as "_0" where "_0"\."username" = \$1 returning 1/)
  })
})
