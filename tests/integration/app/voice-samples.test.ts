import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedVoiceSamples } from '../../../scripts/voice-samples.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { MIGRATIONS_DIR, SEED_FILE } from './cast.ts'

// The starting catalogue a fresh machine gets: the seed's five Flite voices, and their samples spoken
// offline by Flite and stored by `npm run dev` (scripts/voice-samples.ts), once.
describe('the seeded voice catalogue', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: SEED_FILE })
  })
  afterAll(() => standIn?.stop())

  const activeVoices = async () =>
    (await clientFor(standIn, 'anon').from('voices').select('name, language, gender, provider, provider_voice_id, sample_path').order('sort_order')).data ?? []

  it('offers the five Flite voices to everyone, in order, each naming its sample', async () => {
    const voices = await activeVoices()
    expect(voices.map((v) => [v.name, v.language, v.gender, v.provider, v.provider_voice_id])).toEqual([
      ['Sarah', 'en-US', 'female', 'flite', 'slt'],
      ['Richard', 'en-US', 'male', 'flite', 'rms'],
      ['Alan (Scottish)', 'en-GB-scotland', 'male', 'flite', 'awb'],
      ['Kal', 'en-US', 'male', 'flite', 'kal16'],
      ['Kal (telephone quality)', 'en-US', 'male', 'flite', 'kal'],
    ])
    for (const v of voices) expect(v.sample_path).toMatch(/^samples\/[0-9a-f-]{36}\/flite-[a-z0-9]+\.wav$/)
  })

  it('stores a real spoken WAV for each, once, playable from its public URL', async () => {
    expect(await seedVoiceSamples(standIn.url, standIn.config.serviceRoleKey)).toBe(5)
    for (const v of await activeVoices()) {
      const response = await fetch(`${standIn.url}/storage/v1/object/public/voices/${v.sample_path}`)
      expect(response.status, v.name).toBe(200)
      expect(response.headers.get('content-type')).toBe('audio/wav')
      const wav = Buffer.from(await response.arrayBuffer())
      expect(wav.toString('ascii', 0, 4) + wav.toString('ascii', 8, 12)).toBe('RIFFWAVE')
      const rate = wav.readUInt32LE(24)
      expect(rate).toBe(v.provider_voice_id === 'kal' ? 8000 : 16000)
      // several seconds of speech, not silence: the samples vary
      const seconds = (wav.length - 44) / (rate * 2)
      expect(seconds).toBeGreaterThan(4)
      const pcm = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) >> 1)
      expect(Math.max(...pcm.slice(0, 40000).map(Math.abs))).toBeGreaterThan(1000)
    }
    expect(await seedVoiceSamples(standIn.url, standIn.config.serviceRoleKey)).toBe(0)
  })

  it('changes nothing when the seed’s voices are inserted again', async () => {
    const seed = await readFile(SEED_FILE, 'utf8')
    const statement = seed.slice(seed.indexOf('insert into public.voices'), seed.indexOf('on conflict do nothing;') + 'on conflict do nothing;'.length)
    expect(statement).toContain('flite')
    const before = await activeVoices()
    await standIn.db.exec(statement)
    expect(await activeVoices()).toEqual(before)
  })
})
