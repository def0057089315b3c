import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NARRATION_TARGET_LUFS } from '../../../lib/audio/targets.ts'
import { applyNarrations } from '../../../lib/narration/apply.ts'
import { clipHash } from '../../../lib/narration/clips.ts'
import { elevenLabsProvider } from '../../../lib/narration/elevenlabs.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import { narrateScenes, speechOptionsOf, VOICE_UNAVAILABLE } from '../../../lib/narration/narrate.ts'
import { spokenForm, type SpokenFormOptions } from '../../../lib/narration/spoken-form/index.ts'
import { generateSample } from '../../../lib/narration/sample.ts'
import type { VoiceProvider } from '../../../lib/narration/provider.ts'
import { readWav } from '../../../lib/narration/wav.ts'
import { refPath } from '../../../lib/videos/media-refs.ts'
import { createVideo, saveVideo, VIDEO_NOT_FOUND } from '../../../lib/videos/writes.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import { NARRATION_TAIL_SECONDS } from '../../../remotion/duration.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { ffmpegLoudness } from '../../helpers/loudness.ts'
import { assembleCast, db, insertVoice, listingWithPhotos, must, type Cast } from '../videos/fixtures.ts'

// Speech end to end against the stand-in with the real clients, as a team member: Flite speaks, the
// clip's length is read back from the stored audio and used by the timeline once the scene carries it;
// a second request for the same (voice, text) does not speak again; ElevenLabs is exercised against a
// local fake of its HTTP API.

const SCRIPT = 'Welcome home. Sunlight fills this three-bedroom house, with 2 baths and a garden.'

function counting(provider: VoiceProvider): VoiceProvider & { calls: string[] } {
  const calls: string[] = []
  return { name: provider.name, calls, speak: (text, voice) => (calls.push(text), provider.speak(text, voice)) }
}

