import { parseOrRefuse, refuse, type Db } from '@/lib/listings/refusal'
import { VOICES } from '@/lib/constants'
import { createVoiceSchema, moveVoiceSchema, setVoiceActiveSchema, updateVoiceSchema, voiceRefSchema } from './schema'

/*
 * The admin catalogue's changes. Each is one audited SQL function (supabase/migrations/
 * 20261125012000_voices_admin.sql) called as the signed-in administrator; the input is parsed with
 * the same schema the form uses, and the database checks the caller and the rules again.
 */

const NOT_ADMIN = 'Only administrators can manage voices.'

export async function createVoice(db: Db, input: unknown): Promise<{ id: string; name: string }> {
  const v = parseOrRefuse(createVoiceSchema, input)
  const { data, error } = await db.rpc('admin_create_voice', {
    p_name: v.name,
    p_language: v.language,
    p_gender: v.gender,
    p_provider: v.provider,
    p_provider_voice_id: v.providerVoiceId,
    p_is_active: v.isActive,
  })
  if (error) refuse(error, NOT_ADMIN)
  return { id: data, name: v.name }
}

export async function updateVoice(db: Db, input: unknown): Promise<{ name: string }> {
  const v = parseOrRefuse(updateVoiceSchema, input)
  const { error } = await db.rpc('admin_update_voice', {
    p_voice_id: v.id,
    p_name: v.name,
    p_language: v.language,
    p_gender: v.gender,
    p_provider: v.provider,
    p_provider_voice_id: v.providerVoiceId,
  })
  if (error) refuse(error, NOT_ADMIN)
  return { name: v.name }
}

export async function setVoiceActive(db: Db, input: unknown): Promise<{ isActive: boolean }> {
  const v = parseOrRefuse(setVoiceActiveSchema, input)
  const { error } = await db.rpc('admin_set_voice_active', { p_voice_id: v.id, p_is_active: v.isActive })
  if (error) refuse(error, NOT_ADMIN)
  return { isActive: v.isActive }
}

export async function moveVoice(db: Db, input: unknown): Promise<void> {
  const v = parseOrRefuse(moveVoiceSchema, input)
  const { error } = await db.rpc('admin_move_voice', { p_voice_id: v.id, p_direction: v.direction })
  if (error) refuse(error, NOT_ADMIN)
}

/** Deletes an unused voice (the database refuses one in use, saying by what) and its sample file. */
export async function deleteVoice(db: Db, input: unknown): Promise<void> {
  const v = parseOrRefuse(voiceRefSchema, input)
  const { data, error } = await db.rpc('admin_delete_voice', { p_voice_id: v.id })
  if (error) refuse(error, NOT_ADMIN)
  if (data) {
    const { error: removeError } = await db.storage.from(VOICES.bucket).remove([data])
    if (removeError) console.error('[voices] could not remove the sample of a deleted voice', data, removeError.message)
  }
}

