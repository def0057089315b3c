import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

describe('rest/v1 reads', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('selects named columns with aliases, casts and json paths', async () => {
    const { data, error, status } = await db
      .from('users')
      .select('name:username, age::text, data->foo->bar, baz:data->foo->>baz, n:data->n')
      .eq('username', 'jsonuser')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([{ name: 'jsonuser', age: '40', bar: { nested: 'value' }, baz: 'string value', n: 3 }])
  })

  it('selects every column with * and keeps Postgres types in JSON', async () => {
    const { data } = await db.from('users').select('*').eq('username', 'supabot').single()
    expect(data).toMatchObject({ username: 'supabot', status: 'ONLINE', tags: ['a', 'b'], age: 1, age_range: '[1,2)' })
  })

  it('embeds a to-one resource as an object and a to-many one as an array', async () => {
    const { data, error } = await db
      .from('messages')
      .select('id, channels(slug), author:users!messages_username_fkey(username)')
      .order('id')
    expect(error).toBeNull()
    expect(data![0]).toEqual({ id: 1, channels: { slug: 'public' }, author: { username: 'supabot' } })
    const channels = await db.from('channels').select('slug, messages(id)').order('id')
    expect(channels.data).toEqual([
      { slug: 'public', messages: [{ id: 1 }, { id: 3 }] },
      { slug: 'random', messages: [{ id: 2 }] },
      { slug: 'empty', messages: [] },
    ])
  })

  it('counts embedded rows with rel(count)', async () => {
    const { data, error } = await db.from('channels').select('slug, messages(count)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { slug: 'public', messages: [{ count: 2 }] },
      { slug: 'random', messages: [{ count: 1 }] },
      { slug: 'empty', messages: [{ count: 0 }] },
    ])
    const mixed = await db.from('channels').select('slug, messages(id, count)')
    expect(mixed.error!.code).toBe('PGRST123')
  })

  it('embeds a one-to-one resource (unique foreign key) as an object', async () => {
    const { data } = await db.from('users').select('username, user_settings(theme)').in('username', ['supabot', 'awailas']).order('username')
    expect(data).toEqual([
      { username: 'awailas', user_settings: null },
      { username: 'supabot', user_settings: { theme: 'dark' } },
    ])
  })

  it('gives null for a to-one embed without a match', async () => {
    const { data } = await db.from('messages').select('id, recipient:users!recipient(username)').eq('id', 2).single()
    expect(data).toEqual({ id: 2, recipient: null })
  })

  it('embeds through a join table (many-to-many) when hinted by the table', async () => {
    const { data, error } = await db.from('users').select('username, channels!channel_members(slug)').eq('username', 'supabot')
    expect(error).toBeNull()
    expect(data).toEqual([{ username: 'supabot', channels: [{ slug: 'public' }, { slug: 'random' }] }])
  })

  it('filters, orders and limits an embedded resource without dropping parents', async () => {
    const { data } = await db
      .from('channels')
      .select('slug, messages(id, message)')
      .eq('messages.username', 'kiwicopple')
      .order('id', { referencedTable: 'messages', ascending: false })
      .limit(1, { referencedTable: 'messages' })
      .order('id')
    expect(data!.map((c) => [c.slug, (c.messages as { id: number }[]).map((m) => m.id)])).toEqual([
      ['public', [3]],
      ['random', []],
      ['empty', []],
    ])
  })

  it('pages an embedded resource with its own offset', async () => {
    const { data } = await db.from('channels').select('slug, messages(id)').order('id', { referencedTable: 'messages' }).range(1, 1, { referencedTable: 'messages' }).eq('id', 1)
    expect(data).toEqual([{ slug: 'public', messages: [{ id: 3 }] }])
  })

  it('names the schema it answered from in Content-Profile', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/channels?select=id&limit=1`, {
      headers: { apikey: standIn.config.anonKey, 'Accept-Profile': 'public' },
    })
    expect(res.headers.get('content-profile')).toBe('public')
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('drops parents without a match when the embed is !inner', async () => {
    const { data, count } = await db.from('messages').select('id, channels!inner(slug)', { count: 'exact' }).eq('channels.slug', 'random')
    expect(data).toEqual([{ id: 2, channels: { slug: 'random' } }])
    expect(count).toBe(1)
  })

  it('filters parents on an embed being null or not', async () => {
    const { data } = await db.from('messages').select('id, r:users!recipient(username)').not('r', 'is', null).order('id')
    expect(data!.map((m) => m.id)).toEqual([1, 3])
  })

  it('answers 300 PGRST201 for an ambiguous embed, naming the hints', async () => {
    const { error, status } = await db.from('messages').select('*, users(*)')
    expect(status).toBe(300)
    expect(error!.code).toBe('PGRST201')
    expect(error!.hint).toContain("'users!messages_username_fkey'")
    expect(error!.details).toHaveLength(2)
  })

  it('answers 400 PGRST200 for an embed with no relationship', async () => {
    const { error, status } = await db.from('messages').select('*, secrets(*)')
    expect(status).toBe(400)
    expect(error!.code).toBe('PGRST200')
    expect(error!.message).toBe("Could not find a relationship between 'messages' and 'secrets' in the schema cache")
  })

  it('orders with nulls first or last', async () => {
    const last = await db.from('users').select('username').order('age', { ascending: false, nullsFirst: false })
    expect(last.data!.map((u) => u.username)).toEqual(['jsonuser', 'kiwicopple', 'awailas', 'supabot', 'dragarcia'])
    const first = await db.from('users').select('username').order('age', { ascending: true, nullsFirst: true })
    expect(first.data![0].username).toBe('dragarcia')
  })

  it('orders parents by a column of a to-one embed', async () => {
    // as in PostgREST, the related resource must be embedded (PGRST108 otherwise)
    const res = await fetch(`${standIn.url}/rest/v1/messages?select=id,channels(slug)&order=channels(slug).desc,id.asc`, {
      headers: { apikey: standIn.config.anonKey },
    })
    expect(((await res.json()) as { id: number }[]).map((m) => m.id)).toEqual([2, 1, 3])
  })

  it('pages with range and reports the exact count in Content-Range with 206', async () => {
    const { data, count, status } = await db.from('users').select('username', { count: 'exact' }).order('username').range(1, 2)
    expect(status).toBe(206)
    expect(count).toBe(5)
    expect(data!.map((u) => u.username)).toEqual(['dragarcia', 'jsonuser'])
    const res = await fetch(`${standIn.url}/rest/v1/users?select=username&offset=1&limit=2`, {
      headers: { apikey: standIn.config.anonKey, Prefer: 'count=exact' },
    })
    expect(res.headers.get('content-range')).toBe('1-2/5')
    expect(res.headers.get('preference-applied')).toBe('count=exact')
  })

  it('sends Content-Range without a count and */0 for an empty counted result', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/users?select=username&limit=2`, { headers: { apikey: standIn.config.anonKey } })
    expect(res.headers.get('content-range')).toBe('0-1/*')
    const empty = await db.from('users').select('*', { count: 'exact' }).eq('username', 'nobody')
    expect(empty.status).toBe(200)
    expect(empty.count).toBe(0)
    expect(empty.data).toEqual([])
  })

  it('answers 416 when the offset is past a counted total', async () => {
    const { error, status } = await db.from('users').select('*', { count: 'exact' }).range(10, 12)
    expect(status).toBe(416)
    expect(error!.code).toBe('PGRST103')
  })

  it('counts with HEAD and sends no rows', async () => {
    const { data, count, status } = await db.from('messages').select('*', { count: 'exact', head: true })
    expect(status).toBe(200)
    expect(count).toBe(3)
    expect(data).toBeNull()
    // planned is the planner's estimate (users was never analyzed), as EXPLAIN gives it directly
    const planned = await db.from('users').select('*', { count: 'planned', head: true })
    const plan = await standIn.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>('explain (format json) select 1 from public.users')
    expect(planned.count).toBe(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])
  })

  it('returns one object for .single() and 406 PGRST116 for none or many', async () => {
    const one = await db.from('channels').select('slug').eq('id', 1).single()
    expect(one.data).toEqual({ slug: 'public' })
    const many = await db.from('channels').select('slug').single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' })
    const none = await db.from('channels').select('slug').eq('id', 99).single()
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
    const maybe = await db.from('channels').select('slug').eq('id', 99).maybeSingle()
    expect(maybe.error).toBeNull()
    expect(maybe.data).toBeNull()
  })

  it('caps results at max rows', async () => {
    const original = standIn.config.maxRows
    standIn.config.maxRows = 2
    try {
      const res = await fetch(`${standIn.url}/rest/v1/users?select=username`, { headers: { apikey: standIn.config.anonKey } })
      expect(await res.json()).toHaveLength(2)
      expect(res.headers.get('content-range')).toBe('0-1/*')
    } finally {
      standIn.config.maxRows = original
    }
  })

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await db.from('messages').select('id, ...channels(slug)').eq('id', 2)
    expect(data).toEqual([{ id: 2, slug: 'random' }])
    const inner = await db.from('messages').select('id, ...users!recipient!inner(username, age, data)').order('id')
    expect(inner.data).toEqual([
      { id: 1, username: 'kiwicopple', age: 30, data: null },
      { id: 3, username: 'supabot', age: 1, data: null },
    ])
  })

  it('answers 400 PGRST100 for a query that does not parse', async () => {
    const { error, status } = await db.from('users').select('username').filter('age', 'eqq', 1)
    expect(status).toBe(400)
    expect(error!.code).toBe('PGRST100')
  })

  it('answers 400 for a column that does not exist', async () => {
    const { error, status } = await db.from('users').select('nope')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '42703', message: 'column users.nope does not exist' })
  })

  it('sees tables created after start-up by reloading its schema cache', async () => {
    const before = await db.from('late_table').select('*')
    expect(before.error!.code).toBe('PGRST205')
    await standIn.db.exec(`create table public.late_table (id int primary key); insert into public.late_table values (7)`)
    const after = await db.from('late_table').select('*')
    expect(after.data).toEqual([{ id: 7 }])
    await standIn.db.exec(`alter table public.late_table add column note text default 'n'`)
    const column = await db.from('late_table').select('id, note')
    expect(column.data).toEqual([{ id: 7, note: 'n' }])
  })

  it('drops null values from rows with stripNulls()', async () => {
    const { data } = await db.from('messages').select('id, recipient, data').eq('id', 2).stripNulls()
    expect(data).toEqual([{ id: 2 }])
  })

  it('answers CSV for Accept: text/csv, quoting values that need it', async () => {
    const { data, status } = await db.from('messages').select('id, message, channel_id, recipient').lte('id', 2).order('id').csv()
    expect(status).toBe(200)
    expect(data).toBe(
      'id,message,channel_id,recipient\n' +
        '1,"Hello World 👋",1,kiwicopple\n' +
        '2,"Perfection is attained, not when there is nothing more to add, but when there is nothing left to take away.",2,',
    )
  })

  it('answers 406 PGRST107 for media types it does not produce', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/users`, { headers: { apikey: standIn.config.anonKey, Accept: 'application/xml' } })
    expect(res.status).toBe(406)
    expect((await res.json()).code).toBe('PGRST107')
  })
})
