import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// Computed fields (computed_fields.rst) and computed relationships (resource_embedding.rst);
// fixture: tests/fixtures/supabase-local/migrations/0005_rest_embed.sql
describe('rest/v1 embedding: computed fields and computed relationships', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('selects a computed field only when asked, with the value Postgres computes', async () => {
    const { data, error } = await db.from('people').select('full_name, job').order('id')
    expect(error).toBeNull()
    const rows = (await standIn.db.query<{ full_name: string; job: string }>('select full_name(p) as full_name, job from people p order by id')).rows
    expect(data).toEqual(rows)
    const star = await db.from('people').select('*').eq('id', 1).single()
    expect(star.data).toEqual({ id: 1, first_name: 'Samuel', last_name: 'Beckett', job: 'novelist' })
    const aliased = await db.from('people').select('id, name:full_name, upper:full_name::text').eq('id', 2).single()
    expect(aliased.data).toEqual({ id: 2, name: 'Virginia Woolf', upper: 'Virginia Woolf' })
  })

  it('filters and orders on a computed field', async () => {
    const fts = await db.from('people').select('id').textSearch('full_name', 'Beckett')
    expect(fts.data).toEqual([{ id: 1 }])
    const like = await db.from('people').select('full_name').like('full_name', '%Lovelace')
    expect(like.data).toEqual([{ full_name: 'Ada Lovelace' }])
    const ordered = await db.from('people').select('id').order('full_name', { ascending: false })
    expect(ordered.data!.map((p) => p.id)).toEqual([2, 1, 3])
  })

  it('uses a computed field inside an embed', async () => {
    const { data } = await db.from('films').select('title, directors(display_name)').in('id', [4, 6]).order('id')
    expect(data).toEqual([
      { title: 'Pulp Fiction', directors: { display_name: 'Quentin Tarantino' } },
      { title: 'Orphan Reel', directors: null },
    ])
    const filtered = await db.from('directors').select('id').eq('display_name', 'Nobody')
    expect(filtered.data).toEqual([{ id: 5 }])
  })

  it('answers 42703 for a name that is neither a column nor a computed field', async () => {
    const { error, status } = await db.from('people').select('nick_name')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '42703', message: 'column people.nick_name does not exist' })
  })

  it('embeds computed relationships: rows 1 is to-one, setof is to-many', async () => {
    const { data, error } = await db.from('employees').select('name, manager(name), reports(name)').order('id').order('id', { referencedTable: 'reports' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Taylor', manager: null, reports: [{ name: 'Johnson' }, { name: 'Miller' }] },
      { name: 'Johnson', manager: { name: 'Taylor' }, reports: [] },
      { name: 'Miller', manager: { name: 'Taylor' }, reports: [{ name: 'Davis' }] },
      { name: 'Davis', manager: { name: 'Miller' }, reports: [] },
    ])
  })

  it('filters, joins and orders through computed relationships', async () => {
    const inner = await db.from('employees').select('name, manager!inner(name)').eq('manager.name', 'Taylor').order('id')
    expect(inner.data).toEqual([
      { name: 'Johnson', manager: { name: 'Taylor' } },
      { name: 'Miller', manager: { name: 'Taylor' } },
    ])
    const byManager = await db.from('employees').select('name, manager(name)').order('manager(name)', { ascending: false, nullsFirst: false }).order('id')
    expect(byManager.data!.map((e) => e.name)).toEqual(['Johnson', 'Miller', 'Davis', 'Taylor'])
    const nested = await db.from('employees').select('name, reports(name, reports(name))').eq('id', 1).order('id', { referencedTable: 'reports' }).single()
    expect(nested.data).toEqual({ name: 'Taylor', reports: [{ name: 'Johnson', reports: [] }, { name: 'Miller', reports: [{ name: 'Davis' }] }] })
    const spread = await db.from('employees').select('name, ...manager(boss:name)').eq('id', 4).single()
    expect(spread.data).toEqual({ name: 'Davis', boss: 'Miller' })
  })

  it('embeds and computes fields on the rows a mutation returns', async () => {
    const { data, error } = await db
      .from('employees')
      .insert({ id: 50, name: 'Newcomer', manager_id: 3 })
      .select('name, manager(name), boss:manager_id(name)')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ name: 'Newcomer', manager: { name: 'Miller' }, boss: { name: 'Miller' } })
    const person = await db.from('people').insert({ id: 50, first_name: 'Grace', last_name: 'Hopper' }).select('full_name').single()
    expect(person.data).toEqual({ full_name: 'Grace Hopper' })
    const updated = await db.from('people').update({ last_name: 'Murray Hopper' }).eq('id', 50).select('id, full_name')
    expect(updated.data).toEqual([{ id: 50, full_name: 'Grace Murray Hopper' }])
  })
})
