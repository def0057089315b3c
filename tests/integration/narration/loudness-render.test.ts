import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIX_TARGET_LUFS, MIX_TOLERANCE_LU, MIX_TRUE_PEAK_DBTP, VOICE_OVER_MUSIC_DB } from '../../../lib/audio/targets.ts'
import { applyNarrations } from '../../../lib/narration/apply.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import { narrateScenes } from '../../../lib/narration/narrate.ts'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import { timelineFor, type TemplateId } from '../../../remotion/catalog.ts'
import { narrationOffsetFrames, segmentStarts } from '../../../remotion/duration.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { ffmpegLoudness } from '../../helpers/loudness.ts'
import { assembleCast, behind, db, insertVoice, listingWithPhotos, must, type Cast } from '../videos/fixtures.ts'

// Real renders through the worker's path as queued (the in-browser renderer, renderMedia when it
// cannot), narrated by the quietest and the loudest Flite voices (kal16 spoke at −28 LUFS, slt at
// −16 before normalisation) over shipped music at the product's levels, measured by ffmpeg's EBU
// R128 meter: the whole mix at the target (±1 LU), its true peak under the ceiling, and the voice
// ≥ 12 dB above the ducked music (a window of speech against the music alone in the held pause
// between two clips).

const SCRIPTS = ['A bright open kitchen with room for the whole family.', 'The garden faces south and catches the evening sun.']

describe('the loudness of finished videos', () => {
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

  const cases: { voice: string; template: TemplateId; format: 'landscape' | 'square'; music: string }[] = [
    { voice: 'kal16', template: 'luxury-estate', format: 'landscape', music: '/music/skyline.m4a' },
    { voice: 'slt', template: 'classic-tour', format: 'square', music: '/music/front-porch.m4a' },
  ]

  it.each(cases)('$voice over $music in $template lands at the target with the voice on top', { timeout: 600_000 }, async ({ voice, template, format, music }) => {
    const voiceId = await insertVoice(cast, { name: `Voice ${voice}`, language: 'en-US', provider: 'flite', provider_voice_id: voice })
    const { listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Kitchen', 'Garden'])
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Loud', template, format, voiceId })
    const before = (await behind<{ version: number; props: VideoProps }>(cast, 'videos', { id }))[0]
    const scenes = before.props.scenes.slice(0, 2).map((s, i) => ({ ...s, script: SCRIPTS[i] }))
    const spoken = await narrateScenes(db(cast.member), cast.teamId, id, { voiceId, scenes: scenes.map((s) => ({ id: s.id, script: s.script! })) }, { providers: { flite: localProvider } })
    const props: VideoProps = {
      ...before.props,
      scenes: applyNarrations(scenes, spoken.narrations),
      show: { ...before.props.show, facts: false, features: false },
      music: { src: music, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 },
    }
    const saved = await saveVideo(db(cast.member), cast.member.id, cast.teamId, id, { title: 'Loud', template, format, voiceId, props, expectedVersion: before.version })
    expect(saved.status).toBe('saved')

    const timeline = timelineFor(template, props)
    const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: timeline.durationInFrames }), 'queue') as string
    expect(await processNextRun({ db: cast.service, renderer, workerId: 'loudness-test', scale: 0.25 })).toBe(true)
    const run = (await behind<{ status: string; output_path: string | null; error_message: string | null }>(cast, 'render_runs', { id: runId }))[0]
    expect(run).toMatchObject({ status: 'succeeded', error_message: null })
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'loudness-render-')), 'out.mp4')
    writeFileSync(file, Buffer.from(await must(await cast.service.storage.from(RENDERS_BUCKET).download(run.output_path!), 'mp4').arrayBuffer()))

    const whole = await ffmpegLoudness(file)
    expect(Math.abs(whole.integratedLufs - MIX_TARGET_LUFS), `${voice}: ${whole.integratedLufs} LUFS`).toBeLessThanOrEqual(MIX_TOLERANCE_LU)
    expect(whole.truePeakDbtp, `${voice}: ${whole.truePeakDbtp} dBTP`).toBeLessThanOrEqual(MIX_TRUE_PEAK_DBTP)

    // the first scene's speech against the ducked music in the pause before the second scene speaks
    const starts = segmentStarts(timeline)
    const photos = timeline.segments.flatMap((s, i) => (s.kind === 'photo' ? [i] : []))
    const fps = timeline.fps
    const speechFrom = (starts[photos[0]] + narrationOffsetFrames(timeline)) / fps
    const speechTo = speechFrom + props.scenes[0].narration!.seconds
    const nextFrom = (starts[photos[1]] + narrationOffsetFrames(timeline)) / fps
    const speech = await ffmpegLoudness(file, { from: speechFrom + 0.3, to: speechTo - 0.3 })
    const pause = await ffmpegLoudness(file, { from: speechTo + 0.05, to: nextFrom - 0.05 })
    expect(nextFrom - speechTo, 'a held pause long enough to measure').toBeGreaterThan(0.5)
    expect(speech.integratedLufs - pause.integratedLufs, `${voice}: speech ${speech.integratedLufs}, ducked music ${pause.integratedLufs}`).toBeGreaterThanOrEqual(VOICE_OVER_MUSIC_DB)
    // and the music is really there under the pause (not silence)
    expect(pause.integratedLufs).toBeGreaterThan(-60)
    console.log(`[loudness] ${voice} ${template}: ${whole.integratedLufs} LUFS, ${whole.truePeakDbtp} dBTP, speech ${speech.integratedLufs} vs ducked music ${pause.integratedLufs}`)
  })
})
