import { z } from 'zod'
import { VOICES } from '@/lib/constants'
import { refuse, type Db } from '@/lib/listings/refusal'
import { voiceRowSchema, voiceUsageSchema, type VoiceRow } from './schema'

/*
 * Reading the catalogue. Teams read through RLS, which shows them active voices only; the queries
 * ask for active ones as well, so a site administrator who is also in a team sees what the team sees.
 * Samples are public objects: their URL is the bucket's public URL, no signing needed.
 */

const COLUMNS = 'id, name, language, gender, provider, provider_voice_id, sample_path, is_active, sort_order'

export function sampleUrl(db: Db, path: string | null): string | null {
  return path ? db.storage.from(VOICES.bucket).getPublicUrl(path).data.publicUrl : null
}

export type AdminVoice = VoiceRow & { sampleUrl: string | null; videos: number; trials: number }

/** /admin/dev/voices: every voice in the order teams see them, with where each is used. */
export async function listVoicesForAdmin(db: Db): Promise<AdminVoice[]> {
  const [voices, usage] = await Promise.all([
    db.from('voices').select(COLUMNS).order('sort_order').order('name').order('id'),
    db.rpc('admin_voice_usage'),
  ])
  if (voices.error) refuse(voices.error)
  if (usage.error) refuse(usage.error)
  const used = new Map(voiceUsageSchema.parse(usage.data).map((u) => [u.voice_id, u]))
  return z.array(voiceRowSchema).parse(voices.data).map((voice) => ({
    ...voice,
    sampleUrl: sampleUrl(db, voice.sample_path),
    videos: used.get(voice.id)?.videos ?? 0,
    trials: used.get(voice.id)?.trials ?? 0,
  }))
}

export type TeamVoice = Pick<VoiceRow, 'id' | 'name' | 'language' | 'gender'> & { sampleUrl: string | null }

/** The library's Voices tab: the active voices, in order, each with its sample when it has one. */
export async function listActiveVoices(db: Db): Promise<TeamVoice[]> {
  const { data, error } = await db.from('voices').select(COLUMNS).eq('is_active', true).order('sort_order').order('name')
  if (error) refuse(error)
  return z.array(voiceRowSchema).parse(data).map((v) => ({
    id: v.id,
    name: v.name,
    language: v.language,
    gender: v.gender,
    sampleUrl: sampleUrl(db, v.sample_path),
  }))
}
