import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { probe } from '../../../worker/ffmpeg.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { SegmentStore } from '../../../worker/segments/store.ts'
import { renderAheadOnce } from '../../../worker/segments/ahead.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import { planSegments } from '../../../worker/segments/plan.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { frameOf, ssimOf } from '../../../scripts/lib/frames.ts'
import { assembleCast, behind, db, downloadRender, listingWithPhotos, must, type Cast } from './fixtures.ts'
import { beepOnsets, BEEPS, beepsWav } from './beeps.ts'

// Issue 28: renders through the segment cache. A render that reuses segments makes the same file a
// full render makes (SSIM, frame count, length, the music's beeps on time); an edit to one scene
// re-renders only the segments that show it; a render ahead fills the cache without a run or a
// credit and gives way to a real run; the cache never serves another team.

type Run = { id: string; status: string; output_path: string | null; reused_frames: number; error_message: string | null; duration_s: number | null; rendered_frames: number }

const FRAMES: [number, number] = [0, 449]
const COUNT = FRAMES[1] + 1
// half size: at a quarter, two encodes of the same frames at that bitrate differ by SSIM ≈ 0.985
const SCALE = 0.5
const SIZE = { width: 540, height: 960 }

describe('the render cache', () => {
  let cast: Cast
  let listingId: string
  let musicId: string
  const renderer = new FallbackRenderer()
  let store: SegmentStore

  beforeAll(async () => {
    cast = await assembleCast()
    store = new SegmentStore(cast.service)
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Kitchen', 'Garden', 'Bath']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 20, reason: 'admin_grant' }).select('id'), 'credits')
    const body = beepsWav()
    const musicPath = `${cast.teamId}/audio/${crypto.randomUUID()}/beeps.wav`
    must(await cast.member.client.storage.from('media').upload(musicPath, body, { contentType: 'audio/wav' }), 'music file')
    musicId = (must(
      await cast.member.client.from('media_assets').insert({ team_id: cast.teamId, kind: 'audio', path: musicPath, name: 'Beeps', mime: 'audio/wav', bytes: body.length, duration_s: 4 }).select('id').single(),
      'music row',
    ) as { id: string }).id
    expect((await renderer.ready()).path).toBe('web')
  }, 120_000)
  afterAll(async () => {
    await renderer.close()
    await cast?.standIn.stop()
  })

  const download = (storagePath: string) => downloadRender(cast, storagePath)

  /** Queues a run of the video as it is now and renders it, with or without the cache. */
  const render = async (videoId: string, cached: boolean): Promise<{ run: Run; file: string }> => {
    const video = (await behind<{ version: number; props: VideoProps }>(cast, 'videos', { id: videoId }))[0]
    const timeline = timelineFor('classic-tour', video.props)
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: videoId, p_expected_version: video.version, p_codec: 'h264', p_total_frames: timeline.durationInFrames }), 'queue') as string
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'cache-test', frameRange: FRAMES, scale: SCALE, segments: cached ? store : null })).toBe(true)
    const run = (await behind<Run>(cast, 'render_runs', { id: runId }))[0]
    expect(run, run.error_message ?? '').toMatchObject({ status: 'succeeded' })
    return { run, file: await download(run.output_path!) }
  }

  const editCaption = async (videoId: string, scene: number, caption: string) => {
    const video = (await behind<{ props: VideoProps }>(cast, 'videos', { id: videoId }))[0]
    const props = { ...video.props, scenes: video.props.scenes.map((s, i) => (i === scene ? { ...s, caption } : s)) }
    must(await cast.member.client.from('videos').update({ props }).eq('id', videoId).select('id'), 'edit')
    return props
  }

  const sameFile = async (a: string, b: string, frames: number[]) => {
    if (process.env.CACHE_TEST_LOG) console.log(`comparing ${a} with ${b}`)
    const [pa, pb] = await Promise.all([probe(a), probe(b)])
    const v = (p: typeof pa) => p.streams.find((s) => s.codec_type === 'video')!
    expect(Number(v(pb).nb_frames)).toBe(Number(v(pa).nb_frames))
    expect(Number(pb.format.duration)).toBeCloseTo(Number(pa.format.duration), 1)
    const scores = []
    for (const frame of frames) {
      const score = ssimOf(await frameOf(a, frame, 30, SIZE), await frameOf(b, frame, 30, SIZE))
      scores.push(score)
      expect(score, `frame ${frame}: SSIM ${score}`).toBeGreaterThanOrEqual(0.99)
      if (process.env.CACHE_TEST_LOG) console.log(`frame ${frame}: SSIM ${score.toFixed(4)}`)
    }
    return scores
  }

  it('reuses every segment the second time and makes the file a full render makes; a caption edit re-renders only its segments', { timeout: 600_000 }, async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Cached', template: 'classic-tour', format: 'portrait', musicAssetId: musicId })
    const full = await render(id, false)
    expect(full.run.reused_frames).toBe(0)

    const first = await render(id, true)
    expect(first.run.reused_frames).toBe(0)
    const video = (await behind<{ props: VideoProps }>(cast, 'videos', { id }))[0]
    const plan = planSegments(timelineFor('classic-tour', video.props), ...FRAMES)
    expect(plan.length).toBeGreaterThan(2)
    const rows = await behind<{ kind: string; speculative: boolean }>(cast, 'render_segments', { video_id: id })
    expect(rows.filter((r) => r.kind === 'video')).toHaveLength(plan.length)
    expect(rows.filter((r) => r.kind === 'audio')).toHaveLength(1)
    expect(rows.every((r) => !r.speculative)).toBe(true)

    const again = await render(id, true)
    expect(again.run.reused_frames).toBe(COUNT)
    // frames on both sides of every join, and the middle of each segment
    const probes = plan.flatMap((s) => [s.from, Math.round((s.from + s.to) / 2), Math.min(s.to, COUNT - 2)])
    await sameFile(full.file, again.file, probes)
    const onsets = await beepOnsets(again.file)
    for (const [i, at] of BEEPS.entries()) {
      expect(Math.abs(onsets[i] - at), `beep at ${at} s came at ${onsets[i]} s`).toBeLessThan(1 / 30)
    }

    // scene 2's caption: only the segments that show scene 2 render again
    const edited = await editCaption(id, 1, 'A kitchen to cook in')
    const timeline = timelineFor('classic-tour', edited)
    const showing = planSegments(timeline, ...FRAMES).filter((s) => s.overlaps.some((o) => o.sceneIndex === 1))
    const partial = await render(id, true)
    const showingFrames = showing.reduce((sum, s) => sum + Math.min(s.to, FRAMES[1]) - s.from + 1, 0)
    expect(partial.run.reused_frames).toBe(COUNT - showingFrames)
    expect(showingFrames).toBeLessThan(COUNT / 2)
    const fullEdited = await render(id, false)
    await sameFile(fullEdited.file, partial.file, probes)
  })

  it('never serves one team the segments of another', { timeout: 60_000 }, async () => {
    const other = await assembleCast()
    try {
      const rows = await behind<{ key: string }>(cast, 'render_segments', { team_id: cast.teamId })
      expect(rows.length).toBeGreaterThan(0)
      const keys = rows.map((r) => r.key)
      expect((await new SegmentStore(other.service).found(other.teamId, keys)).size).toBe(0)
      expect((await store.found(cast.teamId, keys)).size).toBe(keys.length)
      // members read no rows at all (the worker alone uses the table)
      const { data, error } = await cast.member.client.from('render_segments').select('key')
      expect(error?.message ?? '').toMatch(/permission denied/)
      expect(data).toBeNull()
      // and the files of one team cannot be read by another's member
      const file = (await behind<{ path: string }>(cast, 'render_segments', { team_id: cast.teamId }))[0].path
      const stolen = await other.member.client.storage.from(RENDERS_BUCKET).download(file)
      expect(stolen.data).toBeNull()
    } finally {
      await other.standIn.stop()
    }
  })

  it('renders ahead without a run or a credit, gives way to a real run, and keeps what it finished', { timeout: 300_000 }, async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Ahead', template: 'classic-tour', format: 'square' })
    const balance = async () => must(await cast.service.rpc('team_credit_balance', { p_team_id: cast.teamId }), 'balance') as number
    const before = await balance()
    const web = renderer.webPath()!
    // settled at once for the test (the worker waits 20 s after the last edit)
    const outcome = await renderAheadOnce({ db: cast.service, renderer: web, store, scale: SCALE, maxFrames: COUNT, settleSeconds: 0 })
    expect(outcome).toMatchObject({ videoId: id, preempted: false })
    expect(outcome!.report!.renderedFrames).toBe(COUNT)
    const rows = await behind<{ speculative: boolean; kind: string }>(cast, 'render_segments', { video_id: id })
    expect(rows.length).toBeGreaterThan(2)
    expect(rows.every((r) => r.speculative)).toBe(true)
    expect(await balance()).toBe(before)
    expect(await behind(cast, 'render_runs', { video_id: id })).toHaveLength(0)

    // the click: everything is in the cache, the run only joins (and takes its credit as always)
    const clicked = await render(id, true)
    expect(clicked.run.reused_frames).toBe(COUNT)
    expect(await balance()).toBe(before - 1)

    // an edit, then a render ahead that a queued run stops
    await editCaption(id, 0, 'The front, freshly painted')
    const ahead = renderAheadOnce({ db: cast.service, renderer: web, store, scale: SCALE, maxFrames: COUNT, settleSeconds: 0 })
    await new Promise((r) => setTimeout(r, 1500))
    const video = (await behind<{ version: number; props: VideoProps }>(cast, 'videos', { id }))[0]
    must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: video.version, p_codec: 'h264', p_total_frames: timelineFor('classic-tour', video.props).durationInFrames }), 'queue')
    const stopped = await ahead
    expect(stopped?.preempted).toBe(true)
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'cache-test', frameRange: FRAMES, scale: SCALE, segments: store })).toBe(true)

    // the hourly budget: none left, nothing is rendered ahead
    await editCaption(id, 0, 'The front, again')
    expect(await renderAheadOnce({ db: cast.service, renderer: web, store, scale: SCALE, maxFrames: COUNT, settleSeconds: 0, teamFramesPerHour: 1 })).toBeNull()
  })

  it('goes with its video: rows at once, files at the next upkeep', { timeout: 60_000 }, async () => {
    const rows = await behind<{ path: string; video_id: string }>(cast, 'render_segments', { team_id: cast.teamId })
    const videoId = rows[0].video_id
    const paths = rows.filter((r) => r.video_id === videoId).map((r) => r.path)
    must(await cast.member.client.from('videos').delete().eq('id', videoId).select('id'), 'delete video')
    expect(await behind(cast, 'render_segments', { video_id: videoId })).toHaveLength(0)
    // files younger than a minute are left alone (one may be on its way in): age them
    await cast.standIn.db.query(`update storage.objects set created_at = now() - interval '2 minutes' where bucket_id = 'renders' and name = any($1)`, [paths])
    const purged = await store.purge()
    expect(purged.files).toBeGreaterThanOrEqual(paths.length)
    const left = await cast.service.storage.from(RENDERS_BUCKET).download(paths[0])
    expect(left.data).toBeNull()
    // expired and over-budget segments go too
    const remaining = await behind<{ key: string }>(cast, 'render_segments', { team_id: cast.teamId })
    expect(remaining.length).toBeGreaterThan(0)
    await store.purge('14 days', 0)
    expect(await behind(cast, 'render_segments', { team_id: cast.teamId })).toHaveLength(0)
  })
})
