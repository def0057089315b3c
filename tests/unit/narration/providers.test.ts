import { describe, expect, it } from 'vitest'
import { elevenLabsConfig, ELEVENLABS_DEFAULT_BASE_URL } from '@/lib/narration/config'
import { elevenLabsProvider, elevenLabsRequest } from '@/lib/narration/elevenlabs'
import { localProvider } from '@/lib/narration/local'
import { SpeechError, type VoiceProvider } from '@/lib/narration/provider'
import { providerFor } from '@/lib/narration/select'
import { providerUnavailable } from '@/lib/voices/providers'

const KEY = 'sk_test_0123456789abcdefghij'

describe('provider selection by the voice row', () => {
  const hosted: VoiceProvider = { name: 'elevenlabs', speak: async () => ({ audio: Buffer.alloc(0), mime: 'audio/mpeg' }) }
  it('picks flite locally and elevenlabs only when configured', () => {
    expect(providerFor('flite', { flite: localProvider })).toBe(localProvider)
    expect(providerFor('elevenlabs', { flite: localProvider, elevenlabs: hosted })).toBe(hosted)
    expect(() => providerFor('elevenlabs', { flite: localProvider })).toThrow(SpeechError)
    expect(() => providerFor('elevenlabs', { flite: localProvider })).toThrow(/ElevenLabs is not configured/)
    expect(() => providerFor('acme', { flite: localProvider })).toThrow(/no speech provider called “acme”/)
    expect(() => providerFor('toString', { flite: localProvider })).toThrow(SpeechError)
  })
  it('tells the admin page why a voice cannot generate a sample', () => {
    expect(providerUnavailable('flite', ['flite'])).toBeNull()
    expect(providerUnavailable('elevenlabs', ['flite'])).toMatch(/ELEVENLABS_API_KEY/)
  })
})

describe('the ElevenLabs configuration', () => {
  it('is off without a key, on with one (defaults filled), refused when half set or malformed', () => {
    expect(elevenLabsConfig({})).toBeNull()
    expect(elevenLabsConfig({ ELEVENLABS_API_KEY: ' ' })).toBeNull()
    expect(elevenLabsConfig({ ELEVENLABS_API_KEY: KEY })).toEqual({ apiKey: KEY, baseUrl: ELEVENLABS_DEFAULT_BASE_URL, modelId: 'eleven_multilingual_v2' })
    expect(elevenLabsConfig({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: 'http://127.0.0.1:9/' })?.baseUrl).toBe('http://127.0.0.1:9')
    expect(() => elevenLabsConfig({ ELEVENLABS_BASE_URL: 'http://127.0.0.1:9' })).toThrow(/ELEVENLABS_BASE_URL set without ELEVENLABS_API_KEY/)
    expect(() => elevenLabsConfig({ ELEVENLABS_API_KEY: 'short' })).toThrow(/ELEVENLABS_API_KEY/)
    expect(() => elevenLabsConfig({ ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: 'ftp://x' })).toThrow(/ELEVENLABS_BASE_URL/)
  })
})

describe('the ElevenLabs request', () => {
  const config = { apiKey: KEY, baseUrl: 'https://api.example.test', modelId: 'eleven_multilingual_v2' }
  it('posts the text and model to with-timestamps with the key in xi-api-key', () => {
    const { url, init } = elevenLabsRequest(config, 'Welcome home.', 'voice/../x')
    expect(url).toBe('https://api.example.test/v1/text-to-speech/voice%2F..%2Fx/with-timestamps?output_format=pcm_24000')
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({ 'xi-api-key': KEY, 'content-type': 'application/json', accept: 'application/json' })
    expect(JSON.parse(String(init.body))).toEqual({ text: 'Welcome home.', model_id: 'eleven_multilingual_v2' })
  })

  it('turns refusals into sentences, without the key', async () => {
    for (const [status, words] of [[401, /refused this server’s API key/], [404, /has no voice “v1”/], [429, /busy/], [500, /\(500\)/]] as const) {
      const provider = elevenLabsProvider(config, async () => new Response('{"detail":"no"}', { status }))
      const error = await provider.speak('Hi', 'v1').catch((e: Error) => e)
      expect(error).toBeInstanceOf(SpeechError)
      expect((error as Error).message).toMatch(words)
      expect((error as Error).message).not.toContain(KEY)
    }
  })
})
