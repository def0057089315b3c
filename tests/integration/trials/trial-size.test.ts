import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { probe } from '../../../worker/ffmpeg.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { workerSettings } from '../../../worker/config.ts'
import { mediaRef } from '../../../lib/videos/media-refs.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { admitVisitor } from './admit.ts'
import { assembleCast, behind, must, type Cast } from '../app/cast.ts'

// Issue 26 item 2: trial renders came out full HD although every page promises 720p — the worker
// script always passed its RENDER_SCALE (1 in production) and that replaced the run's own size. The
// worker is built here exactly as scripts/render-worker.ts builds it (workerSettings from the
// environment), and the MP4 the visitor gets is measured with ffprobe.

describe('the trial MP4 is 720p through the real worker', () => {
  let cast: Cast
  const renderer = new FallbackRenderer()
  const photo = readFileSync(path.resolve('public/remotion/samples/living-room.jpg'))

  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(async () => {
    await renderer.close()
    await cast?.standIn.stop()
  })

  async function renderTrial(env: Record<string, string>, format: 'portrait' | 'landscape') {
    const client = clientFor(cast.standIn)
    const { user } = must(await client.auth.signInAnonymously(), 'anonymous sign-in')
    await admitVisitor(cast.standIn, user!.id)
    const photos: string[] = []
    for (const name of ['front.jpg', 'kitchen.jpg']) {
      const p = `trials/${user!.id}/photos/${crypto.randomUUID()}/${name}`
      must(await client.storage.from('media').upload(p, photo, { contentType: 'image/jpeg' }), 'upload')
      photos.push(p)
    }
    const props: VideoProps = {
      listing: { address: { line: '14 Harbour View Rd', city: 'Sydney', country: 'AU' }, offer: 'sale', propertyType: 'house' },
      scenes: photos.map((p, i) => ({ id: `scene-${i + 1}`, src: mediaRef(p) })),
      fps: 30,
    }
    const { id } = must(
      await client.from('trial_projects').insert({ property: { address: 'x' }, photos, template: 'classic-tour', format, props: props as never }).select('id').single(),
      'project',
    ) as { id: string }
    const runId = must(await client.rpc('queue_trial_render', { p_project_id: id, p_total_frames: timelineFor('classic-tour', props).durationInFrames }), 'queue') as string
    for (const other of await behind<{ id: string }>(cast, 'render_runs', { status: 'queued' })) {
      if (other.id !== runId) await cast.service.rpc('fail_render_run', { p_run_id: other.id, p_message: 'cleared' })
    }
    const { scale, maxFrames } = workerSettings(env)
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'trial-size', scale, maxFrames })).toBe(true)
    const done = (await behind<{ status: string; output_path: string; width: number; height: number }>(cast, 'render_runs', { id: runId }))[0]
    expect(done.status).toBe('succeeded')
    const signed = must(await client.storage.from(RENDERS_BUCKET).createSignedUrl(done.output_path, 60), 'own render') as { signedUrl: string }
    const file = path.join(os.tmpdir(), `${runId}.mp4`)
    await writeFile(file, Buffer.from(await (await fetch(signed.signedUrl)).arrayBuffer()))
    const video = (await probe(file)).streams.find((s) => s.codec_type === 'video')
    return { snapshot: [done.width, done.height], probed: [video?.width, video?.height] }
  }

  it('renders a landscape trial at 1280×720 with the production worker settings (RENDER_SCALE unset)', { timeout: 400_000 }, async () => {
    const { snapshot, probed } = await renderTrial({ RENDER_MAX_FRAMES: '15' }, 'landscape')
    expect(snapshot).toEqual([1280, 720])
    expect(probed).toEqual([1280, 720])
  })

  it('applies a test rig’s RENDER_SCALE on top of the 720p size, not instead of it', { timeout: 180_000 }, async () => {
    const { probed } = await renderTrial({ RENDER_SCALE: '0.5', RENDER_MAX_FRAMES: '15' }, 'portrait')
    expect(probed).toEqual([360, 640])
  })

  it('refuses worker settings out of range, as the script did', () => {
    expect(() => workerSettings({ RENDER_SCALE: '2' })).toThrow('RENDER_SCALE must be a number in (0, 1]')
    expect(() => workerSettings({ RENDER_MAX_FRAMES: '1.5' })).toThrow('RENDER_MAX_FRAMES must be a positive integer')
    expect(workerSettings({})).toEqual({ scale: 1, maxFrames: undefined, renderPath: 'web', cache: true, ahead: true })
  })
})
