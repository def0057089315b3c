import type { TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import { shippedTrackSrc, type ShippedTrackId } from './shipped-music'
import type { VideoProps } from '@/remotion/schema'

/*
 * What a new video gets when the person changes nothing (issue 25, "narrated by default"): a voice,
 * a music track that suits the template, and captions in the social format. Pure and client-safe:
 * the create page shows these choices and the server applies the same rules (docs/narration.md,
 * "Defaults").
 *
 * A template names its default voice by the provider's own voice id (what `voices.provider_voice_id`
 * holds: the Flite voices the product ships, in order of preference), not by a catalogue row id, so an
 * administrator's catalogue (other ids, renamed voices) still finds it; when none of them is offered
 * the first active voice of the catalogue (its sort order) is used. The team's last choice (the voice
 * of its newest video that has one) comes first.
 */

export type DefaultVoiceCandidate = { id: string; provider_voice_id?: string | null }

/** Per template, the provider voice ids it prefers, best first. */
export const TEMPLATE_VOICES: Record<TemplateId, readonly string[]> = {
  // calm, clear, neutral American: Flite's clearest voice first
  'classic-tour': ['slt', 'rms', 'awb'],
  // fast social cuts: the brightest voice
  'social-reel': ['slt', 'kal16', 'rms'],
  // slower, lower, more formal
  'luxury-estate': ['rms', 'awb', 'slt'],
}

/** Per template, the shipped track (remotion/music.ts) that suits it. */
export const TEMPLATE_MUSIC: Record<TemplateId, ShippedTrackId> = {
  'classic-tour': 'front-porch', // warm acoustic
  'social-reel': 'open-house', // upbeat and bright
  'luxury-estate': 'morning-light', // calm and elegant
}

/** Captions start on in the formats made for phones (Reels, Shorts, TikTok: watched muted first). */
export const CAPTIONED_FORMATS: readonly VideoFormat[] = ['portrait']

/** The voice a new video starts with: the team's last choice, else the template's, else the catalogue's first. */
export function defaultVoiceId(template: TemplateId, voices: readonly DefaultVoiceCandidate[], teamLastVoiceId?: string | null): string | null {
  if (teamLastVoiceId && voices.some((v) => v.id === teamLastVoiceId)) return teamLastVoiceId
  for (const providerVoice of TEMPLATE_VOICES[template]) {
    const found = voices.find((v) => v.provider_voice_id === providerVoice)
    if (found) return found.id
  }
  return voices[0]?.id ?? null
}

/** The shipped track a template starts with (remotion/music.ts has its title and mood). */
export function defaultMusicTrack(template: TemplateId): { id: ShippedTrackId; src: string } {
  return { id: TEMPLATE_MUSIC[template], src: shippedTrackSrc(TEMPLATE_MUSIC[template]) }
}

/** The captions setting a new video starts with in this format. */
export function defaultCaptions(format: VideoFormat): VideoProps['captions'] {
  return CAPTIONED_FORMATS.includes(format) ? { enabled: true, style: 'words' } : undefined
}
