/**
 * Throughput and latency of the embedded stand-in's rest/v1 through supabase-js (not a test).
 * Starts an in-memory stand-in on the rest fixture schema and, for each scenario, runs 1 and 20
 * concurrent clients for a fixed time, then the same statements straight on PGlite (the limit).
 * Usage: npx tsx scripts/bench/supabase-local.ts [seconds] [pk,embed,insert] [--no-raw]
 * SUPABASE_LOCAL_DB_THREAD=inline measures the stand-in with PGlite on the main thread.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { startTestStandIn } from '../../supabase/local/testing.ts'
import { runRaw } from './supabase-local-raw.ts'

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const seconds = Number(args[0] ?? 5)
const only = args[1]?.split(',')
const withRaw = !process.argv.includes('--no-raw')
const root = path.resolve(import.meta.dirname, '../..')
const migrationsDir = path.join(root, 'tests/fixtures/supabase-local/migrations')

/**
 * The clients run in a worker thread, as an app server would run in its own process: supabase-js'
 * own CPU cost then does not stall the stand-in's event loop (both still share the machine's cores).
 */
const workerSource = `
const { workerData, parentPort } = require('node:worker_threads')
const { createRequire } = require('node:module')
const req = createRequire(workerData.root + '/package.json')
const { createClient } = req('@supabase/supabase-js')
const WebSocket = req('ws')
const scenarios = {
  pk: (c) => c.from('users').select('username, status').eq('username', 'supabot').single(),
  embed: (c) => c.from('messages').select('id, message, channels(slug)').eq('channel_id', 1).order('id').limit(10),
  insert: (c, i) => c.from('messages').insert({ message: 'bench ' + i, channel_id: 2, username: 'supabot' }),
}
;(async () => {
  const client = createClient(workerData.url, workerData.key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket },
  })
  const run = scenarios[workerData.scenario]
  for (let i = 0; i < 50; i++) await run(client, i)
  const latencies = []
  let counter = 0
  let failure = null
  const end = performance.now() + workerData.seconds * 1000
  const worker = async () => {
    while (performance.now() < end && !failure) {
      const t0 = performance.now()
      const { error } = await run(client, counter++)
      if (error) failure = error
      latencies.push(performance.now() - t0)
    }
  }
  const threadCpuMs = () => {
    try {
      const stat = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100
    } catch {
      return null
    }
  }
  const cpu0 = threadCpuMs()
  const process0 = process.cpuUsage()
  const start = performance.now()
  await Promise.all(Array.from({ length: workerData.concurrency }, worker))
  const cpu1 = threadCpuMs()
  const processUsage = process.cpuUsage(process0)
  const clientCpuMs = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0
  const processCpuMs = (processUsage.user + processUsage.system) / 1000
  parentPort.postMessage({ latencies, elapsed: (performance.now() - start) / 1000, failure, clientCpuMs, processCpuMs })
})()
`

interface WorkerResult {
  latencies: number[]
  elapsed: number
  failure: unknown
  /** CPU of the client thread (supabase-js + fetch) during the measured part */
  clientCpuMs: number | null
  /** CPU of the whole process (every thread) during the measured part */
  processCpuMs: number
}

/**
 * CPU time of the main thread (the stand-in and its PGlite), from /proc: unlike wall time it does
 * not grow when other processes compete for the cores, so it shows what the server itself costs.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

function runWorker(data: Record<string, unknown>): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerSource, { eval: true, workerData: data })
    w.once('message', (m: WorkerResult) => {
      resolve(m)
      void w.terminate()
    })
    w.once('error', reject)
  })
}

const scenarios = (
  [
    ['pk', 'primary-key select'],
    ['embed', 'filtered list + one embed'],
    ['insert', 'insert'],
  ] as const
).filter(([key]) => !only || only.includes(key))

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')
await startTestStandIn({ migrationsDir }).then((s) => s.stop()) // builds the cached snapshot once
const startedAt = performance.now()
const standIn = await startTestStandIn({ migrationsDir })
const startMs = performance.now() - startedAt
const anonClaims = JSON.parse(Buffer.from(standIn.config.anonKey.split('.')[1], 'base64url').toString()) as Record<string, unknown>
try {
  console.log(
    `rest/v1 through supabase-js (clients in a worker thread), ${seconds}s per run, ${os.cpus().length} CPUs, load average ${load()}; ` +
      `database thread: ${process.env.SUPABASE_LOCAL_DB_THREAD ?? 'default'}; startTestStandIn ${startMs.toFixed(0)} ms`,
  )
  const rows = []
  for (const [scenario, name] of scenarios) {
    for (const concurrency of [1, 20]) {
      const cpu0 = mainThreadCpuMs()
      const r = await runWorker({ root, url: standIn.url, key: standIn.config.anonKey, scenario, concurrency, seconds })
      const cpu1 = mainThreadCpuMs()
      if (r.failure) throw new Error(`${name}: ${JSON.stringify(r.failure)}`)
      const sorted = r.latencies.sort((a, b) => a - b)
      rows.push({
        scenario: name,
        clients: concurrency,
        'req/s': Math.round(sorted.length / r.elapsed),
        'p50 ms': +percentile(sorted, 50).toFixed(2),
        'p95 ms': +percentile(sorted, 95).toFixed(2),
        'p99 ms': +percentile(sorted, 99).toFixed(2),
        requests: sorted.length,
        // includes the worker's 50 warm-up calls and start-up; good to a few percent
        'main thread cpu ms/req': cpu0 === null || cpu1 === null ? 'n/a' : +((cpu1 - cpu0) / (sorted.length + 50)).toFixed(3),
        // every thread but the clients' (main + database), measured part only
        'server cpu ms/req': r.clientCpuMs === null ? 'n/a' : +((r.processCpuMs - r.clientCpuMs) / sorted.length).toFixed(3),
        'client cpu ms/req': r.clientCpuMs === null ? 'n/a' : +(r.clientCpuMs / sorted.length).toFixed(3),
      })
    }
  }
  console.table(rows)
  console.log(`load average after: ${load()}`)
} finally {
  await standIn.stop()
}
if (withRaw) {
  console.log(`the limit: the same statements on PGlite in this thread, no HTTP (${seconds}s per run)`)
  console.table(await runRaw(migrationsDir, seconds, anonClaims, only))
  console.log(`load average after: ${load()}`)
}
