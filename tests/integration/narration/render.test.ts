import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyNarrations } from '../../../lib/narration/apply.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import { narrateScenes } from '../../../lib/narration/narrate.ts'
import { readWav } from '../../../lib/narration/wav.ts'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { probe, runFf } from '../../../worker/ffmpeg.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { refPath } from '../../../lib/videos/media-refs.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import { narrationOffsetFrames, segmentStarts } from '../../../remotion/duration.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { assembleCast, behind, db, insertVoice, listingWithPhotos, must, type Cast } from '../videos/fixtures.ts'

// A real render of a narrated scene (the worker's path, as queued): the MP4 has an audio stream the
// length of the video, and the voice starts where the timeline puts it (the scene's start plus its
// transition in, plus Flite's own lead silence), i.e. SceneNarration plays the clip in place.

const RATE = 16_000

/** Seconds to the first sample louder than `threshold` (16-bit) in mono PCM. */
function onset(pcm: Buffer, rate: number, threshold = 800): number {
  for (let i = 0; i + 1 < pcm.length; i += 2) if (Math.abs(pcm.readInt16LE(i)) > threshold) return i / 2 / rate
  return Number.NaN
}

describe('a render with narration', () => {
  let cast: Cast
  const renderer = new FallbackRenderer()
  beforeAll(async () => {
    cast = await assembleCast()
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 10, reason: 'admin_grant' }).select('id'), 'credits')
  })
  afterAll(async () => {
    await renderer.close()
    await cast?.standIn.stop()
  })

  it('plays the scene’s clip at the scene’s narration start, in an audio stream as long as the video', { timeout: 300_000 }, async () => {
    const voiceId = await insertVoice(cast, { name: 'Sarah', language: 'en-US', provider: 'flite', provider_voice_id: 'slt' })
    const { listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front'])
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Spoken', template: 'social-reel', format: 'portrait', voiceId })
    const before = (await behind<{ version: number; props: VideoProps }>(cast, 'videos', { id }))[0]
    const script = 'A bright open kitchen with room for the whole family.'
    const spoken = await narrateScenes(db(cast.member), cast.teamId, id, { voiceId, scenes: [{ id: before.props.scenes[0].id, script }] }, { providers: { flite: localProvider } })
    const props = { ...before.props, scenes: applyNarrations(before.props.scenes.map((s) => ({ ...s, script })), spoken.narrations) }
    const saved = await saveVideo(db(cast.member), cast.member.id, cast.teamId, id, { title: 'Spoken', template: 'social-reel', format: 'portrait', voiceId, props, expectedVersion: before.version })
    expect(saved.status).toBe('saved')
    const narration = props.scenes[0].narration!

    // the clip's own first sound
    const clip = Buffer.from(await must(await cast.member.client.storage.from('media').download(refPath(narration.src)), 'clip').arrayBuffer())
    const info = readWav(clip)
    const clipOnset = onset(clip.subarray(clip.length - info.dataBytes), info.sampleRate)

    const timeline = timelineFor('social-reel', props)
    const at = timeline.segments.findIndex((s) => s.kind === 'photo')
    const speechStart = (segmentStarts(timeline)[at] + narrationOffsetFrames(timeline)) / timeline.fps + clipOnset
    const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: timeline.durationInFrames }), 'queue') as string
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'narration-test', scale: 0.5 })).toBe(true)
    const run = (await behind<{ status: string; output_path: string | null; error_message: string | null }>(cast, 'render_runs', { id: runId }))[0]
    expect(run).toMatchObject({ status: 'succeeded', error_message: null })

    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'narration-render-')), 'out.mp4')
    writeFileSync(file, Buffer.from(await must(await cast.service.storage.from(RENDERS_BUCKET).download(run.output_path!), 'mp4').arrayBuffer()))
    const { streams, format } = await probe(file)
    const audio = streams.find((s) => s.codec_type === 'audio')
    expect(audio?.codec_name).toBe('aac')
    const seconds = timeline.durationInFrames / timeline.fps
    expect(Number(format.duration)).toBeCloseTo(seconds, 1)
    expect(Math.abs(Number(audio!.duration) - seconds)).toBeLessThan(0.1)

    const wav = await runFf('ffmpeg', ['-i', file, '-vn', '-ac', '1', '-ar', String(RATE), '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'])
    const pcm = wav.subarray(wav.indexOf('data') + 8)
    const heard = onset(pcm, RATE)
    expect(Math.abs(heard - speechStart), `voice at ${heard} s, expected ${speechStart} s`).toBeLessThan(0.08)
    // and it is the whole clip: sound continues until about the clip's end
    const tail = pcm.subarray(Math.round((speechStart - clipOnset + narration.seconds - 0.8) * RATE) * 2, Math.round((speechStart - clipOnset + narration.seconds) * RATE) * 2)
    expect(onset(tail, RATE, 300)).not.toBeNaN()
  })
})
