import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVideo } from '../../../lib/videos/writes.ts'
import { listen, settle, until } from '../../helpers/realtime.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 12: the render queue in SQL. Queuing takes the credit in the same transaction as the run;
// cancel and failure give it back exactly once; the worker's functions are the service key's only.
describe('render queue', () => {
  let cast: Cast
  let listingId: string
  type Run = { id: string; status: string; attempt: number; team_id: string; codec: string; total_frames: number }

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front']))
  })
  afterAll(() => cast?.standIn.stop())

  const balance = async (teamId = cast.teamId) => must(await cast.service.rpc('team_credit_balance', { p_team_id: teamId }), 'balance') as number
  const newVideo = async (title = 'Render me') => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title, template: 'classic-tour', format: 'landscape' })
    const row = (await behind<{ version: number }>(cast, 'videos', { id }))[0]
    return { id, version: row.version }
  }
  const queue = (client = cast.member.client, video: { id: string; version: number }, codec = 'h264', frames = 300) =>
    client.rpc('queue_render', { p_video_id: video.id, p_expected_version: video.version, p_codec: codec, p_total_frames: frames })
  const done = (result: { error: { message: string } | null }, what: string) => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`)
  }
  /** Ends every active run of the team (as a failure, refunded), so each test starts with an empty queue. */
  const clearQueue = async () => {
    const active = await cast.standIn.db.query<{ id: string }>(
      "select id from public.render_runs where status in ('queued', 'rendering', 'encoding', 'uploading')",
    )
    for (const { id } of active.rows) done(await cast.service.rpc('fail_render_run', { p_run_id: id, p_message: 'cleared by the test' }), 'clear')
  }
  const grant = async (teamId: string, amount: number) => {
    await clearQueue()
    // top the team up to exactly `amount`
    const now = await balance(teamId)
    if (now !== amount) {
      must(await cast.service.from('credit_ledger').insert({ team_id: teamId, delta: amount - now, reason: amount > now ? 'admin_grant' : 'render' }).select('id'), 'set balance')
    }
  }

  it('20 concurrent queue calls on 20 videos of a team with 3 credits make exactly 3 runs and leave 0', async () => {
    await grant(cast.teamId, 3)
    const videos = await Promise.all(Array.from({ length: 20 }, (_, i) => newVideo(`Concurrent ${i}`)))
    const results = await Promise.all(videos.map((v) => queue(cast.member.client, v)))
    const ok = results.filter((r) => !r.error)
    expect(ok).toHaveLength(3)
    for (const r of results.filter((r) => r.error)) expect(r.error!.message).toMatch(/^Not enough credits: the team has 0 and this needs 1$/)
    expect(await balance()).toBe(0)
    const runs = await behind<Run>(cast, 'render_runs', { team_id: cast.teamId })
    expect(runs.filter((r) => r.status === 'queued')).toHaveLength(3)
    const charges = await behind(cast, 'credit_ledger', { team_id: cast.teamId, reason: 'render' })
    expect(charges.filter((c) => runs.some((r) => r.id === (c as { ref_id: string }).ref_id))).toHaveLength(3)
    // tidy up: cancel them (refunds) so the next tests start from a known balance
    for (const r of ok) done(await cast.member.client.rpc('cancel_render', { p_run_id: r.data as string }), 'cancel')
    expect(await balance()).toBe(3)
  })

  it('a double click on one video queues once and charges once', async () => {
    await grant(cast.teamId, 5)
    const video = await newVideo('Double click')
    const [a, b] = await Promise.all([queue(cast.member.client, video), queue(cast.member.client, video)])
    expect([a.error, b.error].filter(Boolean)).toHaveLength(1)
    expect((a.error ?? b.error)!.message).toBe('This video is already rendering.')
    expect(await balance()).toBe(4)
  })

  it('refunds exactly once: cancel twice, fail after cancel', async () => {
    await grant(cast.teamId, 2)
    const video = await newVideo('Cancel me')
    const runId = must(await queue(cast.member.client, video), 'queue') as string
    expect(await balance()).toBe(1)
    done(await cast.member.client.rpc('cancel_render', { p_run_id: runId }), 'cancel')
    expect((await cast.member.client.rpc('cancel_render', { p_run_id: runId })).error?.message).toBe('That render has already finished.')
    done(await cast.service.rpc('fail_render_run', { p_run_id: runId, p_message: 'late failure' }), 'fail after cancel')
    expect(await balance()).toBe(2)
    const refunds = await behind(cast, 'credit_ledger', { ref_id: runId, reason: 'refund' })
    expect(refunds).toHaveLength(1)
    expect((await behind<{ status: string }>(cast, 'videos', { id: video.id }))[0].status).toBe('draft')
  })

  it('a worker claims, fails with a message (refund), and completes (video ready with its output)', async () => {
    await grant(cast.teamId, 2)
    const first = await newVideo('Fails')
    const second = await newVideo('Succeeds')
    const failing = must(await queue(cast.member.client, first), 'queue 1') as string
    const passing = must(await queue(cast.member.client, second), 'queue 2') as string
    const claimed = must(await cast.service.rpc('claim_render_run', { p_worker_id: 'test-worker' }), 'claim') as Run[]
    expect(claimed.map((r) => [r.id, r.status, r.attempt])).toEqual([[failing, 'rendering', 1]])
    done(await cast.service.rpc('fail_render_run', { p_run_id: failing, p_message: 'The photo could not be loaded.' }), 'fail')
    expect(await balance()).toBe(1)

    const next = must(await cast.service.rpc('claim_render_run', { p_worker_id: 'test-worker' }), 'claim 2') as Run[]
    expect(next[0].id).toBe(passing)
    const output = `${cast.teamId}/renders/${passing}/video.mp4`
    done(await cast.service.rpc('complete_render_run', { p_run_id: passing, p_output_path: output, p_output_bytes: 12345, p_poster_path: null as unknown as string, p_duration_s: 10 }), 'complete')
    const video = (await behind<{ status: string; output_path: string; output_codec: string }>(cast, 'videos', { id: second.id }))[0]
    expect(video).toMatchObject({ status: 'ready', output_path: output, output_codec: 'h264' })
    expect(await balance()).toBe(1)
  })

  it('requeues runs a dead worker left, then fails and refunds them after the last attempt', async () => {
    await grant(cast.teamId, 1)
    const video = await newVideo('Orphaned')
    const runId = must(await queue(cast.member.client, video), 'queue') as string
    const stale = async () => cast.standIn.db.query("update public.render_runs set heartbeat_at = now() - interval '10 minutes' where id = $1", [runId])
    for (let attempt = 1; attempt <= 2; attempt++) {
      must(await cast.service.rpc('claim_render_run', { p_worker_id: `worker-${attempt}` }), 'claim')
      await stale()
      const recovered = must(await cast.service.rpc('recover_render_runs', { p_stale_seconds: 60, p_max_attempts: 2 }), 'recover') as { requeued: number; failed: number }[]
      expect(recovered[0]).toEqual(attempt < 2 ? { requeued: 1, failed: 0 } : { requeued: 0, failed: 1 })
    }
    const run = (await behind<Run & { error_message: string }>(cast, 'render_runs', { id: runId }))[0]
    expect(run.status).toBe('failed')
    expect(run.error_message).toMatch(/refunded/)
    expect(await balance()).toBe(1)
  })

  it('refuses invalid codecs, GIF over 50 fps, a stale version and outsiders', async () => {
    await grant(cast.teamId, 3)
    const video = await newVideo('Rules')
    expect((await queue(cast.member.client, video, 'avi')).error?.message).toBe('Choose one of the offered formats.')
    expect((await queue(cast.member.client, { ...video, version: video.version + 1 })).error?.message).toMatch(/changed while/)
    expect((await queue(cast.outsider.client, video)).error?.message).toBe('That video no longer exists, or it belongs to another team.')
    expect((await queue(cast.member.client, video, 'h264', 0)).error?.message).toMatch(/length could not be worked out/)
    // the table itself refuses a GIF over 50 fps, whoever writes it
    const direct = await cast.service.from('render_runs').insert({
      team_id: cast.teamId, video_id: video.id, codec: 'gif', template: 'classic-tour', format: 'landscape',
      width: 1920, height: 1080, fps: 60, total_frames: 100, props: { listing: {}, scenes: [{ id: 'a', src: '/remotion/samples/x.jpg' }] },
    })
    expect(direct.error?.message).toContain('render_runs_gif_fps')
    expect(await balance()).toBe(3)
  })

  it('records the quality chosen (standard unless asked), and refuses any other', async () => {
    await grant(cast.teamId, 3)
    const video = await newVideo('Quality')
    const refused = await cast.member.client.rpc('queue_render', { p_video_id: video.id, p_expected_version: video.version, p_codec: 'h264', p_total_frames: 300, p_quality: 'ultra' })
    expect(refused.error?.message).toBe('Choose standard or high quality.')
    expect(await balance()).toBe(3)
    const high = must(await cast.member.client.rpc('queue_render', { p_video_id: video.id, p_expected_version: video.version, p_codec: 'h264', p_total_frames: 300, p_quality: 'high' }), 'high') as string
    expect((await behind<{ quality: string }>(cast, 'render_runs', { id: high }))[0].quality).toBe('high')
    await clearQueue()
    const plain = must(await queue(cast.member.client, video), 'standard') as string
    expect((await behind<{ quality: string }>(cast, 'render_runs', { id: plain }))[0].quality).toBe('standard')
    // the table refuses a quality nobody offers, whoever writes it
    const direct = await cast.service.from('render_runs').update({ quality: 'ultra' }).eq('id', plain)
    expect(direct.error?.message).toContain('render_runs_quality_check')
  })

  it('shows runs to the team only, and keeps the worker functions from people', async () => {
    const runs = await cast.member.client.from('render_runs').select('id')
    expect(runs.data!.length).toBeGreaterThan(0)
    expect((await cast.outsider.client.from('render_runs').select('id').eq('team_id', cast.teamId)).data).toEqual([])
    for (const fn of ['claim_render_run', 'recover_render_runs', 'fail_render_run', 'complete_render_run'] as const) {
      const { error } = await cast.owner.client.rpc(fn as 'claim_render_run', { p_worker_id: 'me' } as never)
      expect(error, fn).not.toBeNull()
    }
    const outsiderCancel = await cast.outsider.client.rpc('cancel_render', { p_run_id: runs.data![0].id })
    expect(outsiderCancel.error?.message).toBe('That render no longer exists.')
    expect((await cast.member.client.from('render_runs').update({ status: 'succeeded' }).eq('team_id', cast.teamId).select('id')).error?.code).toBe('42501')
  })
})

describe('render runs over realtime', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  it("tells the team's members about their runs (by video or by requester) and another team nothing", async () => {
    const { listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front'])
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Live', template: 'classic-tour', format: 'landscape' })
    const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
    const byVideo = await listen(cast.member.client, [{ event: '*', table: 'render_runs', filter: `video_id=eq.${id}` }])
    const byRequester = await listen(cast.member.client, [{ event: 'UPDATE', table: 'render_runs', filter: `requested_by=eq.${cast.member.id}` }])
    const outsider = await listen(cast.outsider.client, [{ event: '*', table: 'render_runs' }])
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 90 }), 'queue') as string
    must(await cast.service.rpc('claim_render_run', { p_worker_id: 'w' }), 'claim')
    await cast.service.from('render_runs').update({ progress: 0.5, rendered_frames: 45 }).eq('id', runId)
    await until(() => byVideo.changes.some((c) => (c.new as { progress?: number }).progress === 0.5))
    await until(() => byRequester.changes.some((c) => (c.new as { status?: string }).status === 'rendering'))
    await settle()
    expect(outsider.changes).toEqual([])
  })
})
