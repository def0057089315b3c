/**
 * The admin user list with many users (not a test; it prints numbers). Starts an in-memory stand-in
 * with the app's migrations, adds N users straight in SQL (the app's triggers make their profiles;
 * a share of them anonymous, banned or administrators, with names and sign-in times), then times
 * admin_list_users through supabase-js as an administrator would call it: first, middle and last
 * pages of each sort, searches and filters.
 * Usage: npx tsx scripts/bench/admin-users.ts [users=20000] [runs=5]
 */
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startTestStandIn } from '../../supabase/local/testing.ts'

const users = Number(process.argv[2] ?? 20_000)
const runs = Number(process.argv[3] ?? 5)
const perPage = 50
const root = path.resolve(import.meta.dirname, '../..')

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sofía', 'Lucas', 'Mia', 'Zoë', 'Arjun', 'Yuki']
const LAST = ['Smith', 'García', 'Nguyen', 'Müller', 'Okafor', 'Rossi', 'Kowalski', 'Tanaka', 'Silva', "O'Brien"]

async function main() {
  const standIn = await startTestStandIn({ migrationsDir: path.join(root, 'supabase/migrations'), seedFile: null })
  try {
    const t0 = performance.now()
    await standIn.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at, last_sign_in_at, banned_until, is_anonymous)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         case when i % 20 = 0 then null else 'person' || i || '@bench.test' end, '', now(),
         '{"provider":"email","providers":["email"]}'::jsonb,
         case when i % 20 = 0 then '{}'::jsonb
           else jsonb_build_object('full_name', ($2::text[])[1 + i % 12] || ' ' || ($3::text[])[1 + (i / 12) % 10]) end,
         now() - make_interval(secs => $1 - i), now(),
         case when i % 3 = 0 then null else now() - make_interval(secs => (i * 7919) % 5000000) end,
         case when i % 97 = 0 then now() + interval '7 days' end,
         i % 20 = 0
       from generate_series(1, $1) i`,
      [users, FIRST, LAST],
    )
    await standIn.db.query(`update public.profiles set is_admin = true where email in (select 'person' || i || '@bench.test' from generate_series(7, $1, 500) i)`, [users])
    await standIn.db.query('analyze')
    console.log(`seeded ${users.toLocaleString('en-US')} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const email = 'bench-admin@bench.test'
    const anon = createClient(standIn.url, standIn.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const signUp = await anon.auth.signUp({ email, password: 'bench-password-1' })
    if (signUp.error || !signUp.data.session) throw new Error(`admin sign-up: ${signUp.error?.message ?? 'no session'}`)
    await standIn.db.query('update public.profiles set is_admin = true where email = $1', [email])
    const admin = anon

    const lastPage = Math.ceil((users + 1) / perPage)
    const cases: [string, Record<string, unknown>][] = [
      ['newest, page 1', { p_sort: 'newest', p_page: 1 }],
      [`newest, page ${Math.ceil(lastPage / 2)}`, { p_sort: 'newest', p_page: Math.ceil(lastPage / 2) }],
      [`newest, page ${lastPage} (last)`, { p_sort: 'newest', p_page: lastPage }],
      ['oldest, page 1', { p_sort: 'oldest', p_page: 1 }],
      ['name, page 1', { p_sort: 'name', p_page: 1 }],
      [`name, page ${lastPage} (last)`, { p_sort: 'name', p_page: lastPage }],
      ['email, page 1', { p_sort: 'email', p_page: 1 }],
      ['last sign-in, page 1', { p_sort: 'last_sign_in', p_page: 1 }],
      [`last sign-in, page ${lastPage} (last)`, { p_sort: 'last_sign_in', p_page: lastPage }],
      ['search "smith"', { p_search: 'smith', p_page: 1 }],
      ['search "person1234@"', { p_search: 'person1234@', p_page: 1 }],
      ['search "zo" (2 letters)', { p_search: 'zo', p_page: 1 }],
      ['search "nobody-here"', { p_search: 'nobody-here', p_page: 1 }],
      ['filter admins', { p_filter: 'admins', p_page: 1 }],
      ['filter banned', { p_filter: 'banned', p_page: 1 }],
      ['filter anonymous, page 5', { p_filter: 'anonymous', p_page: 5 }],
      ['filter banned + search "garc"', { p_filter: 'banned', p_search: 'garc', p_page: 1 }],
    ]
    console.log(`\nadmin_list_users through supabase-js, ${perPage} a page, ${runs} runs each (ms)\n`)
    console.log(`${'case'.padEnd(36)} ${'rows'.padStart(5)} ${'total'.padStart(7)} ${'median'.padStart(8)} ${'max'.padStart(8)}`)
    for (const [label, args] of cases) {
      const times: number[] = []
      let shape = { rows: 0, total: 0 }
      for (let i = 0; i < runs + 1; i++) {
        const start = performance.now()
        const { data, error } = await admin.rpc('admin_list_users', { p_per_page: perPage, ...args })
        const ms = performance.now() - start
        if (error) throw new Error(`${label}: ${error.message}`)
        const answer = data as { rows: unknown[]; total: number }
        shape = { rows: answer.rows.length, total: answer.total }
        if (i > 0) times.push(ms) // the first run warms the plan cache
      }
      times.sort((a, b) => a - b)
      const median = times[Math.floor(times.length / 2)]
      console.log(
        `${label.padEnd(36)} ${String(shape.rows).padStart(5)} ${String(shape.total).padStart(7)} ${median.toFixed(1).padStart(8)} ${times[times.length - 1].toFixed(1).padStart(8)}`,
      )
    }
  } finally {
    await standIn.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
