import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// functions shaped like postgrest-js's advanced_rpc suite: row-type arguments, unnamed parameters, overloads
const FUNCTIONS = `
create function public.ov_user_messages(user_row public.users) returns setof public.messages language sql stable as
  $$ select * from public.messages where username = user_row.username order by id $$;
create function public.ov_user_email(user_row public.users) returns text language sql stable as $$ select user_row.email $$;
create function public.ov_unresolvable() returns void language sql as '';
create function public.ov_unresolvable(a text) returns int language sql as 'select 1';
create function public.ov_unresolvable(a int) returns text language sql as $$ select 'int' $$;
create function public.ov_unnamed(bool) returns int language sql as 'select 1';
create function public.ov_unnamed(int) returns int language sql as 'select 2';
create function public.ov_unnamed(text) returns text language sql as 'select $1';
create function public.ov_polymorphic_with_unnamed_integer(int) returns int language sql as 'select 1';
create function public.ov_polymorphic_with_unnamed_text(text) returns int language sql as 'select 1';
create function public.ov_unnamed_jsonb(jsonb) returns jsonb language sql as 'select $1';
create function public.ov_no_params_or_unnamed() returns int language sql as 'select 1';
create function public.ov_no_params_or_unnamed(text) returns text language sql as 'select $1';
create function public.ov_unnamed_default() returns int language sql as 'select 1';
create function public.ov_unnamed_default(text default 'default') returns text language sql as 'select $1';
create function public.ov_row_blurb(public.messages) returns text language sql as 'select left($1.message, 3)';
notify pgrst, 'reload schema';`

describe('rest/v1 rpc: overloads, row-type and unnamed parameters', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    await standIn.db.exec(FUNCTIONS)
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('builds a row-type argument from a JSON object (missing fields null)', async () => {
    const { data, error } = await db.rpc('ov_user_messages', { user_row: { username: 'supabot', status: 'ONLINE' } }).select('id, username')
    expect(error).toBeNull()
    const rows = data as { id: number; username: string }[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((m) => m.username === 'supabot')).toBe(true)
    const email = await db.rpc('ov_user_email', { user_row: { username: 'x', email: 'x@example.test' } })
    expect(email).toMatchObject({ data: 'x@example.test', error: null, status: 200 })
  })

  it('lists only the fitting candidates in PGRST203, fewest parameters first', async () => {
    for (const a of ['test', 1]) {
      const res = await db.rpc('ov_unresolvable', { a })
      expect(res.status).toBe(300)
      expect(res.error).toMatchObject({
        code: 'PGRST203',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        message: 'Could not choose the best candidate function between: public.ov_unresolvable(a => integer), public.ov_unresolvable(a => text)',
      })
    }
    const none = await db.rpc('ov_unnamed_default')
    expect(none.error).toMatchObject({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.ov_unnamed_default(), public.ov_unnamed_default( => text)',
    })
    expect((await db.rpc('ov_unresolvable')).status).toBe(204)
  })

  it('passes the whole body to a single unnamed text/json parameter; unnamed int/bool overloads are not callable', async () => {
    // only ov_unnamed(text) is in the schema cache, whatever the JSON type of the value
    expect(await db.rpc('ov_unnamed', { '': 'test' })).toMatchObject({ data: '{"": "test"}'.replace(' ', ''), status: 200 })
    expect((await db.rpc('ov_unnamed', { '': true })).data).toBe('{"":true}')
    expect((await db.rpc('ov_unnamed_jsonb', { '': { a: 1 } })).data).toEqual({ '': { a: 1 } })
    expect((await db.rpc('ov_unnamed_jsonb', { x: 1, y: [2] })).data).toEqual({ x: 1, y: [2] })
    expect((await db.rpc('ov_no_params_or_unnamed')).data).toBe(1)
    expect((await db.rpc('ov_no_params_or_unnamed', { '': '' })).data).toBe('{"":""}')
    expect((await db.rpc('ov_unnamed_default', { '': 'x' })).data).toBe('{"":"x"}')
  })

  it('words PGRST202 as PostgREST does: one parameter, none, and a hint to a near name', async () => {
    const int = await db.rpc('ov_polymorphic_with_unnamed_integer', { '': 1 })
    expect(int.status).toBe(404)
    expect(int.error).toEqual({
      code: 'PGRST202',
      details: 'Searched for the function public.ov_polymorphic_with_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.ov_polymorphic_with_unnamed_text',
      message: 'Could not find the function public.ov_polymorphic_with_unnamed_integer() in the schema cache',
    })
    const none = await db.rpc('ov_row_blurb')
    // no name near enough (PostgREST asks 0.75 similarity of a function's name): no hint
    expect(none.error).toMatchObject({
      hint: null,
      message: 'Could not find the function public.ov_row_blurb without parameters in the schema cache',
      details: 'Searched for the function public.ov_row_blurb without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    })
    const one = await db.rpc('ov_user_email', { id: 1 })
    expect(one.error!.details).toBe('Searched for the function public.ov_user_email with parameter id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.')
    expect(one.error!.hint).toBeNull()
    const near = await db.rpc('ov_user_email', { user_rows: 1 })
    expect(near.error!.hint).toBe('Perhaps you meant to call the function public.ov_user_email(user_row)')
    const two = await db.rpc('ov_user_email', { b: 1, a: 2 })
    expect(two.error).toMatchObject({
      message: 'Could not find the function public.ov_user_email(a, b) in the schema cache',
      details: 'Searched for the function public.ov_user_email with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    })
    // GET cannot reach a single unnamed parameter: the details do not offer it
    const get = await db.rpc('ov_row_blurb', {}, { get: true })
    expect(get.error!.details).toBe('Searched for the function public.ov_row_blurb without parameters, but no matches were found in the schema cache.')
  })
})
