import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { purgeExpiredTrials } from '../../../lib/trials/purge.ts'
import { trialThumbPath } from '../../../lib/trials/paths.ts'
import { mediaRef } from '../../../lib/videos/media-refs.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, behind, must, type Cast } from '../app/cast.ts'
import { admitVisitor } from './admit.ts'

// Issue 24 item 3: one trial render per visitor, even after deleting the project. Deleting the
// project used to cascade its run away, after which queue_trial_render allowed another; the first
// MP4 stayed readable by its owner and its files were never purged. Against the stand-in with the
// official clients: the render is remembered per person (private.trial_renders), a failed or
// canceled one is still given back, the owner can no longer sign a deleted project's render, and the
// purge removes orphaned trial files (renders at once, photos and thumbnails a day old) and nothing else.

interface Visitor { client: SupabaseClient; id: string }

const USED = 'You have used your trial render. Sign up to make more videos.'

describe('one trial render per visitor, whatever happens to the project', () => {
  let cast: Cast
  const photo = readFileSync(path.resolve('public/remotion/samples/living-room.jpg'))
  const mp4 = readFileSync(path.resolve('public/remotion/samples/living-room.jpg')) // bytes only; the purge does not look inside

  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(async () => {
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
  /** a drafted project with its own photo */
  const drafted = async (who: Visitor) => {
    const photos = [await upload(who)]
    const props = propsFor(photos)
    const id = (must(
      await who.client.from('trial_projects').insert({ property: { address: 'x' }, photos, template: 'social-reel', format: 'portrait', props: props as never }).select('id').single(),
      'project',
    ) as { id: string }).id
    return { id, photos, frames: timelineFor('social-reel', props).durationInFrames }
  }
  const queue = (who: Visitor, project: { id: string; frames: number }) =>
    who.client.rpc('queue_trial_render', { p_project_id: project.id, p_total_frames: project.frames })
  const deleteProject = async (who: Visitor, id: string) => {
    must(await who.client.from('trial_projects').delete().eq('id', id).select('id'), 'delete project')
    expect(await behind(cast, 'trial_projects', { id })).toEqual([])
  }
  /** what the worker does: claim the run, store its video and poster in the visitor's folder, complete it */
  const finish = async (who: Visitor, runId: string) => {
    for (const other of await behind<{ id: string }>(cast, 'render_runs', { status: 'queued' })) {
      if (other.id !== runId) expect((await cast.service.rpc('fail_render_run', { p_run_id: other.id, p_message: 'cleared' })).error).toBeNull()
    }
    const claimed = must(await cast.service.rpc('claim_render_run', { p_worker_id: 'trial-once' }), 'claim') as { id: string }[]
    expect(claimed.map((r) => r.id)).toEqual([runId])
    const folder = `trials/${who.id}/renders/${runId}`
    const files = { video: `${folder}/trial.mp4`, poster: `${folder}/poster.jpg`, captions: `${folder}/captions.vtt` }
    must(await cast.service.storage.from(RENDERS_BUCKET).upload(files.video, mp4, { contentType: 'video/mp4' }), 'store video')
    must(await cast.service.storage.from(RENDERS_BUCKET).upload(files.poster, photo, { contentType: 'image/jpeg' }), 'store poster')
    must(await cast.service.storage.from(RENDERS_BUCKET).upload(files.captions, Buffer.from('WEBVTT\n'), { contentType: 'text/vtt' }), 'store captions')
    const done = await cast.service.rpc('complete_render_run', {
      p_run_id: runId, p_output_path: files.video, p_output_bytes: mp4.length, p_poster_path: files.poster, p_duration_s: 10, p_captions_vtt_path: files.captions,
    })
    expect(done.error).toBeNull()
    return files
  }
  const exists = async (bucket: string, file: string) => (await cast.service.storage.from(bucket).download(file)).error === null
  const backdate = (bucket: string, names: string[]) =>
    cast.standIn.db.query(
      `update storage.objects set created_at = now() - interval '2 days', updated_at = now() - interval '2 days' where bucket_id = $1 and name = any($2::text[])`,
      [bucket, names],
    )

  it('refuses a second trial render after the rendered project was deleted (queued, finished, or a second project kept)', async () => {
    // queued, then the project deleted (its run cascades away): no second render on a new project
    const a = await visitor()
    const first = await drafted(a)
    const run = must(await queue(a, first), 'queue') as string
    await deleteProject(a, first.id)
    expect(await behind(cast, 'render_runs', { id: run })).toEqual([])
    const second = await drafted(a)
    expect((await queue(a, second)).error?.message).toBe(USED)
    // nor on the project they already had beside it, nor twice in a row
    expect((await queue(a, second)).error?.message).toBe(USED)
    expect(must(await a.client.from('render_runs').select('id'), 'runs')).toEqual([])

    // finished, then deleted
    const b = await visitor()
    const kept = await drafted(b)
    const rendered = await drafted(b)
    const bRun = must(await queue(b, rendered), 'queue') as string
    await finish(b, bRun)
    await deleteProject(b, rendered.id)
    expect((await queue(b, kept)).error?.message).toBe(USED)
    // deleting every project changes nothing either
    await deleteProject(b, kept.id)
    expect((await queue(b, await drafted(b))).error?.message).toBe(USED)

    // someone else is not affected
    const c = await visitor()
    expect((await queue(c, await drafted(c))).error).toBeNull()
  })

  it('still gives the render back when it failed or was canceled, also after the project is gone', async () => {
    const a = await visitor()
    const first = await drafted(a)
    const canceled = must(await queue(a, first), 'queue') as string
    expect((await a.client.rpc('cancel_trial_render', { p_run_id: canceled })).error).toBeNull()
    await deleteProject(a, first.id)
    const second = await drafted(a)
    const failed = must(await queue(a, second), 'queue after cancel') as string
    expect((await cast.service.rpc('fail_render_run', { p_run_id: failed, p_message: 'test' })).error).toBeNull()
    await deleteProject(a, second.id)
    const third = await drafted(a)
    const taken = must(await queue(a, third), 'queue after failure') as string
    expect(taken).toMatch(/^[0-9a-f-]{36}$/)
    // and that one counts
    await deleteProject(a, third.id)
    expect((await queue(a, await drafted(a))).error?.message).toBe(USED)
  })

  it('stops the owner signing a deleted project’s render; the purge removes its files and the orphaned photos', async () => {
    // what earlier tests left behind (the render of the project deleted in the first test) goes first
    await purgeExpiredTrials(cast.service)
    const a = await visitor()
    const other = await visitor()
    const project = await drafted(a)
    const thumb = trialThumbPath(project.photos[0])!
    must(await a.client.storage.from('media').upload(thumb, photo, { contentType: 'image/webp' }), 'thumb')
    const runId = must(await queue(a, project), 'queue') as string
    const files = await finish(a, runId)
    // while the project exists the owner reads their render (and nobody else does)
    const signed = must(await a.client.storage.from(RENDERS_BUCKET).createSignedUrl(files.video, 600), 'sign own render') as { signedUrl: string }
    expect((await fetch(signed.signedUrl)).status).toBe(200)
    expect((await other.client.storage.from(RENDERS_BUCKET).createSignedUrl(files.video, 600)).error).not.toBeNull()

    // a live project of the same visitor, a fresh upload nobody holds yet, another visitor's live
    // project and a team's photo: none of these may go
    const live = await drafted(a)
    const liveThumb = trialThumbPath(live.photos[0])!
    must(await a.client.storage.from('media').upload(liveThumb, photo, { contentType: 'image/webp' }), 'live thumb')
    const uploading = await upload(a, 'still-uploading.jpg')
    const theirs = await drafted(other)
    const teamPhoto = `${cast.teamId}/listings/${crypto.randomUUID()}/${crypto.randomUUID()}/front.jpg`
    must(await cast.service.storage.from('media').upload(teamPhoto, photo, { contentType: 'image/jpeg' }), 'team photo')
    const theirRun = must(await queue(other, theirs), 'their queue') as string
    const theirFiles = await finish(other, theirRun)

    await deleteProject(a, project.id)
    // the owner can no longer sign it (list or sign: the run is gone)
    expect((await a.client.storage.from(RENDERS_BUCKET).createSignedUrl(files.video, 600)).error).not.toBeNull()
    expect((await a.client.storage.from(RENDERS_BUCKET).createSignedUrl(files.poster, 600)).error).not.toBeNull()
    expect((await a.client.storage.from(RENDERS_BUCKET).download(files.video)).error).not.toBeNull()
    // a URL signed before carries on working until it expires (a signature is not a policy check)…
    expect((await fetch(signed.signedUrl)).status).toBe(200)

    // photos are left for a day (an upload in progress is not in a project yet); age everything
    await backdate('media', [project.photos[0], thumb, live.photos[0], liveThumb, theirs.photos[0], teamPhoto])
    const purged = await purgeExpiredTrials(cast.service)
    // the deleted project's video, poster and captions; its photo and thumbnail
    expect(purged).toEqual({ files: 5 })
    for (const file of Object.values(files)) expect(await exists(RENDERS_BUCKET, file), file).toBe(false)
    expect(await exists('media', project.photos[0])).toBe(false)
    expect(await exists('media', thumb)).toBe(false)
    // …or until the purge: then it downloads nothing
    expect((await fetch(signed.signedUrl)).ok).toBe(false)
    // everything still in use, or too new to judge, stays
    for (const [bucket, file] of [
      ['media', live.photos[0]], ['media', liveThumb], ['media', uploading], ['media', theirs.photos[0]], ['media', teamPhoto],
      [RENDERS_BUCKET, theirFiles.video], [RENDERS_BUCKET, theirFiles.poster], [RENDERS_BUCKET, theirFiles.captions],
    ] as const) expect(await exists(bucket, file), file).toBe(true)
    expect((await other.client.storage.from(RENDERS_BUCKET).createSignedUrl(theirFiles.video, 60)).error).toBeNull()

    // the upload nobody finished goes once it is a day old; a second run finds nothing more
    await backdate('media', [uploading])
    expect(await purgeExpiredTrials(cast.service)).toEqual({ files: 1 })
    expect(await exists('media', uploading)).toBe(false)
    expect(await purgeExpiredTrials(cast.service)).toEqual({ files: 0 })
    // and the one render is still used up
    expect((await queue(a, live)).error?.message).toBe(USED)
  })

  it('answers orphans to the service key only', async () => {
    const a = await visitor()
    expect((await a.client.rpc('purge_expired_trials')).error).not.toBeNull()
    expect((await cast.member.client.rpc('purge_expired_trials')).error).not.toBeNull()
    expect((await cast.visitor.rpc('purge_expired_trials')).error).not.toBeNull()
  })
})
