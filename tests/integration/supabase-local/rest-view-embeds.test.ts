import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// views keep their tables' foreign keys, as PostgREST infers them (postgrest-js's recent_messages, updatable_view)
const VIEWS = `
create view public.vk_recent_messages as select * from public.messages order by id desc limit 100;
create view public.vk_user_names as select username, 1 as one from public.users;
create function public.vk_messages_of(name text) returns setof public.vk_recent_messages language sql stable as
  $$ select * from public.vk_recent_messages where username = name order by id $$;
notify pgrst, 'reload schema';`

describe('rest/v1 embeds through views', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    await standIn.db.exec(VIEWS)
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it("embeds a view's table through the table's foreign key, and a view from a table", async () => {
    const fromView = await db.from('vk_recent_messages').select('id, users!messages_username_fkey(username)').order('id').limit(1)
    expect(fromView.error).toBeNull()
    expect(fromView.data).toEqual([{ id: expect.any(Number), users: { username: expect.any(String) } }])
    const toView = await db.from('messages').select('id, username, vk_user_names!messages_username_fkey(username, one)').order('id').limit(1).single()
    expect(toView.error).toBeNull()
    expect(toView.data!.vk_user_names).toEqual({ username: toView.data!.username, one: 1 })
  })

  it('embeds from the rows of a function returning a view', async () => {
    const { data, error } = await db.rpc('vk_messages_of', { name: 'supabot' }).select('username, users!messages_username_fkey(username)')
    expect(error).toBeNull()
    expect((data as unknown[]).length).toBeGreaterThan(0)
    for (const row of data as unknown as { username: string; users: { username: string } }[]) expect(row.users.username).toBe('supabot')
  })
})
