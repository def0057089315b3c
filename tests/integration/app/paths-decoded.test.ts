import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Json } from '../../../lib/database.types.ts'
import { storagePathOk } from '../../../lib/media/signable.ts'
import { FINE_SUFFIXES, HOSTILE_SUFFIXES } from '../../helpers/hostile-paths.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { insertListing, insertVideo, insertVoice, minimalProps } from '../videos/fixtures.ts'
import { assembleCast, must, type Cast } from './cast.ts'
import { admitVisitor } from '../trials/admit.ts'

// Issue 24 item 1: every stored storage path and `media:` reference is judged as the characters it
// is made of, never decoded: the encoded climbs (`%2e%2e`, `%252e`, `..%2f`, `%5c..`, `%00`, a
// trailing `%`, Unicode look-alikes, a tab a URL parser would drop) are refused in every path column,
// through the real clients against the stand-in, and the database and the app's signing guard agree.

describe('storage paths are judged undecoded, in every path column', () => {
  let cast: Cast
  let listingId: string
  let videoId: string
  let runId: string
  beforeAll(async () => {
    cast = await assembleCast()
    listingId = await insertListing(cast.member, cast.teamId, 'Paths flat')
    videoId = (await insertVideo(cast.member, cast.teamId, listingId)).id
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 5, reason: 'admin_grant' }).select('id'), 'credits')
    runId = must(await cast.member.client.rpc('queue_render', { p_video_id: videoId, p_expected_version: 1, p_codec: 'h264', p_total_frames: 30 }), 'queue') as string
  })
  afterAll(() => cast?.standIn.stop())

  const refused = (error: { code?: string } | null, what: string) => expect(error?.code, what).toBe('23514')

  it('answers the same in the database (private.storage_path_ok) and in the signing guard, for every payload', async () => {
    const folders = [cast.teamId, `trials/${cast.member.id}`, `${cast.teamId}/thumbs`, 'samples']
    for (const folder of folders) {
      for (const [suffix, expected] of [...HOSTILE_SUFFIXES.map((s) => [s, false] as const), ...FINE_SUFFIXES.map((s) => [s, true] as const)]) {
        const path = `${folder}/${suffix}`
        const { rows } = await cast.standIn.db.query<{ ok: boolean }>('select private.storage_path_ok($1, $2) as ok', [path, folder])
        expect({ path, sql: rows[0].ok, app: storagePathOk(path, folder) }).toEqual({ path, sql: expected, app: expected })
      }
    }
  })

  it('refuses them as an avatar, an agent photo or logo, a library file or its thumbnail', async () => {
    for (const suffix of HOSTILE_SUFFIXES) {
      const avatar = await cast.member.client.from('profiles').update({ avatar_path: `${cast.member.id}/${suffix}` }).eq('id', cast.member.id)
      refused(avatar.error, `avatar ${JSON.stringify(suffix)}`)
      for (const column of ['photo_path', 'logo_path'] as const) {
        const agent = await cast.owner.client.from('agents').insert({ team_id: cast.teamId, full_name: 'Ava Agent', [column]: `${cast.teamId}/${suffix}` })
        refused(agent.error, `agent ${column} ${JSON.stringify(suffix)}`)
      }
      const row = { team_id: cast.teamId, kind: 'audio', name: 'Track', mime: 'audio/wav', bytes: 10 }
      refused((await cast.member.client.from('media_assets').insert({ ...row, path: `${cast.teamId}/${suffix}` })).error, `asset ${JSON.stringify(suffix)}`)
      const thumb = await cast.member.client.from('media_assets')
        .insert({ ...row, path: `${cast.teamId}/audio/${crypto.randomUUID()}/t.wav`, thumb_path: `${cast.teamId}/thumbs/${suffix}` })
      refused(thumb.error, `thumbnail ${JSON.stringify(suffix)}`)
    }
    for (const suffix of FINE_SUFFIXES) {
      const fine = await cast.member.client.from('media_assets')
        .insert({ team_id: cast.teamId, kind: 'audio', name: 'Track', mime: 'audio/wav', bytes: 10, path: `${cast.teamId}/audio/${crypto.randomUUID()}/${suffix}` })
      expect(fine.error, suffix).toBeNull()
    }
  })

  it('refuses them as a video’s or a run’s output, poster and caption files, even from the service key', async () => {
    for (const suffix of HOSTILE_SUFFIXES) {
      const path = `${cast.teamId}/${suffix}`
      for (const column of ['output_path', 'thumbnail_path'] as const) {
        refused((await cast.service.from('videos').update({ [column]: path }).eq('id', videoId)).error, `video ${column} ${JSON.stringify(suffix)}`)
      }
      for (const column of ['output_path', 'poster_path', 'captions_srt_path', 'captions_vtt_path'] as const) {
        refused((await cast.service.from('render_runs').update({ [column]: path }).eq('id', runId)).error, `run ${column} ${JSON.stringify(suffix)}`)
      }
    }
    must(await cast.service.rpc('claim_render_run', { p_worker_id: 'paths' }), 'claim')
    const done = await cast.service.rpc('complete_render_run', {
      p_run_id: runId, p_output_path: `${cast.teamId}/%2e%2e/${cast.otherTeamId}/renders/x/video.mp4`, p_output_bytes: 1, p_poster_path: null, p_duration_s: 1,
    })
    refused(done.error, 'complete_render_run')
  })

  it('refuses them as a narration clip, and as a voice sample (the administrators’ function and the table)', async () => {
    const voice = await insertVoice(cast)
    for (const suffix of HOSTILE_SUFFIXES) {
      const clip = await cast.member.client.from('narration_clips').insert({
        team_id: cast.teamId, voice_id: voice, text_hash: 'a'.repeat(64), path: `${cast.teamId}/narration/${suffix}`,
        mime: 'audio/wav', seconds: 1, timing: 'estimated',
      })
      refused(clip.error, `clip ${JSON.stringify(suffix)}`)
      const sample = await cast.siteAdmin.client.rpc('admin_set_voice_sample', { p_voice_id: voice, p_sample_path: `samples/${voice}/${suffix}` })
      expect(sample.error, `sample ${JSON.stringify(suffix)}`).not.toBeNull()
      refused((await cast.service.from('voices').update({ sample_path: `samples/${suffix}` }).eq('id', voice)).error, `voice ${JSON.stringify(suffix)}`)
    }
    const [row] = must(await cast.service.from('voices').select('sample_path').eq('id', voice), 'voice') as { sample_path: string | null }[]
    expect(row.sample_path).toBeNull()
  })

  it('refuses them as a trial photo or a trial reference of an anonymous visitor', async () => {
    const client: SupabaseClient = clientFor(cast.standIn)
    const { user } = must(await client.auth.signInAnonymously(), 'anonymous sign-in')
    await admitVisitor(cast.standIn, user!.id)
    const folder = `trials/${user!.id}`
    const project = must(await client.from('trial_projects').insert({ property: {} }).select('id').single(), 'project') as { id: string }
    for (const suffix of HOSTILE_SUFFIXES) {
      refused((await client.from('trial_projects').update({ photos: [`${folder}/${suffix}`] }).eq('id', project.id)).error, `photo ${JSON.stringify(suffix)}`)
      const props = minimalProps(cast.teamId, { scenes: [{ id: 's', src: `media:${folder}/${suffix}` }] })
      refused((await client.from('trial_projects').update({ props: props as unknown as Json }).eq('id', project.id)).error, `trial ref ${JSON.stringify(suffix)}`)
      const added = await client.rpc('add_trial_photo', { p_project_id: project.id, p_path: `${folder}/${suffix}` })
      expect(added.error, `add_trial_photo ${JSON.stringify(suffix)}`).not.toBeNull()
    }
  })
})
