import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json } from '../../../lib/database.types.ts'
import { findSharedVideo, sharedFileResponse, signAgentMedia } from '../../../lib/share/shared-video.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { assembleCast, behind, db, insertListing, listingWithPhotos, minimalProps, must, uploadPhoto, type Cast } from './fixtures.ts'

// Issue 24 item 1 (high), end to end: a member of team A points a shared video's agent photo at
// another team's private photo, or at an object in the private renders bucket, through encoded dot
// segments (`media:<A>/%2e%2e/<B>/…`). The database must refuse the reference, and the share page's
// data functions (lib/share/shared-video.ts, what /share/{id} calls with the service key) must sign
// nothing outside team A's folder of the media bucket, even when a hostile row is already stored.

type Admin = SupabaseClient<Database>

describe('a share page signs only files of the video’s own team', () => {
  let cast: Cast
  let listingId: string
  let ownPhoto: string
  let theirPhoto: string
  let theirRender: string
  const secret = Buffer.from('team B private bytes')

  beforeAll(async () => {
    cast = await assembleCast()
    // the app's server-side clients (the service key the share page signs with) talk to this stand-in
    process.env.NEXT_PUBLIC_SUPABASE_URL = cast.standIn.url
    let photos
    ;({ listingId, photos } = await listingWithPhotos(cast.member, cast.teamId, ['Front']))
    ownPhoto = photos[0].path
    const theirListing = await insertListing(cast.outsider, cast.otherTeamId, 'Outsider house')
    theirPhoto = (await uploadPhoto(cast.outsider, cast.otherTeamId, theirListing, 'private.jpg')).path
    theirRender = `${cast.otherTeamId}/renders/${crypto.randomUUID()}/video.mp4`
    must(await cast.service.storage.from('renders').upload(theirRender, secret, { contentType: 'video/mp4' }), 'their render')
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 10, reason: 'admin_grant' }).select('id'), 'credits')
  })
  afterAll(async () => {
    await cast?.standIn.stop()
  })

  /** A shared video with a finished render, as the worker leaves it (queue, claim, complete, share). */
  const sharedVideo = async (title: string) => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title, template: 'classic-tour', format: 'portrait' })
    const { version, share_id } = (await behind<{ version: number; share_id: string }>(cast, 'videos', { id }))[0]
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue') as string
    must(await cast.service.rpc('claim_render_run', { p_worker_id: 'test' }), 'claim')
    const folder = `${cast.teamId}/renders/${runId}`
    const done = await cast.service.rpc('complete_render_run', { p_run_id: runId, p_output_path: `${folder}/video.mp4`, p_output_bytes: 1000, p_poster_path: `${folder}/poster.jpg`, p_duration_s: 10 })
    expect(done.error).toBeNull()
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: true }), 'share')
    return { id, shareId: share_id }
  }

  /** Team B's photo and render reached from team A's folder, spelled the ways a URL parser or a storage server decodes. */
  const hostileRefs = () => {
    const a = cast.teamId
    return [
      `media:${a}/%2e%2e/${theirPhoto}`,
      `media:${a}/%2E%2E/${theirPhoto}`,
      `media:${a}/.%2e/${theirPhoto}`,
      `media:${a}/%2e./${theirPhoto}`,
      `media:${a}/%2e%2e/%2e%2e/renders/${theirRender}`,
      `media:${a}/x/%2e%2e/%2e%2e/${theirPhoto}`,
      // a tab or newline after "media:": the database read it as text, the app as a reference, and
      // the URL parser drops it
      `media:\t${theirPhoto}`,
      `media:\n${theirPhoto}`,
      `media:${a}/\t../${theirPhoto}`,
    ]
  }

  /** What the share page shows a visitor: the public read, then the agent's media signed with the service key. */
  const sharePageMedia = async (shareId: string) => {
    const video = await findSharedVideo(shareId, cast.visitor)
    expect(video, 'the shared video is public').not.toBeNull()
    return signAgentMedia(video!.agent, video!.team_id, cast.service as Admin)
  }

  it('refuses the hostile references in the database, and the share page signs none of team B’s files', async () => {
    const { id, shareId } = await sharedVideo('Traversal')
    for (const ref of hostileRefs()) {
      const props = minimalProps(cast.teamId, { agent: { fullName: 'Ava Agent', photoSrc: ref, logoSrc: ref } })
      const { error } = await cast.member.client.from('videos').update({ props: props as unknown as Json }).eq('id', id)
      const media = await sharePageMedia(shareId)
      expect({ ref, photo: media.photo, logo: media.logo }).toEqual({ ref, photo: null, logo: null })
      expect(error?.code, ref).toBe('23514')
    }
    // the team's own photo is still signed, and the URL serves that photo
    const own = minimalProps(cast.teamId, { agent: { fullName: 'Ava Agent', photoSrc: `media:${ownPhoto}` } })
    must(await cast.member.client.from('videos').update({ props: own as unknown as Json }).eq('id', id).select('id'), 'own photo')
    const media = await sharePageMedia(shareId)
    expect(media.photo).toContain(encodeURI(ownPhoto))
    expect((await fetch(media.photo!)).status).toBe(200)
  })

  it('signs none of them even when such a reference or file path is already stored (a row from before the check)', async () => {
    const { id, shareId } = await sharedVideo('Stored before the check')
    const sql = cast.standIn.db
    // the checks that would refuse these rows are lifted for this one video, then restored
    const checks = ['videos_media_refs_check', 'videos_media_sources', 'videos_output_path_safe', 'videos_thumbnail_path_safe']
    const defs = (await sql.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conname = any($1)`, [checks],
    )).rows
    expect(defs).toHaveLength(checks.length)
    await sql.exec(`alter table public.videos ${defs.map((d) => `drop constraint ${d.name}`).join(', ')}`)
    try {
      for (const ref of hostileRefs()) {
        const props = minimalProps(cast.teamId, { agent: { fullName: 'Ava Agent', photoSrc: ref, logoSrc: ref } })
        await sql.query('update public.videos set props = $1 where id = $2', [JSON.stringify(props), id])
        // a stored row whose props no longer parse is not shown at all (findSharedVideo answers null);
        // one that parses is shown without the agent's pictures. Either way nothing of team B is signed.
        const video = await findSharedVideo(shareId, cast.visitor)
        const media = video ? await signAgentMedia(video.agent, video.team_id, cast.service as Admin) : { photo: null, logo: null }
        expect(media, ref).toEqual({ photo: null, logo: null })
      }
      // the render itself: an output path that climbs into team B's folder is not served
      await sql.query('update public.videos set output_path = $1, thumbnail_path = $1 where id = $2', [`${cast.teamId}/%2e%2e/${theirRender}`, id])
      for (const which of ['video', 'poster'] as const) {
        const response = await sharedFileResponse(shareId, which, { db: cast.visitor, admin: cast.service as Admin })
        expect(response.status, which).toBe(404)
      }
    } finally {
      await sql.query('update public.videos set props = $1, output_path = null, thumbnail_path = null, is_shared = false where id = $2', [JSON.stringify(minimalProps(cast.teamId)), id])
      await sql.exec(`alter table public.videos ${defs.map((d) => `add constraint ${d.name} ${d.def}`).join(', ')}`)
    }
  })
})
