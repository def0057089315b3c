import { z } from 'zod'

/*
 * The hosted voice provider, ElevenLabs (docs/narration.md): on with ELEVENLABS_API_KEY, off without.
 * ELEVENLABS_BASE_URL (default the real API) and ELEVENLABS_MODEL_ID only make sense with a key:
 * either of them set without one is a half configuration, refused at start (instrumentation.ts) like
 * Lambda, PostHog and Sentry, never a silent fall back to the local voices.
 */

export const ELEVENLABS_DEFAULT_BASE_URL = 'https://api.elevenlabs.io'
export const ELEVENLABS_DEFAULT_MODEL = 'eleven_multilingual_v2'
export const ELEVENLABS_ENV_KEYS = ['ELEVENLABS_API_KEY', 'ELEVENLABS_BASE_URL', 'ELEVENLABS_MODEL_ID'] as const

export type ElevenLabsConfig = { apiKey: string; baseUrl: string; modelId: string }

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim())

const schema = z.object({
  ELEVENLABS_API_KEY: z.string().regex(/^[\x21-\x7e]{20,200}$/, 'an ElevenLabs API key (20 to 200 visible characters, no spaces)'),
  ELEVENLABS_BASE_URL: z.url({ protocol: /^https?$/, message: 'the API address, like https://api.elevenlabs.io' }).default(ELEVENLABS_DEFAULT_BASE_URL),
  ELEVENLABS_MODEL_ID: z.string().regex(/^[a-z0-9_.-]{1,80}$/, 'a model id, like eleven_multilingual_v2').default(ELEVENLABS_DEFAULT_MODEL),
})

/** The ElevenLabs configuration, or null when it is off. Throws when it is half set or malformed. */
export function elevenLabsConfig(env: Record<string, string | undefined> = process.env): ElevenLabsConfig | null {
  const values = Object.fromEntries(ELEVENLABS_ENV_KEYS.map((key) => [key, blank(env[key])]))
  if (!values.ELEVENLABS_API_KEY) {
    const stray = ELEVENLABS_ENV_KEYS.filter((key) => values[key] !== undefined)
    if (!stray.length) return null
    throw new Error(`Invalid environment: ${stray.join(' and ')} set without ELEVENLABS_API_KEY. Set the key to use ElevenLabs voices, or unset ${stray.join(' and ')}.`)
  }
  const parsed = schema.safeParse(values)
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  const v = parsed.data
  return { apiKey: v.ELEVENLABS_API_KEY, baseUrl: v.ELEVENLABS_BASE_URL.replace(/\/+$/, ''), modelId: v.ELEVENLABS_MODEL_ID }
}
