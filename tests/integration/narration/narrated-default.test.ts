import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { narrationState, spokenScript } from '../../../lib/narration/apply.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import type { VoiceProvider } from '../../../lib/narration/provider.ts'
import { narrateStoredVideo } from '../../../lib/narration/video.ts'
import { queueRender } from '../../../lib/render/queue.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { assembleCast, behind, db, insertVoice, listingWithPhotos, must, type Cast } from '../videos/fixtures.ts'

// Issue 25, "narrated by default": a video created with the defaults is spoken on the server as part
// of its creation (a few scenes per call, the create page's progress), and a render never ships a
// video with a voice whose scenes are unspoken or stale: queueRender speaks them first (or, without
// the server's voices, refuses with exactly what is missing). The stand-in, the real clients, Flite.

function counting(provider: VoiceProvider): VoiceProvider & { calls: string[] } {
  const calls: string[] = []
  return { name: provider.name, calls, speak: (text, voice) => (calls.push(text), provider.speak(text, voice)) }
}

type Row = { props: VideoProps; version: number; voice_id: string | null; title: string; template: 'classic-tour'; format: 'portrait' }

describe('narrated by default', () => {
  let cast: Cast
  let listingId: string
  let voice: string
  const flite = counting(localProvider)

  beforeAll(async () => {
    cast = await assembleCast()
    voice = await insertVoice(cast, { name: 'Sarah', language: 'en-US', provider: 'flite', provider_voice_id: 'slt' })
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front garden', 'Kitchen', 'Terrace']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 5, reason: 'admin_grant' }).select('id'), 'credits')
  })
  afterAll(() => cast?.standIn.stop())

  const read = async (id: string) => must(await cast.member.client.from('videos').select('props, version, voice_id, title, template, format').eq('id', id).single(), 'video') as Row

  it('creates a portrait video with a shipped track and captions on, then speaks every scene two at a time', { timeout: 120_000 }, async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, {
      title: 'Defaults', template: 'classic-tour', format: 'portrait', voiceId: voice, musicTrackId: 'front-porch',
    })
    const created = await read(id)
    expect(created.props.music).toMatchObject({ src: '/music/front-porch.m4a', volume: 0.6, duckVolume: 0.15 })
    expect(created.props.captions).toEqual({ enabled: true, style: 'words' })
    const scripted = created.props.scenes.filter((s) => spokenScript(s.script)).length
    expect(scripted).toBe(3)
    expect(created.props.scenes.some((s) => s.narration)).toBe(false)

    const first = await narrateStoredVideo(db(cast.member), cast.teamId, id, { max: 2 }, { providers: { flite } })
    expect(first).toMatchObject({ narrated: 2, remaining: 1, scripted: 3 })
    const second = await narrateStoredVideo(db(cast.member), cast.teamId, id, { max: 2 }, { providers: { flite } })
    expect(second).toMatchObject({ narrated: 1, remaining: 0, scripted: 3 })
    expect(flite.calls).toHaveLength(3)

    const after = await read(id)
    expect(after.version).toBe(second.version)
    for (const scene of after.props.scenes) {
      expect(narrationState(scene, voice)).toBe('current')
      expect(scene.narration!.src).toMatch(new RegExp(`^media:${cast.teamId}/narration/[0-9a-f]{64}\\.wav$`))
      expect(scene.narration!.seconds).toBeGreaterThan(0.5)
    }
    // nothing left: a third call writes nothing
    expect(await narrateStoredVideo(db(cast.member), cast.teamId, id, {}, { providers: { flite } })).toMatchObject({ narrated: 0, remaining: 0, version: after.version })
  })

  it('leaves a video with no narration alone', async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Quiet', template: 'classic-tour', format: 'landscape', voiceId: null })
    const before = await read(id)
    expect(before.props.captions).toBeUndefined()
    expect(await narrateStoredVideo(db(cast.member), cast.teamId, id, {}, { providers: { flite } })).toMatchObject({ narrated: 0, remaining: 0, version: before.version })
    // and its render is queued as it is ("No narration" stays a choice)
    const { runId } = await queueRender(db(cast.member), cast.member.id, cast.teamId, id, { codec: 'h264' })
    expect((await cast.member.client.rpc('cancel_render', { p_run_id: runId })).error).toBeNull()
  })

  it('at Render, speaks a stale and a missing scene first: the run carries a current clip for every scene', { timeout: 120_000 }, async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Stale', template: 'classic-tour', format: 'landscape', voiceId: voice })
    await narrateStoredVideo(db(cast.member), cast.teamId, id, {}, { providers: { flite } })
    const narrated = await read(id)
    // scene 2's script edited after it was spoken (stale); scene 3's narration never made (missing)
    const scenes = narrated.props.scenes.map((scene, i) => {
      if (i === 1) return { ...scene, script: 'A kitchen made for long dinners with friends.' }
      if (i === 2) {
        const { narration: _n, ...rest } = scene
        return rest
      }
      return scene
    })
    const saved = await saveVideo(db(cast.member), cast.member.id, cast.teamId, id, {
      title: narrated.title, template: narrated.template, format: 'landscape', voiceId: voice, props: { ...narrated.props, scenes }, expectedVersion: narrated.version,
    })
    expect(saved.status).toBe('saved')

    // without the server's voices the render refuses and says exactly what is missing, before any credit
    const runsBefore = (await behind(cast, 'render_runs', { video_id: id })).length
    await expect(queueRender(db(cast.member), cast.member.id, cast.teamId, id, { codec: 'h264' })).rejects.toThrow(
      'Scene 3 has no narration yet; Scene 2’s narration is out of date. Speak them in the editor (Narrate scenes), or choose “No narration”, then render.',
    )
    expect(await behind(cast, 'render_runs', { video_id: id })).toHaveLength(runsBefore)

    // the app's path: spoken on the server, then queued
    const calls = flite.calls.length
    const { runId } = await queueRender(db(cast.member), cast.member.id, cast.teamId, id, { codec: 'h264' }, 'local', { providers: { flite } })
    // the stale scene is spoken anew; the missing one was spoken before (same script, same voice): the cache answers it
    expect(flite.calls.slice(calls)).toEqual(['A kitchen made for long dinners with friends.'])
    const [run] = await behind<{ props: VideoProps; video_version: number }>(cast, 'render_runs', { id: runId })
    expect(run.props.scenes).toHaveLength(3)
    for (const scene of run.props.scenes) {
      expect(scene.narration, scene.id).toBeDefined()
      expect(scene.narration!.text).toBe(spokenScript(scene.script))
      expect(scene.narration!.voiceId).toBe(voice)
    }
    expect(run.props.scenes[1].narration!.text).toBe('A kitchen made for long dinners with friends.')
    const video = await read(id)
    expect(run.video_version).toBe(video.version)
    expect((await cast.member.client.rpc('cancel_render', { p_run_id: runId })).error).toBeNull()
  })

  it('refuses at Render, in words, when the chosen voice is no longer offered', async () => {
    const retired = await insertVoice(cast, { name: 'Retired', language: 'en-US', provider: 'flite', provider_voice_id: 'rms' })
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Retired voice', template: 'classic-tour', format: 'landscape', voiceId: retired })
    must(await cast.service.from('voices').update({ is_active: false }).eq('id', retired).select('id'), 'retire')
    await expect(queueRender(db(cast.member), cast.member.id, cast.teamId, id, { codec: 'h264' }, 'local', { providers: { flite } })).rejects.toThrow(
      'That voice is no longer offered. Choose another voice for this video.',
    )
  })
})
