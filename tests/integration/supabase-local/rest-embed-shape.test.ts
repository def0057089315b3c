import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// Joins, filters, empty embeds, order and spread on embedded resources (PostgREST resource_embedding.rst);
// fixture: tests/fixtures/supabase-local/migrations/0005_rest_embed.sql
describe('rest/v1 embedding: joins, filters, order and spread', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  async function get(query: string): Promise<{ status: number; body: unknown; range: string | null }> {
    const res = await fetch(`${standIn.url}/rest/v1/${query}`, { headers: { apikey: standIn.config.anonKey, Prefer: 'count=exact' } })
    return { status: res.status, body: await res.json(), range: res.headers.get('content-range') }
  }

  it('keeps every parent with an embed filter, drops the unmatched ones with !inner (to-many)', async () => {
    const left = await db.from('films').select('title, actors(first_name)').eq('actors.first_name', 'Jehanne').in('id', [1, 3]).order('id')
    expect(left.data).toEqual([
      { title: 'Workers Leaving The Lumière Factory In Lyon', actors: [] },
      { title: 'The Haunted Castle', actors: [{ first_name: 'Jehanne' }] },
    ])
    const inner = await db.from('films').select('title, actors!inner(first_name)', { count: 'exact' }).eq('actors.first_name', 'Jehanne')
    expect(inner.data).toEqual([{ title: 'The Haunted Castle', actors: [{ first_name: 'Jehanne' }] }])
    expect(inner.count).toBe(1)
    const explicitLeft = await db.from('films').select('id, actors!left(id)').eq('actors.first_name', 'Jehanne')
    expect(explicitLeft.data).toHaveLength(6)
  })

  it('filters parents through a to-one !inner embed, as the SQL inner join does', async () => {
    const { data, count } = await db.from('films').select('title, directors!inner(last_name)', { count: 'exact' }).eq('directors.last_name', 'Tarantino').order('id')
    const rows = (await standIn.db.query<{ title: string }>("select f.title from films f join directors d on d.id = f.director_id where d.last_name = 'Tarantino' order by f.id")).rows
    expect(data).toEqual(rows.map((r) => ({ title: r.title, directors: { last_name: 'Tarantino' } })))
    expect(count).toBe(rows.length)
    const left = await db.from('films').select('id, directors(last_name)').eq('directors.last_name', 'Tarantino').order('id')
    expect(left.data!.map((f) => f.directors)).toEqual([null, null, null, { last_name: 'Tarantino' }, { last_name: 'Tarantino' }, null])
  })

  it('leaves an empty embed out of the result while it still filters (rel() with not.is.null or !inner)', async () => {
    const plain = await db.from('directors').select('last_name, films()').eq('id', 4)
    expect(plain.data).toEqual([{ last_name: 'Tarantino' }])
    const filtered = await get('films?select=title,actors()&actors.first_name=eq.Jehanne&actors=not.is.null')
    expect(filtered.body).toEqual([{ title: 'The Haunted Castle' }])
    expect(filtered.range).toBe('0-0/1')
    const inner = await db.from('films').select('title, directors!inner()').eq('directors.last_name', 'Dickson')
    expect(inner.data).toEqual([{ title: 'The Dickson Experimental Sound Film' }])
    const nested = await db.from('directors').select('last_name, films(actors())').eq('id', 4)
    expect(nested.data).toEqual([{ last_name: 'Tarantino' }])
  })

  it('anti-joins with rel=is.null and joins with rel=not.is.null, matching SQL', async () => {
    const without = await get('films?select=title,nominations()&nominations=is.null&order=id')
    const rows = (await standIn.db.query<{ title: string }>('select title from films f where not exists (select 1 from nominations n where n.film_id = f.id) order by id')).rows
    expect(without.body).toEqual(rows)
    const withActors = await db.from('films').select('id, actors(id)').not('actors', 'is', null).order('id')
    expect(withActors.data!.map((f) => f.id)).toEqual([3, 4, 5])
    const noDirector = await db.from('films').select('id, directors(id)').is('directors', null)
    expect(noDirector.data).toEqual([{ id: 6, directors: null }])
  })

  it('ORs across embedded resources with empty embeds and aliases', async () => {
    const { body } = await get(
      'films?select=title,act:actors(),dir:directors()&dir.first_name=eq.Quentin&act.first_name=eq.Jehanne&or=(dir.not.is.null,act.not.is.null)&order=id',
    )
    expect(body).toEqual([{ title: 'The Haunted Castle' }, { title: 'Pulp Fiction' }, { title: 'Reservoir Dogs' }])
  })

  it('filters, orders, limits and offsets inside an embed, by name or alias and nested', async () => {
    const { data } = await db
      .from('films')
      .select('title, cast:actors(last_name)')
      .eq('id', 4)
      .order('last_name', { referencedTable: 'cast', ascending: false })
      .range(1, 2, { referencedTable: 'cast' })
      .single()
    expect(data).toEqual({ title: 'Pulp Fiction', cast: [{ last_name: 'Thurman' }, { last_name: 'Roth' }] })
    const nested = await get('films?select=title,roles(character,actors(first_name))&id=eq.4&roles.actors.first_name=ilike.*u*&roles.order=character.desc')
    expect(nested.body).toEqual([
      {
        title: 'Pulp Fiction',
        roles: [
          { character: 'Vincent Vega', actors: null },
          { character: 'Pumpkin', actors: null },
          { character: 'Mia Wallace', actors: { first_name: 'Uma' } },
          { character: 'Jules Winnfield', actors: { first_name: 'Samuel' } },
        ],
      },
    ])
  })

  it('orders parents by a to-one embedded column, with nulls first or last, and refuses to-many', async () => {
    const desc = await get('films?select=id,directors(last_name)&order=directors(last_name).desc.nullslast,id')
    const rows = (await standIn.db.query<{ id: number }>('select f.id from films f left join directors d on d.id = f.director_id order by d.last_name desc nulls last, f.id')).rows
    expect((desc.body as { id: number }[]).map((f) => f.id)).toEqual(rows.map((r) => r.id))
    const first = await db.from('films').select('id, director:directors(last_name)').order('director(last_name)', { nullsFirst: true }).order('id')
    expect(first.data!.map((f) => f.id)).toEqual([6, 2, 1, 3, 4, 5])
    const toMany = await get('directors?select=id,films(title)&order=films(title)')
    expect(toMany.status).toBe(400)
    expect(toMany.body).toEqual({
      code: 'PGRST118',
      details: "'directors' and 'films' do not form a many-to-one or one-to-one relationship",
      hint: null,
      message: "A related order on 'films' is not possible",
    })
    const notEmbedded = await get('films?select=id&order=directors(last_name)')
    expect(notEmbedded.body).toEqual({
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'directors' is included in the 'select' query parameter.",
      message: "'directors' is not an embedded resource in this request",
    })
  })

  it('spreads a to-one embed into the parent, nested and aliased', async () => {
    const { data } = await db
      .from('roles')
      .select('character, ...films(film:title, ...directors(director:last_name))')
      .eq('film_id', 5)
      .order('actor_id')
    expect(data).toEqual([
      { character: 'Mr. White', film: 'Reservoir Dogs', director: 'Tarantino' },
      { character: 'Mr. Orange', film: 'Reservoir Dogs', director: 'Tarantino' },
    ])
    const orphan = await db.from('films').select('title, ...directors(last_name)').eq('id', 6).single()
    expect(orphan.data).toEqual({ title: 'Orphan Reel', last_name: null })
  })

  it('spreads a to-many embed into correlated arrays (PostgREST 13), ordered by the embed order', async () => {
    const { data, error } = await db
      .from('directors')
      .select('first_name, ...films(film_titles:title, film_years:year)')
      .eq('id', 4)
      .order('year', { referencedTable: 'films' })
    expect(error).toBeNull()
    expect(data).toEqual([{ first_name: 'Quentin', film_titles: ['Reservoir Dogs', 'Pulp Fiction'], film_years: [1992, 1994] }])
    const empty = await db.from('directors').select('last_name, ...films(title)').eq('id', 5).single()
    expect(empty.data).toEqual({ last_name: 'Nobody', title: [] })
    const nested = await get('directors?select=first_name,...films(title,...roles(character))&id=eq.4&films.order=year&films.roles.order=character')
    expect(nested.body).toEqual([
      { first_name: 'Quentin', title: ['Reservoir Dogs', 'Pulp Fiction'], character: [['Mr. Orange', 'Mr. White'], ['Jules Winnfield', 'Mia Wallace', 'Pumpkin', 'Vincent Vega']] },
    ])
  })

  it('keeps output names free: columns may be called like the stand-in\'s internal ones', async () => {
    const { data, error } = await db.from('directors').select('j:last_name, ...films(j2:title), films(j:id)').eq('id', 2).single()
    expect(error).toBeNull()
    expect(data).toEqual({ j: 'Dickson', j2: ['The Dickson Experimental Sound Film'], films: [{ j: 2 }] })
    const toOne = await db.from('films').select('id, directors(j:last_name, pgrst_found:first_name)').eq('id', 2).single()
    expect(toOne.data).toEqual({ id: 2, directors: { j: 'Dickson', pgrst_found: 'William' } })
  })

  it('spreads the other side of a join table into each join row', async () => {
    const { data } = await db.from('films').select('title, cast:roles(character, ...actors(first_name, last_name))').eq('id', 3).single()
    expect(data).toEqual({ title: 'The Haunted Castle', cast: [{ character: 'The Lady', first_name: 'Jehanne', last_name: "d'Alcy" }] })
  })
})
