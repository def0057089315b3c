import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { probe } from '../../../worker/ffmpeg.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { purgeExpiredTrials } from '../../../lib/trials/purge.ts'
import { mediaRef } from '../../../lib/videos/media-refs.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { admitVisitor } from './admit.ts'
import { assembleCast, behind, must, type Cast } from '../app/cast.ts'

// Issue 13: the try flow's data. A visitor signed in anonymously owns their trial projects and photos
// (trials/{user}/ in the buckets), gets one watermarked 720p render, and expired trials are purged.

interface Visitor { client: SupabaseClient; id: string }

describe('trial projects and the trial render', () => {
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

  const visitor = async (): Promise<Visitor> => {
    const client = clientFor(cast.standIn)
    const { user } = must(await client.auth.signInAnonymously(), 'anonymous sign-in')
    await admitVisitor(cast.standIn, user!.id)
    return { client, id: user!.id }
  }
  const upload = async (who: Visitor, name = 'front.jpg') => {
    const photoPath = `trials/${who.id}/photos/${crypto.randomUUID()}/${name}`
    must(await who.client.storage.from('media').upload(photoPath, photo, { contentType: 'image/jpeg' }), 'upload')
    return photoPath
  }
  const propsFor = (photos: string[]): VideoProps => ({
    listing: { address: { line: '14 Harbour View Rd', city: 'Sydney', country: 'AU' }, offer: 'sale', propertyType: 'house', price: { amount: 1_450_000, currency: 'AUD' } },
    scenes: photos.map((p, i) => ({ id: `scene-${i + 1}`, src: mediaRef(p), caption: `Room ${i + 1}` })),
    fps: 30,
  })
  const project = async (who: Visitor, props: VideoProps | null, photos: string[]) =>
    (must(
      await who.client.from('trial_projects').insert({ property: { address: 'x' }, photos, template: 'social-reel', format: 'portrait', props: props as never }).select('id').single(),
      'project',
    ) as { id: string }).id

  it('keeps each visitor to their own projects, photos and folder', async () => {
    const a = await visitor()
    const b = await visitor()
    const mine = await upload(a)
    const id = await project(a, propsFor([mine]), [mine])
    expect(must(await a.client.from('trial_projects').select('id'), 'own')).toEqual([{ id }])
    expect(must(await b.client.from('trial_projects').select('id'), 'other')).toEqual([])
    // another visitor's folder, a photo path or a media reference outside one's own folder: refused
    expect((await b.client.storage.from('media').upload(`trials/${a.id}/photos/x/evil.jpg`, photo, { contentType: 'image/jpeg' })).error).not.toBeNull()
    expect((await b.client.storage.from('media').createSignedUrl(mine, 60)).error).not.toBeNull()
    expect((await b.client.from('trial_projects').insert({ photos: [mine] }).select('id')).error?.message).toMatch(/trial_projects_photos_within/)
    expect((await b.client.from('trial_projects').insert({ props: propsFor([mine]) as never }).select('id')).error?.message).toMatch(/trial_projects_refs_within/)
    // and a team's media cannot be reached from a trial either
    expect((await a.client.from('trial_projects').insert({ props: propsFor([`${cast.teamId}/listings/x/y.jpg`]) as never }).select('id')).error?.message).toMatch(/trial_projects_refs_within/)
  })

  it('gives one trial render: 720p, watermarked, H.264; a failed one does not count', async () => {
    const a = await visitor()
    const photos = [await upload(a), await upload(a, 'kitchen.jpg')]
    const empty = await project(a, null, photos)
    expect((await a.client.rpc('queue_trial_render', { p_project_id: empty, p_total_frames: 300 })).error?.message).toBe('Choose a template and a format first.')
    const props = propsFor(photos)
    const id = await project(a, props, photos)
    const frames = timelineFor('social-reel', props).durationInFrames
    const first = must(await a.client.rpc('queue_trial_render', { p_project_id: id, p_total_frames: frames }), 'queue') as string
    const run = (await behind<{ width: number; height: number; codec: string; team_id: string | null; props: VideoProps }>(cast, 'render_runs', { id: first }))[0]
    expect(run).toMatchObject({ width: 720, height: 1280, codec: 'h264', team_id: null })
    expect(run.props.watermark).toBe(true)
    expect((await a.client.rpc('queue_trial_render', { p_project_id: id, p_total_frames: frames })).error?.message).toBe('You have used your trial render. Sign up to make more videos.')
    // another visitor cannot queue on this project, nor see its run
    const b = await visitor()
    expect((await b.client.rpc('queue_trial_render', { p_project_id: id, p_total_frames: frames })).error?.message).toBe('That trial project no longer exists.')
    expect(must(await b.client.from('render_runs').select('id'), 'other runs')).toEqual([])
    expect(must(await a.client.from('render_runs').select('id'), 'own runs')).toEqual([{ id: first }])
    // a failed render gives the trial back
    expect((await cast.service.rpc('fail_render_run', { p_run_id: first, p_message: 'test' })).error).toBeNull()
    expect((await a.client.rpc('queue_trial_render', { p_project_id: id, p_total_frames: frames })).error).toBeNull()
  })

  it('renders the trial for real into the visitor’s own folder at 720p', { timeout: 180_000 }, async () => {
    const a = await visitor()
    const photos = [await upload(a), await upload(a, 'kitchen.jpg')]
    const props = propsFor(photos)
    const id = await project(a, props, photos)
    const runId = must(await a.client.rpc('queue_trial_render', { p_project_id: id, p_total_frames: timelineFor('social-reel', props).durationInFrames }), 'queue') as string
    // other runs queued by earlier tests are failed first, so the worker takes this one
    for (const other of await behind<{ id: string }>(cast, 'render_runs', { status: 'queued' })) {
      if (other.id !== runId) await cast.service.rpc('fail_render_run', { p_run_id: other.id, p_message: 'cleared' })
    }
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'trial-test', maxFrames: 30 })).toBe(true)
    const done = (await behind<{ status: string; output_path: string; error_message: string | null }>(cast, 'render_runs', { id: runId }))[0]
    expect(done).toMatchObject({ status: 'succeeded', error_message: null })
    expect(done.output_path).toMatch(new RegExp(`^trials/${a.id}/renders/${runId}/`))
    const signed = must(await a.client.storage.from(RENDERS_BUCKET).createSignedUrl(done.output_path, 60), 'own render') as { signedUrl: string }
    const file = path.join(os.tmpdir(), `${runId}.mp4`)
    await writeFile(file, Buffer.from(await (await fetch(signed.signedUrl)).arrayBuffer()))
    const video = (await probe(file)).streams.find((s) => s.codec_type === 'video')
    expect([video?.width, video?.height]).toEqual([720, 1280])
    const b = await visitor()
    expect((await b.client.storage.from(RENDERS_BUCKET).createSignedUrl(done.output_path, 60)).error).not.toBeNull()
  })

  it('purges expired trials nobody kept (service key only), with their runs and files', async () => {
    const a = await visitor()
    const old = await upload(a)
    const kept = await upload(a, 'kitchen.jpg')
    const id = await project(a, null, [old])
    expect((await a.client.rpc('purge_expired_trials')).error).not.toBeNull()
    expect((await cast.member.client.rpc('purge_expired_trials')).error).not.toBeNull()
    const fresh = await project(a, null, [kept])
    await cast.standIn.db.query(`update public.trial_projects set expires_at = now() - interval '1 minute' where id = $1`, [id])
    // the expired project's photo (its thumbnail, derived from the photo's path, was never made
    // here: the count is of files storage really removed)
    expect(await purgeExpiredTrials(cast.service)).toEqual({ files: 1 })
    expect(await behind(cast, 'trial_projects', { id })).toEqual([])
    expect(await behind(cast, 'trial_projects', { id: fresh })).toHaveLength(1)
    // the expired project's photo is gone from storage; the live project's photo stays
    expect((await cast.service.storage.from('media').download(old)).error).not.toBeNull()
    expect((await cast.service.storage.from('media').download(kept)).error).toBeNull()
  })
})
