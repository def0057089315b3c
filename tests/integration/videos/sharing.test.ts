import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { sharedPosterResponse } from '../../../lib/share/shared-video.ts'
import { renderedByStorage, webPoster } from '../../../lib/share/web-posters.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 13: a rendered video shared on its public page, and the showcase. Only the functions may
// change sharing; the public read answers only for shared, rendered videos, and only their public fields.

describe('sharing and the showcase', () => {
  let cast: Cast
  let listingId: string
  type Shared = Record<string, unknown>

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 10, reason: 'admin_grant' }).select('id'), 'credits')
  })
  afterAll(async () => {
    await cast?.standIn.stop()
  })

  /** A video with a finished render, as the worker leaves it (queue, claim, complete). */
  const renderedVideo = async (title: string) => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title, template: 'classic-tour', format: 'portrait' })
    const { version, share_id } = (await behind<{ version: number; share_id: string }>(cast, 'videos', { id }))[0]
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue') as string
    must(await cast.service.rpc('claim_render_run', { p_worker_id: 'test' }), 'claim')
    const folder = `${cast.teamId}/renders/${runId}`
    const done = await cast.service.rpc('complete_render_run', { p_run_id: runId, p_output_path: `${folder}/video.mp4`, p_output_bytes: 1000, p_poster_path: `${folder}/poster.jpg`, p_duration_s: 10 })
    expect(done.error).toBeNull()
    return { id, shareId: share_id }
  }
  const publicRead = async (shareId: string) => must(await cast.visitor.rpc('shared_video', { p_share_id: shareId }), 'read') as Shared[]

  it('shares only a rendered video, only by a member, and only through the function', async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Draft', template: 'classic-tour', format: 'portrait' })
    expect((await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: true })).error?.message).toBe('Render the video before sharing it.')
    const rendered = await renderedVideo('Rendered')
    expect((await cast.outsider.client.rpc('set_video_shared', { p_video_id: rendered.id, p_shared: true })).error?.message).toBe('That video no longer exists, or it belongs to another team.')
    expect((await cast.visitor.rpc('set_video_shared', { p_video_id: rendered.id, p_shared: true })).error).not.toBeNull()
    // the column is not writable by people directly
    const direct = await cast.member.client.from('videos').update({ is_shared: true } as never).eq('id', rendered.id).select('id')
    expect(direct.error).not.toBeNull()
    expect((await behind<{ is_shared: boolean }>(cast, 'videos', { id: rendered.id }))[0].is_shared).toBe(false)
    expect(must(await cast.member.client.rpc('set_video_shared', { p_video_id: rendered.id, p_shared: true }), 'share')).toBe(rendered.shareId)
  })

  it('shows a visitor the public fields of a shared, rendered video, and nothing once unshared', async () => {
    const { id, shareId } = await renderedVideo('Public')
    expect(await publicRead(shareId)).toEqual([])
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: true }), 'share')
    const [row] = await publicRead(shareId)
    expect(Object.keys(row).sort()).toEqual(['agent', 'brand_color', 'format', 'listing', 'output_codec', 'output_path', 'poster_path', 'share_id', 'team_id', 'title', 'updated_at', 'video_id'])
    // the team id (already the first folder of output_path) lets the page check what it signs
    expect(row).toMatchObject({ title: 'Public', format: 'portrait', share_id: shareId, output_codec: 'h264', team_id: cast.teamId })
    expect((row.listing as { address: { line: string } }).address.line).toBeTruthy()
    // unknown, malformed and hostile ids answer nothing
    for (const bad of ['x', `${shareId}x`, "' or 1=1 --", '%', shareId.toLowerCase() === shareId ? shareId.toUpperCase() : shareId.toLowerCase()]) {
      expect(await publicRead(bad)).toEqual([])
    }
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: false }), 'unshare')
    expect(await publicRead(shareId)).toEqual([])
    // visitors still cannot read videos themselves
    expect((await cast.visitor.from('videos').select('id')).error?.message).toMatch(/permission denied/)
  })

  it('takes a submission to the showcase only once shared; lists it when a site admin approves; unsharing withdraws it', async () => {
    const { id, shareId } = await renderedVideo('Showcase')
    const listed = async () => (must(await cast.visitor.rpc('showcase_videos', { p_format: null, p_limit: 48, p_offset: 0 }), 'showcase') as { share_id: string }[]).map((v) => v.share_id)
    expect((await cast.member.client.rpc('set_video_showcase', { p_video_id: id, p_submit: true })).error?.message).toBe('Share the video before submitting it to the showcase.')
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: true }), 'share')
    expect(must(await cast.member.client.rpc('set_video_showcase', { p_video_id: id, p_submit: true }), 'submit')).toBe('submitted')
    expect(await listed()).not.toContain(shareId)
    expect((await cast.member.client.rpc('review_showcase', { p_video_id: id, p_approve: true })).error?.message).toBe('Only site administrators review the showcase')
    expect(must(await cast.siteAdmin.client.rpc('review_showcase', { p_video_id: id, p_approve: true }), 'approve')).toBe('approved')
    expect(await listed()).toContain(shareId)
    // the tile is named by the listing's title, as the share page is (the video's name only without one)
    const row = (must(await cast.visitor.rpc('showcase_videos', { p_limit: 48 }), 'rows') as { share_id: string; title: string; listing_title: string | null }[]).find((v) => v.share_id === shareId)
    const stored = (await behind<{ props: { listing: { title?: string } } }>(cast, 'videos', { id }))[0]
    expect(stored.props.listing.title?.trim()).toBeTruthy()
    expect(row).toMatchObject({ title: 'Showcase', listing_title: stored.props.listing.title?.trim() })
    // filtered by format
    expect((must(await cast.visitor.rpc('showcase_videos', { p_format: 'landscape' }), 'landscape') as { share_id: string }[]).map((v) => v.share_id)).not.toContain(shareId)
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: false }), 'unshare')
    expect(await listed()).not.toContain(shareId)
    expect((await behind<{ showcase: string }>(cast, 'videos', { id }))[0].showcase).toBe('none')
  })

  it('serves the poster at a page width from a stored WebP, made once, with an ETag the browser revalidates', async () => {
    const { id, shareId } = await renderedVideo('Poster')
    const folder = (await behind<{ output_path: string }>(cast, 'videos', { id }))[0].output_path.replace(/\/video\.mp4$/, '')
    // a render from before the worker stored web posters (or from Lambda): only poster.jpg
    const jpeg = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#c0603a' } }).jpeg().toBuffer()
    must(await cast.service.storage.from(RENDERS_BUCKET).upload(`${folder}/poster.jpg`, jpeg, { contentType: 'image/jpeg' }), 'poster')
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: true }), 'share')
    const clients = { db: cast.visitor, admin: cast.service as never }

    const first = await sharedPosterResponse(shareId, 480, null, clients)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(480)
    const stored = await cast.service.storage.from(RENDERS_BUCKET).download(`${folder}/poster-480.webp`)
    expect(stored.data?.type).toBe('image/webp')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    const again = await sharedPosterResponse(shareId, 480, etag, clients)
    expect(again.status).toBe(304)

    // made by Storage's image renderer (transformations on, as in the stand-in), or by sharp here
    const bucket = cast.service.storage.from(RENDERS_BUCKET)
    const byStorage = await renderedByStorage(bucket, `${folder}/poster.jpg`, 720)
    expect(await sharp(byStorage!).metadata()).toMatchObject({ format: 'webp', width: 720, height: 1280 })
    const bySharp = await webPoster(bucket, `${folder}/poster.jpg`, 720, false)
    expect(await sharp(bySharp!).metadata()).toMatchObject({ format: 'webp', width: 720, height: 1280 })

    // unshared: nothing, whatever the browser kept
    must(await cast.member.client.rpc('set_video_shared', { p_video_id: id, p_shared: false }), 'unshare')
    expect((await sharedPosterResponse(shareId, 480, etag, clients)).status).toBe(404)
  })
})
