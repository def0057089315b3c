import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpKeepingTrial } from '../../../lib/auth/keep-trial.ts'
import { narrationState, spokenScript } from '../../../lib/narration/apply.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import { importTrialProject } from '../../../lib/trials/import.ts'
import { speakTrialAhead } from '../../../lib/trials/speak-ahead.ts'
import { chooseTrialLook, renderTrial, saveTrialScenes } from '../../../lib/trials/steps.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'
import { MIGRATIONS_DIR, must } from '../app/cast.ts'
import { authed, draftedTrial, followLink, linkIn, visitor } from './keep-helpers.ts'

// Issue 25: the trial is narrated — the visitor's narrator speaks every scene (into their own trial
// folder) before the trial render snapshots the props — and bringing the trial into a team brings a
// narrated video with the team's own clips (a team video may not point into a visitor's folder): the
// trial's clips are copied into the team's clip cache, nothing is spoken again, and the trial keeps its
// own. The stand-in, the real clients, Flite.

describe('the narrated trial', () => {
  let standIn: StandIn
  let service: SupabaseClient
  let voice: string
  const providers = { flite: localProvider }

  beforeAll(async () => {
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null, auth: { autoconfirm: false, minPasswordLength: 8 } })
    service = clientFor(standIn, 'service_role')
    voice = (must(await service.from('voices').insert({ name: 'Sarah', language: 'en-US', gender: 'female', provider: 'flite', provider_voice_id: 'slt' }).select('id').single(), 'voice') as { id: string }).id
  })
  afterAll(async () => {
    await standIn?.stop()
  })

  it('speaks the trial with the chosen narrator before its render, and the imported team video is narrated too', { timeout: 240_000 }, async () => {
    const v = await visitor(standIn)
    const { projectId } = await draftedTrial(v)
    await chooseTrialLook(v.db, v.id, { projectId, template: 'social-reel', format: 'square', voiceId: voice })

    const { runId } = await renderTrial(v.db, v.id, projectId, { providers })
    const run = must(await service.from('render_runs').select('props').eq('id', runId).single(), 'run') as { props: VideoProps }
    const scripted = run.props.scenes.filter((s) => spokenScript(s.script))
    expect(scripted.length).toBe(3)
    for (const scene of scripted) {
      expect(narrationState(scene, voice)).toBe('current')
      expect(scene.narration!.src).toMatch(new RegExp(`^media:trials/${v.id}/narration/[0-9a-f]{64}\\.wav$`))
    }
    // the clip is the visitor's own file
    const clip = must(await v.db.storage.from('media').download(scripted[0].narration!.src.slice('media:'.length)), 'clip')
    expect(Buffer.from(await clip.arrayBuffer()).subarray(0, 4).toString()).toBe('RIFF')

    // signed up and kept: the import brings the video, narrated with the team's own clips
    const email = uniqueEmail('narrated')
    const { user } = authed(await v.db.auth.getUser(), 'user')
    await signUpKeepingTrial(v.db, user, { email, password: 'keeper-pass-9', nextPath: '/dashboard' })
    const landed = await followLink(linkIn(standIn, email))
    authed(await v.db.auth.exchangeCodeForSession(landed.searchParams.get('code')!), 'exchange')
    const teamId = must(await v.db.rpc('create_team', { p_name: 'Narrated Homes' }), 'team') as string
    // the visitor may write their trial's props: a clip whose stated length is not its measured one
    // is not copied (that scene is spoken again), so no stated length reaches the team's cache
    const stored = must(await v.db.from('trial_projects').select('props').eq('id', projectId).single(), 'trial') as { props: VideoProps }
    const tamperedId = scripted[2].id
    const tampered = { ...stored.props, scenes: stored.props.scenes.map((s) => (s.id === tamperedId && s.narration ? { ...s, narration: { ...s.narration, seconds: s.narration.seconds + 1 } } : s)) }
    must(await v.db.from('trial_projects').update({ props: tampered }).eq('id', projectId).select('id'), 'tamper')

    // the other clips are copied into the team's cache: keeping the trial speaks only the tampered one
    let spokenOnImport = 0
    const counting = { flite: { name: localProvider.name, speak: (text: string, voiceId: string) => (spokenOnImport++, localProvider.speak(text, voiceId)) } }
    const imported = await importTrialProject(v.db, v.id, { projectId, teamId }, { providers: counting })
    expect(spokenOnImport).toBe(1)
    const video = must(await v.db.from('videos').select('props, voice_id').eq('id', imported.videoId).single(), 'video') as { props: VideoProps; voice_id: string }
    expect(video.voice_id).toBe(voice)
    expect(video.props.watermark).toBeUndefined()
    for (const scene of video.props.scenes.filter((s) => spokenScript(s.script))) {
      expect(narrationState(scene, voice)).toBe('current')
      expect(scene.narration!.src).toMatch(new RegExp(`^media:${teamId}/narration/[0-9a-f]{64}\\.wav$`))
    }
    // the team's clips are the trial's audio, byte for byte, and the team's cache knows them
    const teamClip = must(await v.db.storage.from('media').download(video.props.scenes.find((s) => s.id === scripted[0].id)!.narration!.src.slice('media:'.length)), 'team clip')
    expect(Buffer.from(await teamClip.arrayBuffer()).equals(Buffer.from(await clip.arrayBuffer()))).toBe(true)
    const cached = must(await v.db.from('narration_clips').select('path').eq('team_id', teamId), 'clips') as { path: string }[]
    expect(cached.length).toBe(scripted.length)
    const respoken = video.props.scenes.find((s) => s.id === tamperedId)!.narration!
    expect(Math.abs(respoken.seconds - scripted[2].narration!.seconds)).toBeLessThan(0.05)
    // the trial keeps its own narration (its page plays as before)
    const trial = must(await v.db.from('trial_projects').select('props, claimed_video_id').eq('id', projectId).single(), 'trial') as { props: VideoProps; claimed_video_id: string }
    expect(trial.claimed_video_id).toBe(imported.videoId)
    expect(trial.props.scenes.filter((s) => s.narration).map((s) => s.narration!.src)).toEqual(scripted.map((s) => s.narration!.src))
  })

  it('speaks the scenes once the look is chosen, keeps a caption saved meanwhile, and Render speaks nothing', { timeout: 240_000 }, async () => {
    const v = await visitor(standIn)
    const { projectId } = await draftedTrial(v)
    await chooseTrialLook(v.db, v.id, { projectId, template: 'classic-tour', format: 'landscape', voiceId: voice })
    const before = must(await v.db.from('trial_projects').select('props').eq('id', projectId).single(), 'trial') as { props: VideoProps }
    const ids = before.props.scenes.map((s) => s.id)

    // the visitor saves a caption while the first scene is being spoken
    let saved = false
    const meanwhile = {
      flite: {
        name: localProvider.name,
        speak: async (text: string, voiceId: string) => {
          if (!saved) {
            saved = true
            await saveTrialScenes(v.db, v.id, { projectId, scenes: ids.map((id, i) => ({ id, caption: i === 0 ? 'Harbour light' : undefined })) })
          }
          return localProvider.speak(text, voiceId)
        },
      },
    }
    // a second run asked meanwhile (the look chosen again) follows the first and finds nothing left
    let spokenBySecond = 0
    const second = { flite: { name: localProvider.name, speak: (text: string, voiceId: string) => (spokenBySecond++, localProvider.speak(text, voiceId)) } }
    const outcomes = await Promise.all([speakTrialAhead(v.db, v.id, projectId, { providers: meanwhile }), speakTrialAhead(v.db, v.id, projectId, { providers: second })])
    expect(outcomes).toEqual(['spoken', 'nothing to speak'])
    expect(spokenBySecond).toBe(0)
    const after = must(await v.db.from('trial_projects').select('props').eq('id', projectId).single(), 'trial') as { props: VideoProps }
    expect(after.props.scenes[0].caption).toBe('Harbour light')
    const scripted = after.props.scenes.filter((s) => spokenScript(s.script))
    expect(scripted.length).toBeGreaterThan(0)
    for (const scene of scripted) expect(narrationState(scene, voice)).toBe('current')

    // Render finds every scene spoken
    let spokenOnRender = 0
    const counting = { flite: { name: localProvider.name, speak: (text: string, voiceId: string) => (spokenOnRender++, localProvider.speak(text, voiceId)) } }
    const { runId } = await renderTrial(v.db, v.id, projectId, { providers: counting })
    expect(spokenOnRender).toBe(0)
    const run = must(await service.from('render_runs').select('props').eq('id', runId).single(), 'run') as { props: VideoProps }
    expect(run.props.scenes[0].caption).toBe('Harbour light')
    expect(run.props.scenes.filter((s) => s.narration).length).toBe(scripted.length)
  })
})