describe('narration', () => {
  let cast: Cast
  let videoId: string
  let sceneIds: string[]
  let speech: SpokenFormOptions
  let fliteVoice: string
  const flite = counting(localProvider)

  beforeAll(async () => {
    cast = await assembleCast()
    fliteVoice = await insertVoice(cast, { name: 'Sarah', language: 'en-US', provider: 'flite', provider_voice_id: 'slt' })
    const { listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Kitchen'])
    ;({ id: videoId } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, {
      title: 'Narrated tour', template: 'classic-tour', format: 'landscape', voiceId: fliteVoice,
    }))
    const row = must(await cast.member.client.from('videos').select('props').eq('id', videoId).single(), 'video') as { props: VideoProps }
    sceneIds = row.props.scenes.map((s) => s.id)
    speech = speechOptionsOf(row.props)
  })
  afterAll(() => cast?.standIn.stop())

  it('speaks a scene with Flite, stores it, measures it from the audio and the timeline follows it once saved', async () => {
    const result = await narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: fliteVoice, scenes: [{ id: sceneIds[0], script: `  ${SCRIPT} ` }] }, { providers: { flite } })
    // the voice reads the spoken form ("2 baths" → "two baths"); the captions below keep the script
    expect(flite.calls).toEqual([spokenForm(SCRIPT, speech).text])
    expect(flite.calls[0]).toContain('with two baths')
    expect(result).toMatchObject({ spoken: 1, cached: 0 })
    const narration = result.narrations[sceneIds[0]]
    const hash = clipHash({ id: fliteVoice, provider: 'flite', provider_voice_id: 'slt' }, SCRIPT, speech)
    expect(narration).toMatchObject({ src: `media:${cast.teamId}/narration/${hash}.wav`, text: SCRIPT, voiceId: fliteVoice, timing: 'provider' })
    expect(result.urls[narration.src]).toMatch(/\/storage\/v1\/object\/sign\/media\//)

    // the stored file is the audio measured
    const blob = must(await cast.member.client.storage.from('media').download(refPath(narration.src)), 'download clip')
    const wav = Buffer.from(await blob.arrayBuffer())
    expect(readWav(wav).seconds).toBeCloseTo(narration.seconds, 3)
    expect(narration.seconds).toBeGreaterThan(3)
    expect(narration.seconds).toBeLessThan(12)
    // every written word, in order, inside the audio
    expect(narration.words.map((w) => w.text).join(' ')).toBe(SCRIPT)
    for (const w of narration.words) expect(w.end).toBeLessThanOrEqual(narration.seconds)
    expect(narration.words.at(-1)!.end).toBeGreaterThan(narration.seconds * 0.8)

    // the editor applies it and autosaves: the template's schema accepts it, the scene lasts as long as the voice
    const row = must(await cast.member.client.from('videos').select('props, version, title, template, format').eq('id', videoId).single(), 'video') as {
      props: VideoProps; version: number; title: string; template: 'classic-tour'; format: 'landscape'
    }
    const props = { ...row.props, scenes: applyNarrations(row.props.scenes.map((s, i) => (i === 0 ? { ...s, script: SCRIPT } : s)), result.narrations) }
    const saved = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, {
      title: row.title, template: row.template, format: row.format, voiceId: fliteVoice, props, expectedVersion: row.version,
    })
    expect(saved.status).toBe('saved')
    const stored = must(await cast.member.client.from('videos').select('props').eq('id', videoId).single(), 'video again') as { props: VideoProps }
    expect(stored.props.scenes[0].narration).toEqual(narration)
    const timeline = timelineFor('classic-tour', stored.props)
    const photo = timeline.segments.find((s) => s.kind === 'photo' && s.sceneIndex === 0)!
    expect(photo.durationInFrames).toBeGreaterThanOrEqual(2 * timeline.transitionFrames + Math.ceil((narration.seconds + NARRATION_TAIL_SECONDS) * timeline.fps))
  }, 60_000)

  it('answers the cached clip for the same voice and text, for anyone in the team, without speaking again', async () => {
    const before = flite.calls.length
    const again = await narrateScenes(db(cast.teamAdmin), cast.teamId, videoId, { voiceId: fliteVoice, scenes: [{ id: sceneIds[1], script: SCRIPT }] }, { providers: { flite } })
    expect(flite.calls.length).toBe(before)
    expect(again).toMatchObject({ spoken: 0, cached: 1 })
    expect(again.narrations[sceneIds[1]].src).toContain(clipHash({ id: fliteVoice, provider: 'flite', provider_voice_id: 'slt' }, SCRIPT, speech))
    // one row, one file
    const rows = must(await cast.member.client.from('narration_clips').select('id, created_by').eq('team_id', cast.teamId), 'clips')
    expect(rows).toHaveLength(1)
    // the rate limit hook runs before a synthesis only
    let limited = 0
    await narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: fliteVoice, scenes: [{ id: sceneIds[0], script: SCRIPT }] }, {
      providers: { flite }, beforeSynthesis: async () => void limited++,
    })
    expect(limited).toBe(0)
  })

  it('keeps other teams out, refuses an inactive voice, and changes no clip through the API', async () => {
    await expect(
      narrateScenes(db(cast.outsider), cast.teamId, videoId, { voiceId: fliteVoice, scenes: [{ id: sceneIds[0], script: SCRIPT }] }, { providers: { flite } }),
    ).rejects.toThrow(VIDEO_NOT_FOUND)
    expect(must(await cast.outsider.client.from('narration_clips').select('id'), 'outsider clips')).toEqual([])
    // a row pointing at another team's folder, or changed after the fact, is refused
    const forged = await cast.outsider.client.from('narration_clips').insert({
      team_id: cast.teamId, voice_id: fliteVoice, text_hash: 'a'.repeat(64), path: `${cast.teamId}/narration/${'a'.repeat(64)}.wav`, mime: 'audio/wav', seconds: 1, timing: 'estimated', words: [],
    })
    expect(forged.error).not.toBeNull()
    const changed = await cast.member.client.from('narration_clips').update({ seconds: 99 }).eq('team_id', cast.teamId).select('id')
    expect(changed.error ?? changed.data).toBeTruthy()
    if (!changed.error) expect(changed.data).toEqual([])

    const retired = await insertVoice(cast, { name: 'Rex', provider: 'flite', provider_voice_id: 'rms', is_active: false })
    await expect(
      narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: retired, scenes: [{ id: sceneIds[0], script: SCRIPT }] }, { providers: { flite } }),
    ).rejects.toThrow(VOICE_UNAVAILABLE)
  })

  it('generates a voice’s sample with its provider as the site administrator, and refuses anyone else', async () => {
    const before = flite.calls.length
    await expect(generateSample(db(cast.member), { id: fliteVoice }, { flite })).rejects.toThrow(/administrators/)
    const { path: samplePath, seconds } = await generateSample(db(cast.siteAdmin), { id: fliteVoice }, { flite })
    expect(flite.calls.length).toBe(before + 2)
    expect(samplePath).toMatch(new RegExp(`^samples/${fliteVoice}/[0-9a-f-]{36}/sample\\.wav$`))
    expect(seconds).toBeGreaterThan(4)
    const voice = must(await cast.service.from('voices').select('sample_path').eq('id', fliteVoice).single(), 'voice') as { sample_path: string }
    expect(voice.sample_path).toBe(samplePath)
    const response = await fetch(`${cast.standIn.url}/storage/v1/object/public/voices/${samplePath}`)
    expect(response.headers.get('content-type')).toBe('audio/wav')
    expect(readWav(Buffer.from(await response.arrayBuffer())).seconds).toBeCloseTo(seconds, 3)
  }, 60_000)

  describe('the hosted provider against a fake ElevenLabs', () => {
    let server: Server
    let base: string
    let pcm: Buffer
    const seen: { url: string; key: string | undefined; body: unknown }[] = []
    const KEY = 'sk_fake_0123456789abcdefghijkl'

    beforeAll(async () => {
      // what pcm_24000 answers: raw 16-bit mono PCM, here 2.5 s of a quiet 330 Hz tone
      pcm = Buffer.alloc(2.5 * 24_000 * 2)
      for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 330 * i) / 24_000)), 2 * i)
      server = createServer((req, res) => {
        let raw = ''
        req.on('data', (chunk) => (raw += chunk))
        req.on('end', () => {
          seen.push({ url: req.url ?? '', key: req.headers['xi-api-key'] as string | undefined, body: JSON.parse(raw || 'null') })
          if (req.headers['xi-api-key'] !== KEY) return void res.writeHead(401).end('{"detail":"invalid key"}')
          const match = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps\?output_format=pcm_24000$/.exec(req.url ?? '')
          if (req.method !== 'POST' || !match) return void res.writeHead(404).end()
          if (match[1] !== 'voice-anna') return void res.writeHead(404).end('{"detail":"voice_not_found"}')
          const text: string = (JSON.parse(raw) as { text: string }).text
          const chars = [...text]
          // the fake claims 9 s; the audio is 2.5 s: the measured length must win
          const step = 2.4 / chars.length
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
            audio_base64: pcm.toString('base64'),
            alignment: {
              characters: chars,
              character_start_times_seconds: chars.map((_, i) => i * step),
              character_end_times_seconds: chars.map((_, i) => (i + 1) * step),
            },
            duration_seconds: 9,
          }))
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

    it('speaks through its API with the key, stores its PCM as a WAV measured from its header, and takes its word timings', async () => {
      const hosted = counting(elevenLabsProvider({ apiKey: KEY, baseUrl: base, modelId: 'eleven_multilingual_v2' }))
      const voice = await insertVoice(cast, { name: 'Anna', provider: 'elevenlabs', provider_voice_id: 'voice-anna' })
      const text = 'Bright kitchen, quiet garden.'
      const result = await narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: voice, scenes: [{ id: sceneIds[1], script: text }] }, { providers: { flite, elevenlabs: hosted } })
      expect(seen.at(-1)).toEqual({ url: '/v1/text-to-speech/voice-anna/with-timestamps?output_format=pcm_24000', key: KEY, body: { text, model_id: 'eleven_multilingual_v2' } })
      const narration = result.narrations[sceneIds[1]]
      expect(narration.src).toMatch(/\/narration\/[0-9a-f]{64}\.wav$/)
      expect(narration.seconds).toBeGreaterThan(2.4)
      expect(narration.seconds).toBeLessThan(2.7)
      expect(narration.timing).toBe('provider')
      expect(narration.words.map((w) => w.text)).toEqual(['Bright', 'kitchen,', 'quiet', 'garden.'])
      const stored = must(await cast.member.client.storage.from('media').download(refPath(narration.src)), 'wav')
      // stored as spoken, normalised to the narration loudness (issue 25): a 24 kHz WAV, at the target
      const storedBytes = Buffer.from(await stored.arrayBuffer())
      expect(readWav(storedBytes)).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 })
      expect(storedBytes.subarray(44).equals(pcm)).toBe(false)
      const storedFile = path.join(await mkdtemp(path.join(tmpdir(), 'stored-')), 'clip.wav')
      await writeFile(storedFile, storedBytes)
      const level = await ffmpegLoudness(storedFile, { dualMono: true })
      expect(Math.abs(level.integratedLufs - NARRATION_TARGET_LUFS), `${level.integratedLufs} LUFS`).toBeLessThanOrEqual(0.5)
      // cached the second time
      await narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: voice, scenes: [{ id: sceneIds[0], script: text }] }, { providers: { flite, elevenlabs: hosted } })
      expect(hosted.calls).toEqual([text])
    })

    it('says what went wrong when the key or the voice is refused', async () => {
      const wrongKey = elevenLabsProvider({ apiKey: 'sk_wrong_0123456789abcdefghij', baseUrl: base, modelId: 'm' })
      const unknown = await insertVoice(cast, { name: 'Ghost', provider: 'elevenlabs', provider_voice_id: 'voice-ghost' })
      await expect(
        narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: unknown, scenes: [{ id: sceneIds[0], script: 'Hello there.' }] }, { providers: { flite, elevenlabs: wrongKey } }),
      ).rejects.toThrow(/refused this server’s API key/)
      const rightKey = elevenLabsProvider({ apiKey: KEY, baseUrl: base, modelId: 'm' })
      await expect(
        narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: unknown, scenes: [{ id: sceneIds[0], script: 'Hello there.' }] }, { providers: { flite, elevenlabs: rightKey } }),
      ).rejects.toThrow(/has no voice “voice-ghost”/)
      // and without the hosted provider configured the voice is refused in words
      await expect(
        narrateScenes(db(cast.member), cast.teamId, videoId, { voiceId: unknown, scenes: [{ id: sceneIds[0], script: 'Hello there.' }] }, { providers: { flite } }),
      ).rejects.toThrow(/ElevenLabs is not configured/)
    })
  })
})
