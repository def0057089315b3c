import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { WebRenderer } from '../../../worker/web-renderer.ts'
import { probe } from '../../../worker/ffmpeg.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { collectMediaRefs, refPath, withMediaUrls } from '../../../lib/videos/media-refs.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { completeProps, timelineFor } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { frameOf, pictureOf, ssimOf } from '../../../scripts/lib/frames.ts'
import { openPlayerStills } from '../../helpers/player-stills.ts'
import { assembleCast, behind, db, downloadRender, listingWithPhotos, must, type Cast } from './fixtures.ts'
import { beepOnsets, BEEPS, beepsWav } from './beeps.ts'

// Issue 12: the worker's fast path (in the browser, HTML-in-canvas, two tabs joined) through the
// whole queue → storage path, checked with ffprobe, by the timing of the music's beeps across the
// join, and frame by frame against the Player's stills; and the fallback to renderMedia.

describe('the in-browser render path', () => {
  let cast: Cast
  let listingId: string
  let musicId: string
  const renderer = new FallbackRenderer()
  type Run = { id: string; status: string; output_path: string | null; poster_path: string | null; error_message: string | null; duration_s: number | null }

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Kitchen', 'Garden']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 10, reason: 'admin_grant' }).select('id'), 'credits')
    const body = beepsWav()
    const musicPath = `${cast.teamId}/audio/${crypto.randomUUID()}/beeps.wav`
    must(await cast.member.client.storage.from('media').upload(musicPath, body, { contentType: 'audio/wav' }), 'music file')
    musicId = (must(
      await cast.member.client.from('media_assets').insert({ team_id: cast.teamId, kind: 'audio', path: musicPath, name: 'Beeps', mime: 'audio/wav', bytes: body.length, duration_s: 4 }).select('id').single(),
      'music row',
    ) as { id: string }).id
  })
  afterAll(async () => {
    await renderer.close()
    await cast?.standIn.stop()
  })

  const download = (storagePath: string) => downloadRender(cast, storagePath)

  it('renders H.264 High, limited range, with the music in sync across the join, matching the Player', { timeout: 240_000 }, async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Web render', template: 'classic-tour', format: 'portrait', musicAssetId: musicId })
    const video = (await behind<{ version: number; props: VideoProps }>(cast, 'videos', { id }))[0]
    const timeline = timelineFor('classic-tour', video.props)
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: video.version, p_codec: 'h264', p_total_frames: timeline.durationInFrames }), 'queue') as string

    expect((await renderer.ready()).path).toBe('web')
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'web-test', frameRange: [0, 89], scale: 0.5 })).toBe(true)
    expect(renderer.lastPath).toBe('web')
    const run = (await behind<Run>(cast, 'render_runs', { id: runId }))[0]
    expect(run).toMatchObject({ status: 'succeeded', error_message: null })
    expect(run.duration_s).toBeCloseTo(3, 2)

    const file = await download(run.output_path!)
    const { streams, format } = await probe(file)
    const videoStream = streams.find((s) => s.codec_type === 'video')!
    const audioStream = streams.find((s) => s.codec_type === 'audio')!
    // profile 100 is High; limited range, BT.709, no B-frame reordering needed
    expect([videoStream.codec_name, videoStream.profile, videoStream.pix_fmt, videoStream.color_range, videoStream.color_space]).toEqual(['h264', '100', 'yuv420p', 'tv', 'bt709'])
    expect([videoStream.width, videoStream.height, Number(videoStream.nb_frames)]).toEqual([540, 960, 90])
    expect(audioStream.codec_name).toBe('aac')
    expect(Number(format.duration)).toBeCloseTo(3, 1)
    expect(Number(audioStream.duration)).toBeCloseTo(3, 1)
    // +faststart: the index (moov) comes before the media data (mdat), so playback starts at once
    const bytes = readFileSync(file)
    expect(bytes.indexOf('moov')).toBeGreaterThan(0)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))
    const onsets = await beepOnsets(file)
    for (const [i, at] of BEEPS.entries()) expect(Math.abs(onsets[i] - at), `beep at ${at} s came at ${onsets[i]} s`).toBeLessThan(1 / 30)

    // frames against the Player's stills of the same props (same signed media)
    const refs = collectMediaRefs(video.props)
    const signed = must(await cast.service.storage.from('media').createSignedUrls(refs.map(refPath), 600), 'sign') as { signedUrl: string }[]
    const props = completeProps('classic-tour', withMediaUrls(video.props, Object.fromEntries(refs.map((r, i) => [r, signed[i].signedUrl]))))
    const stills = await openPlayerStills()
    try {
      for (const frame of [12, 44, 80]) {
        const png = path.join(path.dirname(file), `still-${frame}.png`)
        writeFileSync(png, await stills.still({ compositionId: 'classic-tour-portrait', props, frame, durationInFrames: timeline.durationInFrames, fps: timeline.fps, width: 540, height: 960 }))
        const size = { width: 540, height: 960 }
        const score = ssimOf(await frameOf(file, frame, timeline.fps, size), await pictureOf(png, size))
        // measured 0.981–0.997 (the first frames are the darkest, where SSIM is strictest)
        expect(score, `frame ${frame}: SSIM ${score}`).toBeGreaterThan(0.97)
      }
    } finally {
      await stills.close()
    }
  })

  it('starts a new Chromium for the next run when the one it had is gone', { timeout: 120_000 }, async () => {
    const web = new WebRenderer({ pages: 1 })
    try {
      await web.ready()
      // what a crash looks like from here: the browser disconnects (reached through the private field)
      await (web as unknown as { browser: { close: () => Promise<void> } }).browser.close()
      const dir = mkdtempSync(path.join(os.tmpdir(), 'web-restart-'))
      const props = completeProps('social-reel', { listing: { address: { line: '1 Test St' }, offer: 'sale', propertyType: 'house' }, scenes: [{ id: 's1', src: '/public/remotion/samples/kitchen.jpg' }] } as VideoProps)
      await web.render(
        { compositionId: 'social-reel-square', inputProps: props as never, codec: 'h264', outputFile: path.join(dir, 'out.mp4'), posterFile: path.join(dir, 'poster.jpg'), posterFrame: 5, frameRange: [0, 9], scale: 0.25, size: { width: 1080, height: 1080, fps: 30, totalFrames: 300 } },
        () => {},
        new AbortController().signal,
      )
      expect(Number((await probe(path.join(dir, 'out.mp4'))).streams.find((s) => s.codec_type === 'video')?.nb_frames)).toBe(10)
    } finally {
      await web.close()
    }
  })

  it('falls back to renderMedia when Chromium has no HTML-in-canvas, and the run still succeeds', { timeout: 180_000 }, async () => {
    const fallback = new FallbackRenderer({ web: { htmlInCanvas: false } })
    try {
      const ready = await fallback.ready()
      expect(ready.path).toBe('renderMedia')
      expect(ready.reason).toMatch(/HTML-in-canvas/)
      const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Fallback', template: 'social-reel', format: 'square' })
      const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
      const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue') as string
      expect(await processNextRun({ db: cast.service, renderer: fallback, workerId: 'fallback-test', frameRange: [0, 29], scale: 0.25 })).toBe(true)
      expect(fallback.lastPath).toBe('renderMedia')
      const run = (await behind<Run>(cast, 'render_runs', { id: runId }))[0]
      expect(run.status).toBe('succeeded')
      const { streams } = await probe(await download(run.output_path!))
      expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 270, height: 270 })
    } finally {
      await fallback.close()
    }
  })
})
