// The local render worker: claims queued runs and renders them in the system Chromium, one at a
// time (worker/loop.ts), and, with Lambda configured, finishes the Lambda runs that succeeded
// (worker/lambda-finish.ts). `npm run dev` starts it beside the stand-in and Next; on a production
// box run `npm run worker` with NEXT_PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set.
import { existsSync } from 'node:fs'
import os from 'node:os'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { analyticsConfig } from '../lib/analytics/config'
import type { Database } from '../lib/database.types'
import { lambdaConfig, serverEnv } from '../lib/env'
import { startWorkerMonitoring, type WorkerMonitoring } from '../lib/monitoring/worker'
import { renderOutcomeReporter } from '../lib/observability/render-outcomes'
import { FallbackRenderer } from '../worker/fallback-renderer'
import { browserExecutable } from '../worker/remotion-local'
import { processNextRun, recoverStaleRuns } from '../worker/loop'
import { workerSettings } from '../worker/config'
import { purgeStaleImports } from '../lib/listings/import/purge'
import { purgeExpiredTrials } from '../lib/trials/purge'
import { remotionLambda } from '../lib/render/lambda-client'
import { finishLambdaRuns } from '../worker/lambda-finish'
import { renderAheadOnce } from '../worker/segments/ahead'
import { SegmentStore } from '../worker/segments/store'

const IDLE_MS = 1_000
// test rigs render smaller and shorter (RENDER_SCALE=0.25, RENDER_MAX_FRAMES=330 in the e2e stack): a
// factor on each run's own size (worker/config.ts); production renders every run at its size
const { scale, maxFrames, renderPath, cache, ahead } = workerSettings(process.env)
const RECOVER_EVERY_MS = 30_000
// expired trials (7 days) and their files, and orphaned trial files (a deleted project's), go once an hour
const PURGE_EVERY_MS = 3_600_000
// an idle worker looks for a video to render ahead this often (worker/segments/ahead.ts)
const AHEAD_EVERY_MS = 5_000

// Sentry when SENTRY_DSN is set (failed runs with their id, and the worker's own failures)
let monitoring: WorkerMonitoring | null = null

async function main() {
  monitoring = await startWorkerMonitoring()
  const analytics = analyticsConfig()
  if (!existsSync(browserExecutable)) {
    throw new Error(`No Chromium at ${browserExecutable}: install it with \`bash scripts/ensure-chromium.sh\` (Debian's chromium) or set REMOTION_CHROMIUM. Renders stay queued until a worker runs.`)
  }
  const env = serverEnv()
  if (!env.SUPABASE_SERVICE_ROLE_KEY) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set')
  const db = createClient<Database>(env.NEXT_PUBLIC_SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  const renderer = new FallbackRenderer({ web: renderPath === 'web', log: console.log })
  const segments = cache ? new SegmentStore(db) : null
  const onOutcome = renderOutcomeReporter({ db, monitoring, analytics })
  const reporting = [monitoring ? 'failures to Sentry' : null, analytics ? 'render events to PostHog' : null].filter(Boolean)
  if (reporting.length) console.log(`[worker] reporting ${reporting.join(' and ')}`)
  const workerId = `${os.hostname()}-${process.pid}`
  // with Lambda configured, the worker also finishes the Lambda runs that succeeded: the copy into
  // the renders bucket, the master step and the poster need ffmpeg, which the app never runs
  const lambdaSettings = lambdaConfig()
  const lambda = lambdaSettings ? remotionLambda(lambdaSettings) : null
  if (lambda) console.log('[worker] finishing Lambda renders too (copy, master, poster)')
  let stopping = false
  const shutdown = new AbortController()
  const stop = () => {
    stopping = true
    // a render in hand stops and goes back to the queue, so Ctrl-C does not wait for it
    shutdown.abort()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const started = performance.now()
  const path = await renderer.ready()
  console.log(
    `[worker] ${workerId} ready in ${Math.round(performance.now() - started)} ms: ` +
      (path.path === 'web' ? 'H.264 renders in the browser (HTML-in-canvas, 2 tabs), other codecs with renderMedia' : `every render with renderMedia (${path.reason})`),
  )
  let lastRecover = 0
  let lastPurge = 0
  let lastAhead = 0
  while (!stopping) {
    try {
      if (Date.now() - lastRecover > RECOVER_EVERY_MS) {
        lastRecover = Date.now()
        const recovered = await recoverStaleRuns(db)
        if (recovered.requeued || recovered.failed) console.log(`[worker] recovered runs: ${recovered.requeued} requeued, ${recovered.failed} failed`)
      }
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now()
        const purged = await purgeExpiredTrials(db)
        if (purged.files) console.log(`[worker] purged expired and orphaned trial files: ${purged.files}`)
        const imports = await purgeStaleImports(db)
        if (imports.files) console.log(`[worker] purged imported photos never saved with a listing: ${imports.files}`)
        const cached = segments ? await segments.purge() : null
        if (cached?.files) console.log(`[worker] removed cached segments (expired, over a team's share, or of deleted videos): ${cached.files}`)
      }
      const copied = lambda ? await finishLambdaRuns(db, lambda, workerId, console.log) : 0
      const worked = await processNextRun({ db, renderer, workerId, scale, maxFrames, log: console.log, shutdown: shutdown.signal, onOutcome, segments })
      const web = renderer.webPath()
      if (!worked && !copied && ahead && segments && web && Date.now() - lastAhead > AHEAD_EVERY_MS) {
        lastAhead = Date.now()
        const done = await renderAheadOnce({ db, renderer: web, store: segments, scale, maxFrames, log: console.log, shutdown: shutdown.signal })
        if (done) continue
      }
      if (!worked && !copied) await new Promise((r) => setTimeout(r, IDLE_MS))
    } catch (error) {
      console.error('[worker]', error instanceof Error ? error.message : error)
      monitoring?.reportError(error, { area: 'worker-loop' })
      await new Promise((r) => setTimeout(r, IDLE_MS * 5))
    }
  }
  await renderer.close()
  await monitoring?.flush()
  console.log('[worker] stopped')
}

main().catch(async (error) => {
  console.error(`[worker] ${error instanceof Error ? error.message : error}`)
  monitoring?.reportError(error, { area: 'worker-start' })
  await monitoring?.flush()
  process.exit(1)
})
