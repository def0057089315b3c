import { z } from 'zod'
import { VOICES } from '@/lib/constants'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { finalizeSample } from '@/lib/voices/samples'
import { SAMPLE_SENTENCE } from '@/lib/voices/providers'
import { MIME_EXTENSION, SpeechError } from './provider'
import { generateSampleSchema } from './schema'
import { providerFor, type ProviderSet } from './select'
import { synthesize } from './speak'

/*
 * /admin/dev/voices "Generate sample": the voice's own provider speaks SAMPLE_SENTENCE; the audio is
 * stored like an uploaded sample (samples/{voice}/{uuid}/sample.wav|mp3 in the public voices bucket,
 * as the administrator) and finalizeSample judges it by content and makes it the voice's sample
 * (audited; the file it replaces is removed).
 */

const row = z.object({ id: z.uuid(), name: z.string(), provider: z.string(), provider_voice_id: z.string() })

export async function generateSample(db: Db, input: unknown, providers: ProviderSet): Promise<{ path: string; seconds: number }> {
  const { id } = parseOrRefuse(generateSampleSchema, input)
  const { data, error } = await db.from('voices').select('id, name, provider, provider_voice_id').eq('id', id).maybeSingle()
  if (error) refuse(error)
  if (!data) throw new Refusal('That voice no longer exists. Reload the page.')
  const voice = row.parse(data)
  let speech
  try {
    speech = await synthesize(providerFor(voice.provider, providers), SAMPLE_SENTENCE, voice.provider_voice_id)
  } catch (error) {
    if (error instanceof SpeechError) throw new Refusal(error.message)
    throw error
  }
  const name = `sample.${MIME_EXTENSION[speech.mime]}`
  const path = `samples/${voice.id}/${crypto.randomUUID()}/${name}`
  const { error: uploadError } = await db.storage.from(VOICES.bucket).upload(path, speech.audio, { contentType: speech.mime })
  if (uploadError) throw new Refusal('Only administrators can change voice samples.')
  await finalizeSample(db, { voiceId: voice.id, path, name })
  return { path, seconds: speech.seconds }
}
