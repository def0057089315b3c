import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalRenderer } from '../../../worker/local-renderer.ts'
import { failureMessage, RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { processNextRun, type Renderer } from '../../../worker/loop.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 12: the worker's whole path against the stand-in: queue → claim → render in the system
// Chromium → storage → succeeded; and what a failure and a cancel leave behind.
const FFPROBE = path.resolve('node_modules/@remotion/compositor-linux-x64-gnu/ffprobe')

describe('the local render worker', () => {
  let cast: Cast
  let listingId: string
  const renderer = new LocalRenderer()
  type Run = { id: string; status: string; stage: string; progress: number; output_path: string | null; poster_path: string | null; output_bytes: number | null; error_message: string | null }

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Kitchen']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 10, reason: 'admin_grant' }).select('id'), 'credits')
  })
  afterAll(async () => {
    await renderer.close()
    await cast?.standIn.stop()
  })

  const queued = async (title: string) => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title, template: 'social-reel', format: 'portrait' })
    const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue') as string
    return { videoId: id, runId }
  }
  const run = async (id: string) => (await behind<Run>(cast, 'render_runs', { id }))[0]
  const balance = async () => must(await cast.service.rpc('team_credit_balance', { p_team_id: cast.teamId }), 'balance') as number

  it('renders a real MP4 (H.264, yuv420p, an audio track) and its poster into the renders bucket', { timeout: 180_000 }, async () => {
    const { videoId, runId } = await queued('Real render')
    const before = await balance()
    const worked = await processNextRun({ db: cast.service, renderer, workerId: 'test', frameRange: [0, 44], scale: 0.25 })
    expect(worked).toBe(true)
    const done = await run(runId)
    expect(done).toMatchObject({ status: 'succeeded', stage: 'Done', progress: 1, error_message: null })
    expect(done.output_path).toMatch(new RegExp(`^${cast.teamId}/renders/${runId}/.+-social-reel-portrait\\.mp4$`))
    expect((await behind<{ status: string; output_path: string }>(cast, 'videos', { id: videoId }))[0]).toMatchObject({ status: 'ready', output_path: done.output_path })
    expect(await balance()).toBe(before)

    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'probe-')), 'out.mp4')
    const { data } = await cast.service.storage.from(RENDERS_BUCKET).download(done.output_path!)
    writeFileSync(file, Buffer.from(await data!.arrayBuffer()))
    expect(done.output_bytes).toBe((await data!.arrayBuffer()).byteLength)
    const probe = JSON.parse(execFileSync(FFPROBE, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], { encoding: 'utf8' }))
    const videoStream = probe.streams.find((s: { codec_type: string }) => s.codec_type === 'video')
    const audioStream = probe.streams.find((s: { codec_type: string }) => s.codec_type === 'audio')
    expect([videoStream.codec_name, videoStream.pix_fmt, videoStream.width, videoStream.height]).toEqual(['h264', 'yuv420p', 270, 480])
    expect(audioStream?.codec_name).toBe('aac')
    expect(Number(probe.format.duration)).toBeCloseTo(1.5, 0)
    const poster = await cast.service.storage.from(RENDERS_BUCKET).download(done.poster_path!)
    expect(poster.data?.type).toBe('image/jpeg')
    // and the poster at the share pages' widths beside it, stored now (no resize per page view)
    for (const width of [320, 480, 720]) {
      const web = await cast.service.storage.from(RENDERS_BUCKET).download(done.poster_path!.replace(/poster\.jpg$/, `poster-${width}.webp`))
      expect(web.data?.type, `${width}px poster`).toBe('image/webp')
    }

    // the team reads its render through the bucket's policy; another team does not
    expect((await cast.member.client.storage.from(RENDERS_BUCKET).createSignedUrl(done.output_path!, 60)).error).toBeNull()
    expect((await cast.outsider.client.storage.from(RENDERS_BUCKET).createSignedUrl(done.output_path!, 60)).error).not.toBeNull()
  })

  it('fails a run with a message a person understands, refunds it, and goes on', async () => {
    const { runId } = await queued('Fails')
    const before = await balance()
    const broken: Renderer = { render: async () => { throw new Error('Error loading image with src: http://x/y.jpg (404)') } }
    expect(await processNextRun({ db: cast.service, renderer: broken, workerId: 'test' })).toBe(true)
    expect(await run(runId)).toMatchObject({ status: 'failed', error_message: failureMessage(new Error('404')) })
    expect(await balance()).toBe(before + 1)
    expect(await processNextRun({ db: cast.service, renderer: broken, workerId: 'test' })).toBe(false)
  })

  it('stops rendering when the run is canceled, and keeps nothing', async () => {
    const { runId } = await queued('Canceled')
    let aborted = false
    const slow: Renderer = {
      render: (_job, onProgress, signal) =>
        new Promise((resolve, reject) => {
          const tick = setInterval(() => onProgress({ stage: 'Rendering frames', progress: 0.1, renderedFrames: 3, encodedFrames: 0 }), 300)
          signal.addEventListener('abort', () => {
            aborted = true
            clearInterval(tick)
            reject(new Error('canceled'))
          })
          setTimeout(() => {
            clearInterval(tick)
            resolve({ durationInFrames: 30, fps: 30 })
          }, 8_000)
        }),
    }
    const working = processNextRun({ db: cast.service, renderer: slow, workerId: 'test' })
    await new Promise((r) => setTimeout(r, 500))
    expect((await cast.member.client.rpc('cancel_render', { p_run_id: runId })).error).toBeNull()
    await working
    expect(aborted).toBe(true)
    expect(await run(runId)).toMatchObject({ status: 'canceled', output_path: null })
  })

  it('a worker that stops puts the run in hand back in the queue, and the next worker picks it up', async () => {
    const { runId } = await queued('Interrupted')
    const before = await balance()
    const shutdown = new AbortController()
    const slow: Renderer = {
      render: (_job, _onProgress, signal) =>
        new Promise((_resolve, reject) => {
          if (signal.aborted) reject(new Error('stopped'))
          signal.addEventListener('abort', () => reject(new Error('stopped')))
        }),
    }
    const working = processNextRun({ db: cast.service, renderer: slow, workerId: 'stopping', shutdown: shutdown.signal })
    await new Promise((r) => setTimeout(r, 300))
    shutdown.abort()
    await working
    expect(await run(runId)).toMatchObject({ status: 'queued', stage: 'Waiting for a renderer' })
    expect(await balance()).toBe(before)
    const quick: Renderer = { render: async () => { throw new Error('Error loading image (404)') } }
    expect(await processNextRun({ db: cast.service, renderer: quick, workerId: 'next' })).toBe(true)
    expect((await run(runId)).status).toBe('failed')
  })
})
