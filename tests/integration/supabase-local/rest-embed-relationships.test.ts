import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// Relationship detection and disambiguation as PostgREST documents it (resource_embedding.rst) and
// implements it (Plan.hs findRel, Error.hs); fixture: tests/fixtures/supabase-local/migrations/0005_rest_embed.sql
describe('rest/v1 embedding: relationships', () => {
  let standIn: StandIn
  let db: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  /** The same rows straight from Postgres, for comparison. */
  async function sql<T>(text: string): Promise<T[]> {
    return (await standIn.db.query<T>(text)).rows
  }

  it('embeds many-to-one as an object and one-to-many as an array, matching the SQL join', async () => {
    const { data, error } = await db.from('films').select('title, directors(last_name)').order('id')
    expect(error).toBeNull()
    const joined = await sql<{ title: string; last_name: string | null }>(
      'select f.title, d.last_name from films f left join directors d on d.id = f.director_id order by f.id',
    )
    expect(data).toEqual(joined.map((r) => ({ title: r.title, directors: r.last_name === null ? null : { last_name: r.last_name } })))

    const back = await db.from('directors').select('last_name, films(title)').eq('id', 4).order('id', { referencedTable: 'films' })
    expect(back.data).toEqual([{ last_name: 'Tarantino', films: [{ title: 'Pulp Fiction' }, { title: 'Reservoir Dogs' }] }])
    const none = await db.from('directors').select('last_name, films(title)').eq('id', 5)
    expect(none.data).toEqual([{ last_name: 'Nobody', films: [] }])
  })

  it('embeds one-to-one (the foreign key is the primary key) as an object from both sides', async () => {
    const { data } = await db.from('films').select('title, technical_specs(camera)').in('id', [4, 1]).order('id')
    expect(data).toEqual([
      { title: 'Workers Leaving The Lumière Factory In Lyon', technical_specs: null },
      { title: 'Pulp Fiction', technical_specs: { camera: 'Arriflex 35-III' } },
    ])
    const back = await db.from('technical_specs').select('runtime, films(title)').eq('film_id', 5).single()
    expect(back.data).toEqual({ runtime: '01:39:00', films: { title: 'Reservoir Dogs' } })
  })

  it('embeds many-to-many through a join table, with or without naming it', async () => {
    const { data, error } = await db.from('films').select('title, actors(last_name)').eq('id', 5).order('id', { referencedTable: 'actors' })
    expect(error).toBeNull()
    expect(data).toEqual([{ title: 'Reservoir Dogs', actors: [{ last_name: 'Keitel' }, { last_name: 'Roth' }] }])
    const hinted = await db.from('actors').select('last_name, films!roles(title)').eq('id', 6).order('id', { referencedTable: 'films' })
    expect(hinted.data).toEqual([{ last_name: 'Roth', films: [{ title: 'Pulp Fiction' }, { title: 'Reservoir Dogs' }] }])
    const rows = await sql<{ title: string }>(
      'select f.title from competitions c join nominations n on n.competition_id = c.id join films f on f.id = n.film_id where c.id = 2 order by f.id',
    )
    const comps = await db.from('competitions').select('name, films(title)').eq('id', 2).order('id', { referencedTable: 'films' }).single()
    expect(comps.data).toEqual({ name: 'Oscars', films: rows })
  })

  it('nests embeds: the join table, then the other side', async () => {
    const { data } = await db.from('actors').select('last_name, roles(character, films(title))').eq('id', 6).order('film_id', { referencedTable: 'roles' }).single()
    expect(data).toEqual({
      last_name: 'Roth',
      roles: [
        { character: 'Pumpkin', films: { title: 'Pulp Fiction' } },
        { character: 'Mr. Orange', films: { title: 'Reservoir Dogs' } },
      ],
    })
  })

  it('answers 300 PGRST201 for two foreign keys to one table, exactly as PostgREST documents', async () => {
    const { data, error, status } = await db.from('orders').select('*, addresses(*)')
    expect(data).toBeNull()
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        { cardinality: 'many-to-one', embedding: 'orders with addresses', relationship: 'billing using orders(billing_address_id) and addresses(id)' },
        { cardinality: 'many-to-one', embedding: 'orders with addresses', relationship: 'shipping using orders(shipping_address_id) and addresses(id)' },
      ],
      hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'orders' and 'addresses'",
    })
    const back = await db.from('addresses').select('*, orders(*)')
    expect(back.status).toBe(300)
    expect(back.error!.details).toEqual([
      { cardinality: 'one-to-many', embedding: 'addresses with orders', relationship: 'billing using addresses(id) and orders(billing_address_id)' },
      { cardinality: 'one-to-many', embedding: 'addresses with orders', relationship: 'shipping using addresses(id) and orders(shipping_address_id)' },
    ])
  })

  it('disambiguates by constraint name or by foreign key column, in both directions', async () => {
    const { data } = await db
      .from('orders')
      .select('name, billing_address:addresses!billing(name), shipping_address:addresses!shipping_address_id(name)')
      .order('id')
    expect(data).toEqual([
      { name: 'Personal Water Filter', billing_address: { name: '32 Glenlake Dr.' }, shipping_address: { name: '30 Glenlake Dr.' } },
      { name: 'Coffee Machine', billing_address: { name: '32 Glenlake Dr.' }, shipping_address: { name: '32 Glenlake Dr.' } },
      { name: 'Toaster', billing_address: { name: '1 Main St.' }, shipping_address: null },
    ])
    const back = await db
      .from('addresses')
      .select('name, billing_orders:orders!billing(name), shipping_orders:orders!shipping(name)')
      .eq('id', 1)
      .order('id', { referencedTable: 'billing_orders' })
      .single()
    expect(back.data).toEqual({
      name: '32 Glenlake Dr.',
      billing_orders: [{ name: 'Personal Water Filter' }, { name: 'Coffee Machine' }],
      shipping_orders: [{ name: 'Coffee Machine' }],
    })
  })

  it('accepts a foreign key column or constraint as the embed target (the older PostgREST form)', async () => {
    const { data } = await db.from('orders').select('id, billing_address_id(city), shipping(name)').eq('id', 1).single()
    expect(data).toEqual({ id: 1, billing_address_id: { city: 'Dearborn' }, shipping: { name: '30 Glenlake Dr.' } })
  })

  it('follows a self-reference: the table name gives the one-to-many, the column the many-to-one', async () => {
    const reports = await db.from('employees').select('name, reports:employees(name)').eq('id', 1).order('id', { referencedTable: 'reports' }).single()
    expect(reports.data).toEqual({ name: 'Taylor', reports: [{ name: 'Johnson' }, { name: 'Miller' }] })
    // `!manager_id` on a self-reference names the one-to-many too (the rows whose manager_id is this row)
    const hinted = await db.from('employees').select('name, team:employees!manager_id(name)').eq('id', 3).single()
    expect(hinted.data).toEqual({ name: 'Miller', team: [{ name: 'Davis' }] })
    const manager = await db.from('employees').select('name, manager:manager_id(name)').order('id')
    const joined = await sql<{ name: string; manager: string | null }>(
      'select e.name, m.name as manager from employees e left join employees m on m.id = e.manager_id order by e.id',
    )
    expect(manager.data).toEqual(joined.map((r) => ({ name: r.name, manager: r.manager === null ? null : { name: r.manager } })))
  })

  it('nests a self-reference recursively', async () => {
    const { data } = await db.from('employees').select('name, reports:employees(name, reports:employees(name))').eq('id', 1).order('id', { referencedTable: 'reports' }).single()
    expect(data).toEqual({
      name: 'Taylor',
      reports: [
        { name: 'Johnson', reports: [] },
        { name: 'Miller', reports: [{ name: 'Davis' }] },
      ],
    })
  })

  it('answers PGRST201 for two self-references without a hint, and resolves them by column', async () => {
    const { error, status } = await db.from('organizations').select('name, organizations(name)')
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        { cardinality: 'one-to-many', embedding: 'organizations with organizations', relationship: 'organizations_auditor_id_fkey using organizations(id) and organizations(auditor_id)' },
        { cardinality: 'one-to-many', embedding: 'organizations with organizations', relationship: 'organizations_parent_id_fkey using organizations(id) and organizations(parent_id)' },
      ],
      hint: "Try changing 'organizations' to one of the following: 'organizations!organizations_auditor_id_fkey', 'organizations!organizations_parent_id_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'organizations' and 'organizations'",
    })
    const { data } = await db
      .from('organizations')
      .select('name, auditees:organizations!auditor_id(name), children:organizations!parent_id(name), parent:parent_id(name)')
      .order('id')
      .order('id', { referencedTable: 'children' })
    expect(data).toEqual([
      { name: 'Acme', auditees: [], children: [{ name: 'Acme Audit' }, { name: 'Acme Retail' }], parent: null },
      { name: 'Acme Audit', auditees: [{ name: 'Acme Retail' }], children: [], parent: { name: 'Acme' } },
      { name: 'Acme Retail', auditees: [], children: [], parent: { name: 'Acme' } },
    ])
  })

  it('answers 400 PGRST200 when nothing matches, with the hint and a suggestion', async () => {
    const wrongHint = await db.from('orders').select('*, addresses!nope(*)')
    expect(wrongHint.status).toBe(400)
    expect(wrongHint.error).toEqual({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'orders' and 'addresses' using the hint 'nope' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'orders' and 'addresses' in the schema cache",
    })
    const typo = await db.from('films').select('*, director(*)')
    expect(typo.error).toEqual({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'films' and 'director' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'directors' instead of 'director'.",
      message: "Could not find a relationship between 'films' and 'director' in the schema cache",
    })
    // a constraint name does not disambiguate a self-reference: only the referencing column does
    const selfByConstraint = await db.from('employees').select('*, employees!employees_manager_id_fkey(*)')
    expect(selfByConstraint.error!.code).toBe('PGRST200')
  })
})
