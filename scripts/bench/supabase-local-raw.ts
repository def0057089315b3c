/**
 * The limit for scripts/bench/supabase-local.ts: the statements rest/v1 sends for its scenarios, run
 * straight on a PGlite opened in this thread from the same migrated snapshot (no HTTP, no JSON, no
 * worker). "scoped tx" is a request's database work the long way (begin, the set_config statement,
 * the bound query, commit); "one message" is what the stand-in sends now (`scopedQuery`: set_config
 * and the statement as one simple-protocol message); "bare query" is the query alone, bound.
 */
import { scopedQuery } from '../../supabase/local/db-oneshot.ts'
import { openPGlite, withScope, type RequestScope } from '../../supabase/local/db.ts'
import { migratedSnapshot } from '../../supabase/local/testing.ts'

/** The SQL rest/v1 generated for the bench's scenarios (captured from the stand-in). */
export const RAW_STATEMENTS: Record<string, { sql: string; params: (i: number) => unknown[] }> = {
  pk: {
    sql: `select null::int as total, count(*)::int as page_total, (json_agg(_r)->0)::text as body, nullif(current_setting('response.headers', true), '') as resp_headers, nullif(current_setting('response.status', true), '') as resp_status from (select "_0"."username" as "username", "_0"."status" as "status" from "public"."users" as "_0"  where "_0"."username" = $1 limit $2) _r`,
    params: () => ['supabot', 1000],
  },
  embed: {
    sql: `select null::int as total, count(*)::int as page_total, coalesce(json_agg(_r), '[]')::text as body, nullif(current_setting('response.headers', true), '') as resp_headers, nullif(current_setting('response.status', true), '') as resp_status from (select "_0"."id" as "id", "_0"."message" as "message", "_l1".j as "channels" from "public"."messages" as "_0" left join lateral (select row_to_json(_e) as j from (select "_1"."slug" as "slug" from "public"."channels" as "_1"  where "_1"."id" = "_0"."channel_id" limit 1) _e) as "_l1" on true where "_0"."channel_id" = $1 order by "_0"."id" asc limit $2) _r`,
    params: () => ['1', 10],
  },
  insert: {
    sql: `with pgrst_source as (insert into "public"."messages" as "_t" ("message", "channel_id", "username") select "message", "channel_id", "username" from json_populate_recordset(null::"public"."messages", $1::json) _b returning 1) select null::int as total, count(*)::int as page_total, null::text as body, nullif(current_setting('response.headers', true), '') as resp_headers, nullif(current_setting('response.status', true), '') as resp_status from pgrst_source`,
    params: (i) => [JSON.stringify([{ message: `raw ${i}`, channel_id: 2, username: 'supabot' }])],
  },
}

export interface RawRow {
  scenario: string
  mode: string
  clients: number
  'req/s': number
  'p50 ms': number
  'p95 ms': number
  'p99 ms': number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export async function runRaw(migrationsDir: string, seconds: number, claims: Record<string, unknown>, only?: string[]): Promise<RawRow[]> {
  const { blob, extensions } = await migratedSnapshot({ migrationsDir })
  const db = await openPGlite({ dataDir: null, snapshot: blob, extensions })
  const rows: RawRow[] = []
  try {
    for (const [scenario, stmt] of Object.entries(RAW_STATEMENTS)) {
      if (only && !only.includes(scenario)) continue
      const write = scenario === 'insert'
      const scope: RequestScope = {
        role: 'anon',
        claims,
        method: write ? 'POST' : 'GET',
        path: '/x',
        headers: { accept: 'application/json', apikey: 'x', authorization: 'Bearer x' },
        settings: write ? undefined : { transaction_read_only: 'on' },
      }
      const modes: [string, (i: number) => Promise<unknown>][] = [
        ['scoped tx', (i) => withScope(db, scope, (tx) => tx.query(stmt.sql, stmt.params(i)))],
        ['one message', (i) => scopedQuery(db, scope, stmt.sql, stmt.params(i))],
        ['bare query', (i) => db.query(stmt.sql, stmt.params(i))],
      ]
      for (const [mode, call] of modes) {
        for (const clients of [1, 20]) {
          let counter = 0
          for (let i = 0; i < 50; i++) await call(counter++)
          const latencies: number[] = []
          const end = performance.now() + seconds * 1000
          const start = performance.now()
          await Promise.all(
            Array.from({ length: clients }, async () => {
              while (performance.now() < end) {
                const t0 = performance.now()
                await call(counter++)
                latencies.push(performance.now() - t0)
              }
            }),
          )
          const elapsed = (performance.now() - start) / 1000
          const sorted = latencies.sort((a, b) => a - b)
          rows.push({
            scenario,
            mode,
            clients,
            'req/s': Math.round(sorted.length / elapsed),
            'p50 ms': +percentile(sorted, 50).toFixed(2),
            'p95 ms': +percentile(sorted, 95).toFixed(2),
            'p99 ms': +percentile(sorted, 99).toFixed(2),
          })
        }
      }
    }
  } finally {
    await db.close()
  }
  return rows
}
