// Click → playable file through the real path (a benchmark, not a test): an in-memory stand-in with
// the demo listing, a video drafted as the app drafts it, queue_render as the member, then the
// worker's own loop body with the system Chromium. Prints the time to claim, render speed, the
// file, and click → succeeded wall time.
//   npm run bench:render-queue                         the demo listing, social-reel portrait (1080×1920)
//   npm run bench:render-queue -- --template classic-tour --format landscape
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import path from 'node:path'
import type { Database } from '../../lib/database.types'
import { LocalRenderer } from '../../lib/render/local-renderer'
import { processNextRun } from '../../lib/render/worker'
import { createVideo } from '../../lib/videos/writes'
import { timelineFor, type TemplateId } from '../../remotion/catalog'
import type { VideoFormat } from '../../remotion/constants'
import type { VideoProps } from '../../remotion/schema'
import { startTestStandIn } from '../../supabase/local/testing'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../demo-listing'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const template = arg('--template', 'social-reel') as TemplateId
const format = arg('--format', 'portrait') as VideoFormat
const root = path.resolve(import.meta.dirname, '..', '..')

function client(url: string, key: string): SupabaseClient<Database> {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

async function main() {
  const standIn = await startTestStandIn({ migrationsDir: path.join(root, 'supabase/migrations'), seedFile: path.join(root, 'supabase/seed.sql') })
  const renderer = new LocalRenderer()
  try {
    const service = client(standIn.url, standIn.config.serviceRoleKey)
    await seedDemoListing(standIn.url, standIn.config.serviceRoleKey)
    const member = client(standIn.url, standIn.config.anonKey)
    const { data: session, error } = await member.auth.signInWithPassword({ email: 'member@demo.test', password: 'demo-password-1' })
    if (error || !session.user) throw new Error(`sign-in failed: ${error?.message}`)
    const t0 = performance.now()
    await renderer.ready()
    console.log(`worker ready (bundle + Chromium): ${Math.round(performance.now() - t0)} ms`)

    const { id } = await createVideo(member as never, session.user.id, DEMO_TEAM_ID, DEMO_LISTING_ID, { title: 'Benchmark', template, format })
    const { data: video } = await service.from('videos').select('version, props').eq('id', id).single()
    const frames = timelineFor(template, video!.props as unknown as VideoProps).durationInFrames
    const click = performance.now()
    const { data: runId, error: queueError } = await member.rpc('queue_render', { p_video_id: id, p_expected_version: video!.version, p_codec: 'h264', p_total_frames: frames })
    if (queueError) throw new Error(queueError.message)
    const queued = performance.now()
    const mem0 = process.memoryUsage().rss
    await processNextRun({ db: service, renderer, workerId: 'bench', log: () => {} })
    const done = performance.now()
    const { data: run } = await service.from('render_runs').select('status, output_bytes, duration_s, started_at, finished_at, error_message').eq('id', runId as string).single()
    if (run?.status !== 'succeeded') throw new Error(`run ${run?.status}: ${run?.error_message}`)
    const renderSeconds = (new Date(run.finished_at!).getTime() - new Date(run.started_at!).getTime()) / 1000
    console.log(`${template}-${format}: ${frames} frames (${run.duration_s?.toFixed(1)} s of video)`)
    console.log(`  queue_render (credit + run): ${Math.round(queued - click)} ms`)
    console.log(`  claim → succeeded: ${renderSeconds.toFixed(1)} s, ${(frames / renderSeconds).toFixed(1)} fps (render, encode, poster, upload)`)
    console.log(`  file: ${((run.output_bytes ?? 0) / 1e6).toFixed(1)} MB`)
    console.log(`  click → playable file: ${((done - click) / 1000).toFixed(1)} s (worker already warm)`)
    console.log(`  worker process RSS: ${(mem0 / 1e6).toFixed(0)} → ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB (Chromium's own memory not included)`)
  } finally {
    await renderer.close()
    await standIn.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
