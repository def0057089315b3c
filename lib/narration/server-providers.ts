import 'server-only'
import { elevenLabsConfig } from './config'
import { elevenLabsProvider, HOSTED_PROVIDER } from './elevenlabs'
import { localProvider, LOCAL_PROVIDER } from './local'
import type { ProviderSet } from './select'

/** This server's providers: Flite always, ElevenLabs when its key is set (a half setting throws). */
export function serverProviders(): ProviderSet {
  const hosted = elevenLabsConfig()
  return hosted ? { [LOCAL_PROVIDER]: localProvider, [HOSTED_PROVIDER]: elevenLabsProvider(hosted) } : { [LOCAL_PROVIDER]: localProvider }
}
