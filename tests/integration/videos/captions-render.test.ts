import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimateWordTimings } from '../../../lib/narration/timing.ts'
import { readWav } from '../../../lib/narration/wav.ts'
import { fliteSpeak } from '../../../lib/voices/flite.ts'
import { ffBinary, probe } from '../../../worker/ffmpeg.ts'
import { LocalRenderer } from '../../../worker/local-renderer.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { fetchRenderRuns, queueRender } from '../../../lib/render/queue.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 16, part C, end to end against the stand-in with the real clients: a scene spoken by Flite
// (estimated word timings) and stored in the team's media, captions on, queued as the unbranded cut
// through the real queue_render, rendered by the worker with Remotion's renderMedia, then checked
// with ffprobe: an audio stream as long as the video that carries the voice, and captions.srt /
// captions.vtt beside the MP4 whose last cue ends inside the audio.

const SCRIPT = 'Welcome home. A bright kitchen, two bedrooms and a garden.'
const AGENT_LINE = 'Call Maya Thompson to arrange a viewing.'

type Run = { id: string; status: string; unbranded: boolean; props: VideoProps; output_path: string | null; captions_srt_path: string | null; captions_vtt_path: string | null; duration_s: number | null; error_message: string | null }

describe('captions and the unbranded cut, rendered', () => {
  let cast: Cast
  let videoId: string
  let narration: NonNullable<VideoProps['scenes'][number]['narration']>
  const renderer = new LocalRenderer()

  beforeAll(async () => {
    cast = await assembleCast()
    const { listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front'])
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 5, reason: 'admin_grant' }).select('id'), 'credits')
    ;({ id: videoId } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Spoken tour', template: 'social-reel', format: 'square' }))
    // the voice: Flite, measured from its own WAV header, words estimated over that length
    const audio = await fliteSpeak('slt', SCRIPT)
    const seconds = readWav(audio).seconds
    const clip = `${cast.teamId}/narration/captions-test.wav`
    must(await cast.member.client.storage.from('media').upload(clip, audio, { contentType: 'audio/wav', upsert: true }), 'upload clip')
    narration = { src: `media:${clip}`, seconds, text: SCRIPT, voiceId: 'flite-slt', timing: 'estimated', words: estimateWordTimings(SCRIPT, seconds) }
  }, 120_000)
  afterAll(async () => {
    await renderer.close()
    await cast?.standIn.stop()
  })

  const save = async (patch: (props: VideoProps) => VideoProps) => {
    const row = must(await cast.member.client.from('videos').select('props, version, title, template, format').eq('id', videoId).single(), 'video') as {
      props: VideoProps; version: number; title: string; template: 'social-reel'; format: 'square'
    }
    await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, { title: row.title, template: row.template, format: row.format, props: patch(row.props), expectedVersion: row.version })
  }
  const balance = async () => must(await cast.service.rpc('team_credit_balance', { p_team_id: cast.teamId }), 'balance') as number

  it('refuses an unbranded cut whose narration names the agent, before any credit is taken', async () => {
    await save((p) => ({
      ...p,
      agent: { fullName: 'Maya Thompson', phone: '(503) 555-0142' },
      captions: { enabled: true, style: 'words' },
      scenes: [{ ...p.scenes[0], script: AGENT_LINE, narration: { ...narration, text: AGENT_LINE } }],
    }))
    const before = await balance()
    await expect(queueRender(db(cast.member), cast.member.id, cast.teamId, videoId, { codec: 'h264', unbranded: true })).rejects.toThrow(
      /The unbranded cut would still name the agent: Scene 1's narration says “Maya Thompson”/,
    )
    expect(await balance()).toBe(before)
    expect(await behind(cast, 'render_runs', { video_id: videoId })).toHaveLength(0)
  })

  it('queues the unbranded cut atomically (flag on the run and in its snapshot), renders voice and captions, writes SRT/VTT inside the audio', { timeout: 300_000 }, async () => {
    await save((p) => ({ ...p, scenes: [{ ...p.scenes[0], script: SCRIPT, narration }] }))
    const before = await balance()
    const { runId } = await queueRender(db(cast.member), cast.member.id, cast.teamId, videoId, { codec: 'h264', unbranded: true })
    expect(await balance()).toBe(before - 1)
    const queued = (await behind<Run>(cast, 'render_runs', { id: runId }))[0]
    expect(queued.unbranded).toBe(true)
    expect(queued.props.unbranded).toBe(true)
    expect(queued.props.agent?.fullName).toBe('Maya Thompson') // kept in the snapshot; the templates drop it

    expect(await processNextRun({ db: cast.service, renderer, workerId: 'captions-test', scale: 0.25 })).toBe(true)
    const run = (await behind<Run>(cast, 'render_runs', { id: runId }))[0]
    expect(run.error_message).toBeNull()
    expect(run.status).toBe('succeeded')
    const folder = `${cast.teamId}/renders/${runId}`
    expect([run.captions_srt_path, run.captions_vtt_path]).toEqual([`${folder}/captions.srt`, `${folder}/captions.vtt`])

    const dir = mkdtempSync(path.join(os.tmpdir(), 'captions-render-'))
    const download = async (p: string) => Buffer.from(await must(await cast.member.client.storage.from(RENDERS_BUCKET).download(p), p).arrayBuffer())
    const file = path.join(dir, 'out.mp4')
    writeFileSync(file, await download(run.output_path!))
    const info = await probe(file)
    const video = info.streams.find((s) => s.codec_type === 'video')!
    const audio = info.streams.find((s) => s.codec_type === 'audio')!
    expect(audio.codec_name).toBe('aac')
    const audioSeconds = Number(audio.duration)
    expect(Math.abs(audioSeconds - Number(video.duration))).toBeLessThan(0.1)
    expect(Math.abs(audioSeconds - run.duration_s!)).toBeLessThan(0.1)

    // the voice is in the mix: loud where the scene speaks, against a silent video without music
    const srt = (await download(run.captions_srt_path!)).toString('utf8')
    const vtt = (await download(run.captions_vtt_path!)).toString('utf8')
    const seconds = (t: string) => t.split(/[:,.]/).map(Number).reduce((acc, n, i) => (i < 3 ? acc * 60 + n : acc + n / 1000), 0)
    const times = [...srt.matchAll(/^(\d\d:\d\d:\d\d,\d{3}) --> (\d\d:\d\d:\d\d,\d{3})$/gm)].map((m) => [seconds(m[1]), seconds(m[2])])
    expect(times.length).toBeGreaterThanOrEqual(2)
    const [firstStart, lastEnd] = [times[0][0], times[times.length - 1][1]]
    expect(lastEnd).toBeLessThanOrEqual(audioSeconds)
    const { file: ffmpeg, env } = ffBinary('ffmpeg')
    /** peak level in dBFS of the file's audio between two times (decoded to 8 kHz mono PCM; this ffmpeg has no volumedetect nor raw output) */
    const level = (from: number, length: number) => {
      const out = spawnSync(ffmpeg, ['-hide_banner', '-v', 'error', '-ss', String(from), '-t', String(length), '-i', file, '-vn', '-ac', '1', '-ar', '8000', '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'], { env, maxBuffer: 64 << 20 })
      if (out.status !== 0) throw new Error(`decoding the audio failed: ${out.stderr.toString().slice(-400)}`)
      const wav = out.stdout as Buffer
      const pcm = wav.subarray(wav.indexOf('data') + 8)
      let peak = 0
      for (let i = 0; i + 1 < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)))
      return peak ? 20 * Math.log10(peak / 32768) : -Infinity
    }
    expect(level(firstStart, lastEnd - firstStart)).toBeGreaterThan(-30)
    expect(level(0, Math.max(0.2, firstStart - 0.4))).toBeLessThan(-60)

    expect(srt.startsWith('1\n')).toBe(true)
    expect(srt).toContain('Welcome home.')
    expect(vtt.startsWith('WEBVTT\n\n1\n')).toBe(true)
    expect(vtt.replace(/^WEBVTT\n\n/, '')).toBe(srt.replace(/(\d\d:\d\d:\d\d),(\d{3})/g, '$1.$2'))
    const vttTimes = [...vtt.matchAll(/ --> (\d\d:\d\d:\d\d\.\d{3})$/gm)]
    expect(seconds(vttTimes[vttTimes.length - 1][1])).toBeLessThanOrEqual(audioSeconds)

    // the render card's view: the badge and signed downloads named after the video
    const [view] = await fetchRenderRuns(db(cast.member), cast.teamId, videoId)
    expect(view.unbranded).toBe(true)
    expect(view.captionsSrtUrl).toMatch(/captions\.srt\?token=.*&download=.+-social-reel-square\.srt$/)
    expect(view.captionsVttUrl).toMatch(/download=.+\.vtt$/)
  })

  it('an old caller (no p_unbranded) queues a branded run', async () => {
    const row = (await behind<{ version: number }>(cast, 'videos', { id: videoId }))[0]
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: videoId, p_expected_version: row.version, p_codec: 'h264', p_total_frames: 90 }), 'queue') as string
    const run = (await behind<Run>(cast, 'render_runs', { id: runId }))[0]
    expect(run.unbranded).toBe(false)
    expect('unbranded' in run.props).toBe(false)
    expect((await cast.member.client.rpc('cancel_render', { p_run_id: runId })).error).toBeNull()
  })
})
