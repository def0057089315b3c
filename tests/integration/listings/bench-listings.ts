// Measures the listings page queries with 5,000 listings in one team (numbers for docs/listings.md).
// Run: npx tsx tests/integration/listings/bench-listings.ts (not a test: timings depend on the machine).
import path from 'node:path'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import { fetchListings } from '../../../lib/listings/reads.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'
import type { Db } from '../../../lib/listings/refusal.ts'

const standIn = await startTestStandIn({ migrationsDir: path.resolve('supabase/migrations'), seedFile: null })
const { client } = await signedInClient(standIn)
const { data: teamId } = await client.rpc('create_team', { p_name: 'Bench Realty' })
const service = clientFor(standIn, 'service_role')
const cities = ['Sydney', 'Perth', 'Adelaide', 'Hobart', 'Darwin', 'Brisbane']
for (let b = 0; b < 5; b++) {
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const n = b * 1000 + i
    return { team_id: teamId, title: `Home number ${n}`, address_line: `${n} Long Street`, city: cities[n % 6], country: 'AU', currency: 'AUD', price: 100000 + n * 37 % 900000, status: n % 10 === 0 ? 'archived' : 'active' }
  })
  const { error } = await service.from('listings').insert(rows)
  if (error) throw error
}
const db = client as unknown as Db
const cases = [
  ['first page, newest', {}],
  ['page 120, newest', { page: 120, status: 'all' }],
  ['search "perth"', { q: 'perth' }],
  ['search "number 4321"', { q: 'number 4321' }],
  ['price high, archived', { sort: 'price_high', status: 'archived' }],
] as const
for (const [label, filter] of cases) {
  await fetchListings(db, teamId, filter)
  const times: number[] = []
  let total = 0
  for (let i = 0; i < 10; i++) {
    const t = performance.now()
    total = (await fetchListings(db, teamId, filter)).total
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  console.log(`${label}: total ${total}, median ${times[5].toFixed(1)} ms, max ${times[9].toFixed(1)} ms`)
}
await standIn.stop()
