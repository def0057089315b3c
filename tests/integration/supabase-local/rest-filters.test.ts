import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

describe('rest/v1 filters', () => {
  let standIn: StandIn
  let db: SupabaseClient
  const names = async (q: PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await q
    expect(error).toBeNull()
    return (data as { username: string }[]).map((u) => u.username).sort()
  }
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())
  const users = () => db.from('users').select('username')

  it('compares with eq, neq, gt, gte, lt and lte, coercing text to the column type', async () => {
    expect(await names(users().eq('age', 30))).toEqual(['kiwicopple'])
    expect(await names(users().neq('status', 'ONLINE'))).toEqual(['kiwicopple'])
    expect(await names(users().gt('age', 28))).toEqual(['jsonuser', 'kiwicopple'])
    expect(await names(users().gte('age', 28))).toEqual(['awailas', 'jsonuser', 'kiwicopple'])
    expect(await names(users().lt('age', 28))).toEqual(['supabot'])
    expect(await names(users().lte('age', 28))).toEqual(['awailas', 'supabot'])
  })

  it('matches patterns with like and ilike, * standing for %', async () => {
    expect(await names(users().like('username', '%bot'))).toEqual(['supabot'])
    expect(await names(users().ilike('username', 'KIWI*'))).toEqual(['kiwicopple'])
    expect(await names(users().likeAnyOf('username', ['supa*', '*las']))).toEqual(['awailas', 'supabot'])
    expect(await names(users().likeAllOf('username', ['*a*', '*s*']))).toEqual(['awailas', 'supabot'])
  })

  it('matches regular expressions with match and imatch', async () => {
    expect(await names(users().match({ status: 'OFFLINE' }))).toEqual(['kiwicopple'])
    expect(await names(users().filter('username', 'match', '^s.*t$'))).toEqual(['supabot'])
    expect(await names(users().filter('username', 'imatch', '^SUPA'))).toEqual(['supabot'])
  })

  it('tests is null, is not null, is true and isdistinct', async () => {
    expect(await names(users().is('age', null))).toEqual(['dragarcia'])
    expect(await names(users().not('email', 'is', null))).toEqual(['kiwicopple', 'supabot'])
    expect(await names(users().filter('age', 'isdistinct', '1'))).toEqual(['awailas', 'dragarcia', 'jsonuser', 'kiwicopple'])
  })

  it('filters with in and not.in, values with commas and parentheses quoted', async () => {
    expect(await names(users().in('username', ['supabot', 'awailas']))).toEqual(['awailas', 'supabot'])
    expect(await names(users().not('username', 'in', '(supabot,awailas,dragarcia)'))).toEqual(['jsonuser', 'kiwicopple'])
    await db.from('channels').insert({ slug: 'a,b (c) "d"' })
    const { data } = await db.from('channels').select('slug').in('slug', ['a,b (c) "d"', 'public'])
    expect(data!.map((c) => c.slug).sort()).toEqual(['a,b (c) "d"', 'public'])
  })

  it('tests arrays, jsonb and ranges with cs, cd and ov', async () => {
    expect(await names(users().contains('tags', ['b']))).toEqual(['kiwicopple', 'supabot'])
    expect(await names(users().containedBy('tags', ['a', 'b', 'c']).neq('tags', '{}'))).toEqual(['awailas', 'kiwicopple', 'supabot'])
    expect(await names(users().overlaps('tags', ['a', 'c']))).toEqual(['awailas', 'kiwicopple', 'supabot'])
    expect(await names(users().contains('data', { foo: { baz: 'string value' } }))).toEqual(['jsonuser'])
    expect(await names(users().overlaps('age_range', '[1,2)'))).toEqual(['supabot'])
    expect(await names(users().rangeGt('age_range', '[1,2)'))).toEqual(['awailas', 'dragarcia', 'jsonuser', 'kiwicopple'])
  })

  it('searches text with fts, plfts, phfts and wfts, with and without a config', async () => {
    expect(await names(users().textSearch('catchphrase', `'fat' & 'cat'`))).toEqual(['supabot'])
    expect(await names(users().textSearch('catchphrase', 'cat', { type: 'plain', config: 'english' }))).toEqual(['kiwicopple', 'supabot'])
    expect(await names(users().textSearch('catchphrase', 'fat rat', { type: 'phrase' }))).toEqual(['dragarcia'])
    expect(await names(users().textSearch('catchphrase', 'fat -cat', { type: 'websearch' }))).toEqual(['dragarcia'])
    const { data } = await db.from('messages').select('id').textSearch('message', 'fire', { config: 'english' })
    expect(data).toEqual([{ id: 3 }])
  })

  it('combines conditions with or, nested and, and not', async () => {
    expect(await names(users().or('username.eq.supabot,and(age.gt.20,status.not.eq.OFFLINE)'))).toEqual(['awailas', 'jsonuser', 'supabot'])
    expect(await names(users().or('username.eq.supabot,not.and(age.gt.20,age.lt.35)'))).toEqual(['jsonuser', 'supabot'])
    expect(await names(users().not('age', 'gt', 1).not('age', 'is', null))).toEqual(['supabot'])
    expect(await names(users().or('username.in.(supabot,kiwicopple),tags.cs.{c}'))).toEqual(['awailas', 'kiwicopple', 'supabot'])
  })

  it('reads quoted values with commas and parentheses inside or()', async () => {
    await db.from('channels').insert({ slug: 'x, (y)' })
    const { data } = await db.from('channels').select('slug').or('slug.eq."x, (y)",slug.eq.empty').order('slug')
    expect(data).toEqual([{ slug: 'empty' }, { slug: 'x, (y)' }])
  })

  it('filters on json paths', async () => {
    expect(await names(users().eq('data->foo->>baz', 'string value'))).toEqual(['jsonuser'])
    expect(await names(users().gt('data->n', 2))).toEqual(['jsonuser'])
  })

  it('applies or() inside an embedded resource', async () => {
    const { data } = await db
      .from('channels')
      .select('slug, messages(id)')
      .or('id.eq.1,id.eq.2', { referencedTable: 'messages' })
      .eq('id', 1)
    expect(data).toEqual([{ slug: 'public', messages: [{ id: 1 }] }])
  })

  it('keeps values that look like SQL as data', async () => {
    const attack = `supabot' or '1'='1`
    expect(await names(users().eq('username', attack))).toEqual([])
    expect(await names(users().in('username', [`x') or true --`, 'supabot']))).toEqual(['supabot'])
    expect(await names(users().or(`username.eq."a\\"); drop table users; --"`))).toEqual([])
    const { count } = await db.from('users').select('*', { count: 'exact', head: true })
    expect(count).toBe(5)
  })

  it('rejects identifiers that are not columns', async () => {
    const { error, status } = await db.from('users').select('username').eq('username"; drop table users; --', 'x')
    expect(status).toBe(400)
    expect(['42703', 'PGRST100']).toContain(error!.code)
    const cast = await db.from('users').select('username::text; drop table users')
    expect(cast.status).toBe(400)
    expect(cast.error!.code).toBe('PGRST100')
  })

  it('answers 400 22P02 for a value of the wrong type and 404 42883 for an impossible operator', async () => {
    const bad = await db.from('users').select('username').eq('age', 'abc')
    expect(bad.status).toBe(400)
    expect(bad.error!.code).toBe('22P02')
    const op = await db.from('users').select('username').like('age', '1*')
    expect(op.status).toBe(404)
    expect(op.error!.code).toBe('42883')
  })

  it('answers PGRST108 for a filter on an embed that is not selected', async () => {
    const { error, status } = await db.from('channels').select('slug').eq('messages.id', 1)
    expect(status).toBe(400)
    expect(error!.code).toBe('PGRST108')
  })
})
