// Lighthouse scores of the public pages (a measurement, not a test): the mobile profile (Lighthouse's
// default: a mid-range phone on a slow 4G link, 4× CPU slowdown), performance and accessibility, on
// `/`, a share page and `/showcase`, against the production build of the e2e stack (started unless
// one is up). For the share page it renders one video of the demo listing through the stack's own
// worker, shares it and puts it in the showcase. Target: ≥ 95 on both, on every page.
//   npm run lighthouse
//   npm run lighthouse -- --runs 3        the median of three runs per page
//   npm run lighthouse -- --detail        also each run's five metrics with their scores (what a score lost)
//   npm run lighthouse -- --only /share   only the pages whose path starts so
//   npm run lighthouse -- --services      also `/` with PostHog and Sentry configured (a second `next start`
//                                         of the same build, pointed at local receivers: docs/observability.md)
import { createClient } from '@supabase/supabase-js'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { serverRealtimeOptions } from '../lib/supabase/realtime-transport.ts'
import { browserExecutable } from '../worker/remotion-local.ts'
import { createVideo } from '../lib/videos/writes.ts'
import { timelineFor } from '../remotion/catalog.ts'
import type { VideoProps } from '../remotion/schema.ts'
import { CLI_ANON_KEY, CLI_SERVICE_ROLE_KEY } from '../supabase/local/config.ts'
import { DEMO, DEMO_PASSWORD, appUrl, standInUrl } from '../tests/e2e/env.ts'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from './demo-listing.ts'
import { startConfiguredApp } from './lib/configured-app.ts'
import { startStack, stopStack } from './lib/e2e-stack.ts'
import { median } from './lib/stats.ts'

const args = process.argv.slice(2)
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 1)
const withServices = args.includes('--services')
const detail = args.includes('--detail')
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'] as const

