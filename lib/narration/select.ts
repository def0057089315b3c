import { providerUnavailable } from '@/lib/voices/providers'
import { SpeechError, type VoiceProvider } from './provider'

/*
 * The provider is picked by the voice row's `provider`: `flite` → the local provider, `elevenlabs`
 * → the hosted one when configured. Anything else is refused in words.
 */

export type ProviderSet = Readonly<Record<string, VoiceProvider>>

export function providerFor(provider: string, set: ProviderSet): VoiceProvider {
  const found = Object.prototype.hasOwnProperty.call(set, provider) ? set[provider] : undefined
  if (found) return found
  throw new SpeechError(providerUnavailable(provider, Object.keys(set)) ?? `No speech provider “${provider}”.`)
}
