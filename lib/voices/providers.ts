/**
 * Which speech providers can speak a voice (client-safe; lib/narration/select.ts does the speaking).
 * `flite` is always available (offline, lib/narration/local.ts); `elevenlabs` only on a server with
 * ELEVENLABS_API_KEY. The admin page is told the configured ones and says why a voice cannot
 * generate a sample instead of offering a button that fails.
 */
export const LOCAL_SPEECH_PROVIDER = 'flite'
export const HOSTED_SPEECH_PROVIDER = 'elevenlabs'
export const KNOWN_SPEECH_PROVIDERS = [LOCAL_SPEECH_PROVIDER, HOSTED_SPEECH_PROVIDER] as const

/** null when `available` (the server's configured providers) can speak `provider`, else why not. */
export function providerUnavailable(provider: string, available: readonly string[]): string | null {
  if (available.includes(provider)) return null
  if (provider === HOSTED_SPEECH_PROVIDER) {
    return 'ElevenLabs is not configured on this server (ELEVENLABS_API_KEY), so this voice cannot speak yet. Upload a recording instead.'
  }
  return `This server has no speech provider called “${provider}” (it knows ${KNOWN_SPEECH_PROVIDERS.join(' and ')}). Change the voice’s provider, or upload a recording.`
}

/** What a voice's sample says (the seeded samples and the admin page's "Generate sample"). */
export const SAMPLE_SENTENCE =
  'Welcome home. Sunlight fills this three-bedroom house, with a chef’s kitchen, a quiet study, and a garden made for long summer evenings.'