/** A rendered, shared, showcased video of the demo listing: its share id. */
async function sharedVideo(): Promise<string> {
  const service = createClient(standInUrl, CLI_SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: serverRealtimeOptions })
  const { data: existing } = await service.from('videos').select('share_id').eq('is_shared', true).eq('showcase', 'approved').not('output_path', 'is', null).limit(1)
  if (existing?.[0]) return existing[0].share_id as string
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  const member = createClient(standInUrl, CLI_ANON_KEY, { auth: { persistSession: false }, realtime: serverRealtimeOptions })
  const { data: session, error } = await member.auth.signInWithPassword({ email: DEMO.member, password: DEMO_PASSWORD })
  if (error || !session.user) throw new Error(`sign-in failed: ${error?.message}`)
  const { id } = await createVideo(member as never, session.user.id, DEMO_TEAM_ID, DEMO_LISTING_ID, { title: 'Hillside home tour', template: 'social-reel', format: 'portrait' })
  const { data: video } = await service.from('videos').select('version, props, share_id').eq('id', id).single()
  const frames = timelineFor('social-reel', video!.props as unknown as VideoProps).durationInFrames
  const queued = await member.rpc('queue_render', { p_video_id: id, p_expected_version: video!.version, p_codec: 'h264', p_total_frames: frames })
  if (queued.error) throw new Error(queued.error.message)
  for (let i = 0; ; i++) {
    const { data: run } = await service.from('render_runs').select('status, error_message').eq('id', queued.data as string).single()
    if (run?.status === 'succeeded') break
    if (run?.status === 'failed' || i > 300) throw new Error(`the render did not finish: ${run?.status} ${run?.error_message ?? ''}`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const shared = await member.rpc('set_video_shared', { p_video_id: id, p_shared: true })
  if (shared.error) throw new Error(shared.error.message)
  await service.from('videos').update({ showcase: 'approved' }).eq('id', id)
  return video!.share_id as string
}

/** Lighthouse on one page (the median of `runs`), printed as one line. */
async function measure(port: number, base: string, page: string, shown: string) {
  const scores: { performance: number[]; accessibility: number[]; lcp: number[]; tbt: number[]; benchmark: number[] } = { performance: [], accessibility: [], lcp: [], tbt: [], benchmark: [] }
  for (let i = 0; i < runs; i++) {
    // a run Lighthouse could not record (NO_NAVSTART, NO_FCP…: "Please run Lighthouse again") has no
    // score: it is said and run again, up to twice, rather than counted as 0
    let lhr!: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await lighthouse(`${base}${page}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
      if (!result?.lhr) throw new Error(`no result for ${page}`)
      lhr = result.lhr
      if (!lhr.runtimeError && lhr.categories.performance.score !== null) break
      console.log(`  ${page} run ${i + 1}: not recorded — ${lhr.runtimeError?.code ?? 'no score'} ${lhr.runtimeError?.message ?? ''}`.trimEnd())
    }
    scores.performance.push(Math.round((lhr.categories.performance.score ?? 0) * 100))
    scores.accessibility.push(Math.round((lhr.categories.accessibility.score ?? 0) * 100))
    scores.lcp.push(lhr.audits['largest-contentful-paint'].numericValue ?? 0)
    scores.tbt.push(lhr.audits['total-blocking-time'].numericValue ?? 0)
    scores.benchmark.push(lhr.environment.benchmarkIndex)
    if (detail) {
      const parts = METRICS.map((id) => `${id.replace(/-/g, ' ').replace(/\b(\w)\w*/g, '$1').toUpperCase()} ${lhr.audits[id].displayValue} (${Math.round((lhr.audits[id].score ?? 0) * 100)})`)
      console.log(`  ${page} run ${i + 1}: ${Math.round((lhr.categories.performance.score ?? 0) * 100)} — ${parts.join(', ')}`)
    }
    if (i === runs - 1) {
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      for (const audit of failing) console.log(`    accessibility: ${audit.id} — ${audit.title}`)
    }
  }
  console.log(
    `${shown.padEnd(12)} performance ${median(scores.performance)}  accessibility ${median(scores.accessibility)}  ` +
      `LCP ${(median(scores.lcp) / 1000).toFixed(2)} s  TBT ${Math.round(median(scores.tbt))} ms  ` +
      `(each run: ${scores.performance.join(', ')}; benchmark index ${scores.benchmark.map(Math.round).join(', ')})`,
  )
}

/** `/` on a second `next start` of the same build with PostHog and Sentry configured, against local receivers. */
async function measureWithServices(port: number) {
  const { startPostHogReceiver, startSentryReceiver } = await import('../tests/helpers/observability-receivers.ts')
  // the same headline as the unconfigured page, so the numbers compare like with like
  const posthog = await startPostHogReceiver({ flags: { 'landing-headline': 'control' } })
  const sentry = await startSentryReceiver()
  const app = await startConfiguredApp({ port: Number(process.env.E2E_CONFIGURED_PORT ?? 3112), env: { POSTHOG_KEY: 'phc_lighthouse_services', POSTHOG_HOST: posthog.url, SENTRY_DSN: sentry.dsn } })
  try {
    await measure(port, app.url, '/', '/ (services)')
  } finally {
    await app.stop()
    await posthog.close()
    await sentry.close()
  }
}

async function main() {
  const stack = await startStack()
  const chrome = await chromeLauncher.launch({ chromePath: browserExecutable, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    const shareId = await sharedVideo()
    const pages = ['/', `/share/${shareId}`, '/showcase']
    console.log(`Lighthouse ${runs === 1 ? '' : `(median of ${runs} runs) `}mobile profile, ${appUrl}`)
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null
    for (const page of pages.filter((p) => !only || p.startsWith(only))) await measure(chrome.port, appUrl, page, page.startsWith('/share/') ? '/share/{id}' : page)
    if (withServices) await measureWithServices(chrome.port)
  } finally {
    chrome.kill()
    stopStack(stack)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
