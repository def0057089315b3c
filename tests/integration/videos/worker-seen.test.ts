import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVideo } from '../../../lib/videos/writes.ts'
import { workerNotice, workerSeenSchema } from '../../../lib/render/worker-seen.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 26, item 13: the video page can tell that no render worker is taking renders. The worker asks
// for work through claim_render_run (also when the queue is empty), which records it as seen; a worker
// rendering beats through its run's heartbeat_at; render_worker_seconds_since_seen() answers the newest.
describe('render worker heartbeat', () => {
  let cast: Cast
  let listingId: string

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front']))
  })
  afterAll(() => cast?.standIn.stop())

  /** what the page asks, as the signed-in member, parsed as the page parses it */
  const seen = async () => {
    const { data, error } = await cast.member.client.rpc('render_worker_seconds_since_seen')
    if (error) throw new Error(error.message)
    return workerSeenSchema.parse(data)
  }

  it('answers null before any worker asked for work, and a queued run then shows the notice', async () => {
    const answer = await cast.member.client.rpc('render_worker_seconds_since_seen')
    expect(answer.error).toBeNull()
    expect(answer.data).toBeNull()
    expect(workerNotice({ status: 'queued', renderer: 'local' }, answer.data)).toMatch(/^No render worker is running, so renders wait in the queue\./)
  })

  it('is not for visitors without a session', async () => {
    const answer = await cast.visitor.rpc('render_worker_seconds_since_seen')
    expect(answer.error).not.toBeNull()
  })

  it('a worker asking for work on an empty queue is seen at once', async () => {
    const empty = await cast.service.rpc('claim_render_run', { p_worker_id: 'test-host-1' })
    expect(empty.error).toBeNull()
    expect(empty.data).toEqual([])
    const seconds = await seen()
    expect(seconds).not.toBeNull()
    expect(seconds!).toBeLessThanOrEqual(1)
    expect(workerNotice({ status: 'queued', renderer: 'local' }, seconds)).toBeNull()
  })

  it('an old sighting says how long ago, and a run in hand keeps the worker seen through its heartbeat', async () => {
    // the worker was last seen 2 minutes ago (its row, aged behind the policies)
    await cast.standIn.db.query("update private.render_workers set seen_at = now() - interval '2 minutes'")
    const old = await seen()
    expect(old).toBeGreaterThanOrEqual(119)
    expect(workerNotice({ status: 'queued', renderer: 'local' }, old)).toMatch(/^No render worker has been seen for 2 minutes, so renders wait in the queue\./)
    // a Lambda run never waits for a local worker
    expect(workerNotice({ status: 'queued', renderer: 'lambda' }, old)).toBeNull()

    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 2, reason: 'admin_grant' }).select('id'), 'credits')
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Seen', template: 'classic-tour', format: 'landscape' })
    const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
    must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue')
    // another worker claims it (and is seen); then only the run's heartbeat says it is alive
    const claimed = must(await cast.service.rpc('claim_render_run', { p_worker_id: 'test-host-2' }), 'claim') as { id: string }[]
    expect(claimed).toHaveLength(1)
    // the claim beat for the run; a worker that died mid-render 10 minutes ago left both old
    await cast.standIn.db.query("update private.render_workers set seen_at = now() - interval '10 minutes'")
    await cast.standIn.db.query("update public.render_runs set heartbeat_at = now() - interval '10 minutes' where id = $1", [claimed[0].id])
    expect(await seen()).toBeGreaterThanOrEqual(599)
    // the worker's beat while rendering (worker/loop.ts writes heartbeat_at every 5 s)
    must(await cast.service.from('render_runs').update({ heartbeat_at: new Date().toISOString() }).eq('id', claimed[0].id).select('id'), 'heartbeat')
    expect(await seen()).toBeLessThanOrEqual(1)
  })
})
