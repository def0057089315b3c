/**
 * The seeded Flite voices' samples (supabase/seed.sql names them; seed SQL cannot store files).
 * For every `flite` voice whose sample_path names a file that is not in the `voices` bucket yet, Flite
 * speaks the sample sentence offline (lib/voices/flite.ts) and the WAV is stored at that path. Runs at
 * `npm run dev` start and on its own (`npm run voices:samples`, against the local stand-in or the
 * project in NEXT_PUBLIC_SUPABASE_URL with SUPABASE_SERVICE_ROLE_KEY). Idempotent: stored samples are
 * left alone, and a voice whose sample an administrator removed (sample_path null) gets none.
 * The service key because no user session exists at start-up; it writes only the voices bucket.
 */
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { VOICES } from '../lib/constants.ts'
import type { Database } from '../lib/database.types.ts'
import { serverRealtimeOptions } from '../lib/supabase/realtime-transport.ts'
import { FLITE_VOICES, fliteSpeak, type FliteVoice } from '../lib/voices/flite.ts'
import { SAMPLE_SENTENCE } from '../lib/voices/providers.ts'

// the same sentence the admin page's "Generate sample" speaks (lib/narration/sample.ts)
export { SAMPLE_SENTENCE } from '../lib/voices/providers.ts'

type Db = SupabaseClient<Database>

async function stored(db: Db, objectPath: string): Promise<boolean> {
  const folder = path.posix.dirname(objectPath)
  const name = path.posix.basename(objectPath)
  const { data, error } = await db.storage.from(VOICES.bucket).list(folder, { search: name, limit: 100 })
  if (error) throw new Error(`could not look at ${folder}: ${error.message}`)
  return data.some((entry) => entry.name === name)
}

/** Makes the missing Flite samples; answers how many were made. */
export async function seedVoiceSamples(url: string, serviceRoleKey: string): Promise<number> {
  const db: Db = createClient<Database>(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: serverRealtimeOptions,
  })
  const { data: voices, error } = await db
    .from('voices')
    .select('id, name, provider_voice_id, sample_path')
    .eq('provider', 'flite')
    .not('sample_path', 'is', null)
  if (error) throw new Error(`could not read the voices: ${error.message}`)
  let made = 0
  for (const voice of voices) {
    const voiceId = voice.provider_voice_id as FliteVoice
    if (!voice.sample_path || !FLITE_VOICES.includes(voiceId) || !voice.sample_path.endsWith('.wav')) continue
    if (await stored(db, voice.sample_path)) continue
    const wav = await fliteSpeak(voiceId, SAMPLE_SENTENCE)
    const { error: uploadError } = await db.storage
      .from(VOICES.bucket)
      .upload(voice.sample_path, wav, { contentType: 'audio/wav', upsert: true })
    if (uploadError) throw new Error(`could not store the sample of ${voice.name}: ${uploadError.message}`)
    made += 1
  }
  return made
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { publicEnv, serverEnv } = await import('../lib/env.ts')
  const key = serverEnv().SUPABASE_SERVICE_ROLE_KEY
  if (!key) throw new Error('Set SUPABASE_SERVICE_ROLE_KEY: the samples are stored with the service key')
  const made = await seedVoiceSamples(publicEnv().NEXT_PUBLIC_SUPABASE_URL, key)
  console.log(made ? `${made} voice sample(s) made with Flite` : 'every Flite voice already has its sample')
}
