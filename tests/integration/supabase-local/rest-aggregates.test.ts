import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

/**
 * Aggregate functions in `select` (PostgREST 12+, db-aggregates-enabled). Each answer is compared
 * with the same aggregation run directly on the stand-in's database.
 */
describe('rest/v1 aggregate functions', () => {
  let standIn: StandIn
  let db: SupabaseClient
  /** rows of a query run directly, as JSON (numeric → number, as PostgREST sends it) */
  const direct = async (sql: string) => (await standIn.db.query<{ j: unknown }>(`select coalesce(json_agg(t), '[]') as j from (${sql}) t`)).rows[0].j

  beforeAll(async () => {
    // PostgREST's own environment variable; in-database settings override it (see the last test)
    standIn = await startFixtureStandIn({ env: { PGRST_DB_AGGREGATES_ENABLED: 'true' } })
    db = clientFor(standIn, 'anon')
  })
  afterAll(() => standIn?.stop())

  it('aggregates the whole table: sum, avg, min, max and count()', async () => {
    const { data, error } = await db.from('agg_orders').select('amount.sum(), amount.avg(), order_date.min(), order_date.max(), count()')
    expect(error).toBeNull()
    expect(data).toEqual(await direct('select sum(amount) as sum, avg(amount) as avg, min(order_date) as min, max(order_date) as max, count(*) as count from agg_orders'))
    expect(data).toEqual([{ sum: 137.5, avg: 27.5, min: '2024-01-01', max: '2024-01-03', count: 5 }])
  })

  it('groups by the other selected columns, with aliases and filters', async () => {
    const { data, error } = await db.from('agg_orders').select('status, total:amount.sum(), orders:count()').gt('amount', 2).order('status')
    expect(error).toBeNull()
    expect(data).toEqual(await direct('select status, sum(amount) as total, count(*) as orders from agg_orders where amount > 2 group by status order by status'))
    expect(data).toEqual([
      { status: 'open', total: 5, orders: 1 },
      { status: 'paid', total: 130.75, orders: 3 },
    ])
  })

  it('casts the input (col::int.sum()) and the result (col.avg()::int)', async () => {
    const { data } = await db.from('agg_orders').select('customer_id, amount::int.sum(), amount.avg()::int, note.count()').order('customer_id')
    expect(data).toEqual(
      await direct('select customer_id, sum(amount::int) as sum, avg(amount)::int as avg, count(note) as count from agg_orders group by customer_id order by customer_id'),
    )
  })

  it('aggregates inside an embedded resource, per parent row', async () => {
    const { data, error } = await db.from('agg_customers').select('name, agg_orders(amount.sum(), count())').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ada', agg_orders: [{ sum: 35.75, count: 3 }] },
      { name: 'Grace', agg_orders: [{ sum: 101.75, count: 2 }] },
      { name: 'Linus', agg_orders: [{ sum: null, count: 0 }] },
    ])
    const grouped = await db.from('agg_customers').select('id, agg_orders(status, count())').eq('id', 1).order('status', { referencedTable: 'agg_orders' })
    expect(grouped.data).toEqual([{ id: 1, agg_orders: [{ status: 'open', count: 1 }, { status: 'paid', count: 2 }] }])
  })

  it('groups by a to-one embed and by the columns of a spread', async () => {
    // ordering by an ungrouped column would be Postgres' 42803, as on the platform: sort here
    const byName = <T>(rows: T[] | null, name: (r: T) => string) => [...(rows ?? [])].sort((a, b) => name(a).localeCompare(name(b)))
    const embedded = await db.from('agg_orders').select('agg_customers(name), amount.sum()')
    expect(embedded.error).toBeNull()
    expect(byName(embedded.data as unknown as { agg_customers: { name: string } }[], (r) => r.agg_customers.name)).toEqual([
      { agg_customers: { name: 'Ada' }, sum: 35.75 },
      { agg_customers: { name: 'Grace' }, sum: 101.75 },
    ])
    const spread = await db.from('agg_orders').select('amount.sum(), ...agg_customers(name)')
    expect(spread.error).toBeNull()
    expect(byName(spread.data as unknown as { name: string }[], (r) => r.name)).toEqual(
      await direct('select sum(o.amount) as sum, c.name from agg_orders o join agg_customers c on c.id = o.customer_id group by c.name order by c.name'),
    )
  })

  it('hoists an aggregate inside a to-one spread to the parent', async () => {
    const { data, error } = await db.from('agg_orders').select('status, ...agg_customers(customers:id.count())').order('status')
    expect(error).toBeNull()
    expect(data).toEqual(await direct('select status, count(c.id) as customers from agg_orders o join agg_customers c on c.id = o.customer_id group by status order by status'))
  })

  it('answers 400 PGRST123 when the authenticator role turns aggregates off', async () => {
    await standIn.db.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'false'; notify pgrst, 'reload config'`)
    let res = await db.from('agg_orders').select('amount.sum()')
    for (let i = 0; i < 50 && res.error === null; i++) {
      await new Promise((r) => setTimeout(r, 20))
      res = await db.from('agg_orders').select('amount.sum()')
    }
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null })
    const embedded = await db.from('agg_customers').select('name, agg_orders(count())')
    expect(embedded.error?.code).toBe('PGRST123')
    // the long-standing rel(count) form is not an aggregate function and keeps working
    const legacy = await db.from('agg_customers').select('name, agg_orders(count)').eq('id', 3)
    expect(legacy.data).toEqual([{ name: 'Linus', agg_orders: [{ count: 0 }] }])
    await standIn.db.exec(`alter role authenticator reset pgrst.db_aggregates_enabled; notify pgrst, 'reload config'`)
  })
})
