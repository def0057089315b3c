import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countSubmissions, listSubmissions, reviewShowcase } from '../../../lib/showcase/admin.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 26 item 3: showcase submissions are reviewed by site administrators (/admin/showcase), the
// same code as the screen: the list, the counts and review_showcase with its audit record.

describe('the showcase review', () => {
  let cast: Cast
  let listingId: string

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 10, reason: 'admin_grant' }).select('id'), 'credits')
  })
  afterAll(async () => {
    await cast?.standIn.stop()
  })

  /** A rendered, shared video submitted by a member (as the worker and the Share card leave it). */
  const submitted = async (title: string) => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title, template: 'classic-tour', format: 'portrait' })
    const { version, share_id } = (await behind<{ version: number; share_id: string }>(cast, 'videos', { id }))[0]
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue') as string
    must(await cast.service.rpc('claim_render_run', { p_worker_id: 'test' }), 'claim')
    const folder = `${cast.teamId}/renders/${runId}`
    expect((await cast.service.rpc('complete_render_run', { p_run_id: runId, p_output_path: `${folder}/video.mp4`, p_output_bytes: 1000, p_poster_path: `${folder}/poster.jpg`, p_duration_s: 10 })).error).toBeNull()
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: true }), 'share')
    expect(must(await cast.member.client.rpc('set_video_showcase', { p_video_id: id, p_submit: true }), 'submit')).toBe('submitted')
    return { id, shareId: share_id }
  }
  const onShowcase = async (shareId: string) =>
    (must(await cast.visitor.rpc('showcase_videos', { p_limit: 48 }), 'showcase') as { share_id: string }[]).some((v) => v.share_id === shareId)

  it('lists submissions for an administrator; approving puts the video on the showcase and is audited', async () => {
    const { id, shareId } = await submitted('Waiting for review')
    const admin = db(cast.siteAdmin)
    const waiting = await listSubmissions(admin, { state: 'submitted', page: 1 })
    expect(waiting.items.map((v) => v.id)).toContain(id)
    expect(waiting.items.find((v) => v.id === id)?.teams?.name).toBeTruthy()
    expect((await countSubmissions(admin)).submitted).toBeGreaterThanOrEqual(1)
    expect(await onShowcase(shareId)).toBe(false)

    expect(await reviewShowcase(admin, { videoId: id, approve: true })).toEqual({ videoId: id, state: 'approved' })
    expect(await onShowcase(shareId)).toBe(true)
    const audit = await behind<{ action: string; actor_id: string; target_team_id: string; details: Record<string, unknown> }>(cast, 'admin_audit_log', { action: 'showcase.approve' })
    expect(audit.find((a) => a.details.video_id === id)).toMatchObject({ actor_id: cast.siteAdmin.id, target_team_id: cast.teamId, details: { title: 'Waiting for review', state_from: 'submitted', state_to: 'approved' } })
    // approving again changes and records nothing
    expect((await reviewShowcase(admin, { videoId: id, approve: true })).state).toBe('approved')
    expect((await behind(cast, 'admin_audit_log', { action: 'showcase.approve' })).length).toBe(audit.length)
    // removing it from the showcase (decline) takes it off and is audited too
    expect((await reviewShowcase(admin, { videoId: id, approve: false })).state).toBe('rejected')
    expect(await onShowcase(shareId)).toBe(false)
    expect((await behind<{ details: Record<string, unknown> }>(cast, 'admin_audit_log', { action: 'showcase.decline' })).some((a) => a.details.video_id === id)).toBe(true)
  })

  it('refuses members, malformed input and videos that were never submitted', async () => {
    const { id } = await submitted('Not for members')
    await expect(reviewShowcase(db(cast.member), { videoId: id, approve: true })).rejects.toThrow('Only site administrators review the showcase.')
    await expect(reviewShowcase(db(cast.siteAdmin), { videoId: 'not-an-id', approve: true })).rejects.toThrow('Choose a video to review.')
    const { id: draft } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Never submitted', template: 'classic-tour', format: 'portrait' })
    await expect(reviewShowcase(db(cast.siteAdmin), { videoId: draft, approve: true })).rejects.toThrow('That video was not submitted to the showcase.')
    // a member's own session sees none of the waiting list's other teams, and cannot list through the screen's query
    expect((await listSubmissions(db(cast.outsider), { state: 'submitted', page: 1 })).items.map((v) => v.id)).not.toContain(id)
    expect((await behind<{ showcase: string }>(cast, 'videos', { id }))[0].showcase).toBe('submitted')
  })
})
