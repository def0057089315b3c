import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// What a mutation returns with `return=representation`: only the selected columns, the join columns of
// its embeds and the primary key (PostgREST's inferColsEmbedNeeds), so column-level grants work.
// Fixture: tests/fixtures/supabase-local/migrations/0005_rest_embed.sql (grant_probe: anon may select id, name).
describe('rest/v1 embedding: mutation results', () => {
  let standIn: StandIn
  let anon: SupabaseClient
  let service: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    anon = clientFor(standIn, 'anon')
    service = clientFor(standIn, 'service_role')
  })
  afterAll(() => standIn?.stop())

  it('inserts under column-level grants and returns the selected columns', async () => {
    const { data, error, status } = await anon.from('grant_probe').insert({ name: 'second', secret: 's2' }).select('id, name').single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    const row = await standIn.db.query<{ id: number }>("select id from grant_probe where name = 'second'")
    expect(data).toEqual({ id: row.rows[0].id, name: 'second' })
    const several = await anon.from('grant_probe').insert([{ name: 'third' }, { name: 'fourth', secret: 's4' }]).select('name')
    expect(several.data).toEqual([{ name: 'third' }, { name: 'fourth' }])
    // the secret column was written, though anon cannot read it
    const stored = await standIn.db.query<{ name: string; secret: string | null }>("select name, secret from grant_probe where name in ('second', 'fourth') order by id")
    expect(stored.rows).toEqual([{ name: 'second', secret: 's2' }, { name: 'fourth', secret: 's4' }])
  })

  it('fails like Postgres when the select reaches a column the role may not read', async () => {
    const direct = await standIn.db
      .transaction(async (tx) => {
        await tx.exec('set local role anon')
        await tx.query("insert into grant_probe (name) values ('x') returning *")
      })
      .then(() => null, (err: { code?: string; message?: string }) => ({ code: err.code, message: err.message }))
    expect(direct).toEqual({ code: '42501', message: 'permission denied for table grant_probe' })
    const star = await anon.from('grant_probe').insert({ name: 'fifth' }).select()
    expect(star.status).toBe(401)
    expect(star.error).toMatchObject({ code: '42501', message: 'permission denied for table grant_probe' })
    const secret = await anon.from('grant_probe').insert({ name: 'sixth' }).select('name, secret')
    expect(secret.error).toMatchObject({ code: '42501' })
    const kept = await standIn.db.query("select 1 from grant_probe where name in ('fifth', 'sixth')")
    expect(kept.rows).toEqual([])
  })

  it('returns the join columns an embed needs even when they are not selected', async () => {
    const film = await service.from('films').insert({ id: 70, director_id: 4, title: 'Jackie Brown', year: 1997 }).select('title, directors(last_name)').single()
    expect(film.data).toEqual({ title: 'Jackie Brown', directors: { last_name: 'Tarantino' } })
    const director = await service.from('directors').update({ first_name: 'Q.' }).eq('id', 4).select('first_name, films(title)').order('id', { referencedTable: 'films' })
    expect(director.data).toEqual([{ first_name: 'Q.', films: [{ title: 'Pulp Fiction' }, { title: 'Reservoir Dogs' }, { title: 'Jackie Brown' }] }])
    const many = await service.from('actors').insert({ id: 70, first_name: 'Pam', last_name: 'Grier' }).select('last_name, films(title)').single()
    expect(many.data).toEqual({ last_name: 'Grier', films: [] })
    const removed = await service.from('films').delete().eq('id', 70).select('title, ...directors(last_name)')
    expect(removed.data).toEqual([{ title: 'Jackie Brown', last_name: 'Tarantino' }])
  })
})
