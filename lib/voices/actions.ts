'use server'

import { revalidatePath } from 'next/cache'
import type { z } from 'zod'
import { isAdmin } from '@/lib/auth/user'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { ActionError, userAction, type UserActionContext } from '@/lib/safe-action'
import * as samples from './samples'
import {
  createVoiceSchema,
  finalizeSampleSchema,
  moveVoiceSchema,
  prepareSampleSchema,
  setVoiceActiveSchema,
  updateVoiceSchema,
  voiceRefSchema,
} from './schema'
import * as writes from './writes'

/*
 * /admin/dev/voices. Each action parses its input with the shared schema, admits site administrators
 * only (the SQL functions and storage policies check again), and runs as the administrator's own
 * session: no service key.
 */

function adminAction<S extends z.ZodType, T>(schema: S, logic: (db: Db, input: z.output<S>) => Promise<T>) {
  return userAction(schema, async (input, { supabase }: UserActionContext) => {
    if (!(await isAdmin())) throw new ActionError('Only site administrators can manage voices.')
    try {
      const result = await logic(supabase as unknown as Db, input)
      revalidatePath('/admin/dev/voices')
      return result
    } catch (error) {
      if (error instanceof Refusal) throw new ActionError(error.message, error.fieldErrors)
      throw error
    }
  })
}

export const createVoice = adminAction(createVoiceSchema, writes.createVoice)
export const updateVoice = adminAction(updateVoiceSchema, writes.updateVoice)
export const setVoiceActive = adminAction(setVoiceActiveSchema, writes.setVoiceActive)
export const moveVoice = adminAction(moveVoiceSchema, writes.moveVoice)
export const deleteVoice = adminAction(voiceRefSchema, writes.deleteVoice)

/** → { path, token, signedUrl, contentType, bucket }: PUT the file there, then finalizeSample. */
export const prepareSample = adminAction(prepareSampleSchema, samples.prepareSample)
/** Judges the uploaded bytes and makes the file the voice's sample (the old one is removed). */
export const finalizeSample = adminAction(finalizeSampleSchema, samples.finalizeSample)
export const removeSample = adminAction(voiceRefSchema, samples.removeSample)
