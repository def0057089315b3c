import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../lib/database.types.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { insertListing, minimalProps } from '../videos/fixtures.ts'
import { assembleCast, must, type Cast, MIGRATIONS_DIR } from './cast.ts'

// Issue 24 item 1: rows stored before 20261126000100_paths_decoded.sql. A check constraint is not
// re-run when the function it calls changes, so the migration cleans what the old check let in (put
// there through the real clients, as an attacker would have) and proves every path constraint holds.

const MIGRATION = '20261126000100_paths_decoded.sql'

describe('the paths migration and the rows stored before it', () => {
  let dir: string
  let standIn: StandIn
  let cast: Cast
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'paths-before-'))
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f < MIGRATION)) {
      await cp(path.join(MIGRATIONS_DIR, file), path.join(dir, file))
    }
    standIn = await startTestStandIn({ migrationsDir: dir, seedFile: null })
    cast = await assembleCast({ standIn })
  })
  afterAll(async () => {
    await standIn?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('cleans every hostile path and reference the old check let in, keeps the rest, and then every path constraint holds', async () => {
    const a = cast.teamId
    const climb = `${a}/%2e%2e/${cast.otherTeamId}/listings/x/u/private.jpg`
    const toRenders = `${a}/%2e%2e/%2e%2e/renders/${cast.otherTeamId}/renders/r/video.mp4`
    const fine = `${a}/listings/x/u/front.jpg`

    // what the old check accepted, through the real clients
    must(await cast.member.client.from('profiles').update({ avatar_path: `${cast.member.id}/%2e%2e/${cast.owner.id}/a.webp` }).eq('id', cast.member.id).select('id'), 'avatar')
    const agent = must(await cast.owner.client.from('agents').insert({ team_id: a, full_name: 'Ava', photo_path: climb, logo_path: `${a}/logos/l.png` }).select('id').single(), 'agent') as { id: string }
    const asset = { team_id: a, kind: 'audio', name: 'Track', mime: 'audio/wav', bytes: 10 }
    const badAsset = must(await cast.member.client.from('media_assets').insert({ ...asset, path: `${a}/%2e%2e/x.wav` }).select('id').single(), 'bad asset') as { id: string }
    const thumbAsset = must(await cast.member.client.from('media_assets').insert({ ...asset, path: `${a}/audio/u/t.wav`, thumb_path: `${a}/thumbs/%2e%2e/x.webp` }).select('id').single(), 'thumb asset') as { id: string }
    const listingId = await insertListing(cast.member, a, 'Before')
    const props = minimalProps(a, {
      scenes: [{ id: 's1', src: `media:${fine}` }, { id: 's2', src: `media:${toRenders}` }],
      agent: { fullName: 'Ava', photoSrc: `media:${climb}`, logoSrc: `media:${a}/logos/l.png` },
      gallery: [`media:${fine}`, `media:${climb}`],
    } as never)
    const video = must(await cast.member.client.from('videos').insert({ team_id: a, listing_id: listingId, title: 'Hostile', template: 'classic-tour', format: 'landscape', props: props as unknown as Json }).select('id, version').single(), 'video') as { id: string; version: number }
    must(await cast.service.from('credit_ledger').insert({ team_id: a, delta: 3, reason: 'admin_grant' }).select('id'), 'credits')
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: video.id, p_expected_version: video.version, p_codec: 'h264', p_total_frames: 30 }), 'queue') as string
    must(await cast.service.from('videos').update({ output_path: toRenders, thumbnail_path: `${a}/renders/r/poster.jpg`, is_shared: true, showcase: 'approved' }).eq('id', video.id).select('id'), 'output')
    const voice = must(await cast.siteAdmin.client.rpc('admin_create_voice', { p_name: 'Old', p_language: 'en', p_gender: 'female', p_provider: 'local', p_provider_voice_id: 'old', p_is_active: true }), 'voice') as string
    must(await cast.service.from('voices').update({ sample_path: 'samples/%2e%2e/x.mp3' }).eq('id', voice).select('id'), 'sample')
    const visitor = clientFor(standIn)
    const { user } = must(await visitor.auth.signInAnonymously(), 'anonymous')
    const t = `trials/${user!.id}`
    const trialProps = minimalProps(a, { scenes: [{ id: 's1', src: `media:${t}/photos/u/a.jpg` }, { id: 's2', src: `media:${t}/%2e%2e/%2e%2e/${climb}` }] })
    const trial = must(await visitor.from('trial_projects').insert({ property: {}, photos: [`${t}/photos/u/a.jpg`, `${t}/%2e%2e/%2e%2e/${climb}`], props: trialProps as unknown as Json }).select('id').single(), 'trial') as { id: string }

    await standIn.db.exec(await readFile(path.join(MIGRATIONS_DIR, MIGRATION), 'utf8'))

    const row = async <T,>(table: string, id: string, columns: string) =>
      (await standIn.db.query<T>(`select ${columns} from public.${table} where id = $1`, [id])).rows[0]
    expect(await row(`profiles`, cast.member.id, 'avatar_path')).toEqual({ avatar_path: null })
    expect(await row('agents', agent.id, 'photo_path, logo_path')).toEqual({ photo_path: null, logo_path: `${a}/logos/l.png` })
    expect(await row('media_assets', badAsset.id, 'id')).toBeUndefined()
    expect(await row('media_assets', thumbAsset.id, 'path, thumb_path')).toEqual({ path: `${a}/audio/u/t.wav`, thumb_path: null })
    const after = await row<{ props: Record<string, unknown>; output_path: string | null; thumbnail_path: string | null; is_shared: boolean; showcase: string }>(
      'videos', video.id, 'props, output_path, thumbnail_path, is_shared, showcase',
    )
    // the hostile key leaves its object, the hostile element of a list becomes null, the rest stays
    expect(after.props.agent).toEqual({ fullName: 'Ava', logoSrc: `media:${a}/logos/l.png` })
    expect(after.props.scenes).toEqual([{ id: 's1', src: `media:${fine}` }, { id: 's2' }])
    expect(after.props.gallery).toEqual([`media:${fine}`, null])
    expect(after).toMatchObject({ output_path: null, thumbnail_path: `${a}/renders/r/poster.jpg`, is_shared: false, showcase: 'none' })
    const run = await row<{ props: { scenes: unknown[]; agent: unknown } }>('render_runs', runId, 'props')
    expect(run.props.scenes).toEqual([{ id: 's1', src: `media:${fine}` }, { id: 's2' }])
    expect(run.props.agent).toEqual({ fullName: 'Ava', logoSrc: `media:${a}/logos/l.png` })
    expect(await row('voices', voice, 'sample_path')).toEqual({ sample_path: null })
    const trialAfter = await row<{ photos: string[]; props: { scenes: unknown[] } }>('trial_projects', trial.id, 'photos, props')
    expect(trialAfter.photos).toEqual([`${t}/photos/u/a.jpg`])
    expect(trialAfter.props.scenes).toEqual([{ id: 's1', src: `media:${t}/photos/u/a.jpg` }, { id: 's2' }])
    // the cleaning helpers are gone again
    const helpers = await standIn.db.query(`select proname from pg_proc where proname in ('props_without_unsafe_refs', 'is_unsafe_ref')`)
    expect(helpers.rows).toEqual([])
  })
})
