/**
 * Speech providers. None is configured in this app yet: the narration issue (16) adds them (Flite
 * locally, a hosted provider with its API key). Until then a sample cannot be generated, and the admin
 * page says so instead of offering a button that pretends.
 */
export const NO_VOICE_PROVIDER =
  'No voice provider is configured on this server, so samples cannot be generated yet. Upload a recording instead.'
