'use server'

import { revalidatePath } from 'next/cache'
import type { z } from 'zod'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { ActionError, userAction, type UserActionContext } from '@/lib/safe-action'
import { createAdminClient } from '@/lib/supabase/admin'
import { banUserSchema, grantCreditsSchema, resetSecondFactorSchema, setAdminSchema, unbanUserSchema } from './schema'
import { banUser, grantCredits, resetSecondFactor, setAdmin, unbanUser } from './writes'

/**
 * Signed in, and an administrator as the database sees it; the SQL functions check again. Refusals
 * become the message the administrator sees.
 */
function adminAction<S extends z.ZodType, T>(schema: S, handler: (input: z.output<S>, db: Db) => Promise<T>) {
  return userAction(schema, async (input, { supabase }: UserActionContext) => {
    const { data: isAdmin, error } = await supabase.rpc('is_admin')
    if (error) throw new Error(`Could not check administrator rights: ${error.message}`)
    if (isAdmin !== true) throw new ActionError('Only site administrators can do that.')
    try {
      return await handler(input, supabase as unknown as Db)
    } catch (failure) {
      if (failure instanceof Refusal) throw new ActionError(failure.message, failure.fieldErrors)
      throw failure
    }
  })
}

function refreshUser(userId: string) {
  revalidatePath(`/admin/users/${userId}`)
  revalidatePath('/admin/users')
  revalidatePath('/admin')
}

export const grantCreditsAction = adminAction(grantCreditsSchema, async (input, db) => {
  const result = await grantCredits(db, input)
  refreshUser(input.userId)
  revalidatePath(`/dashboard/${input.teamId}`, 'layout')
  return result
})

export const setAdminAction = adminAction(setAdminSchema, async (input, db) => {
  const result = await setAdmin(db, input)
  refreshUser(input.userId)
  return result
})

// the service key sets banned_until through the auth admin API (no user session can); reached only
// after the administrator check above and the database's own rules in admin_set_user_ban
export const banUserAction = adminAction(banUserSchema, async (input, db) => {
  const result = await banUser(db, createAdminClient(), input)
  refreshUser(input.userId)
  return result
})

export const unbanUserAction = adminAction(unbanUserSchema, async (input, db) => {
  const result = await unbanUser(db, createAdminClient(), input)
  refreshUser(input.userId)
  return result
})

export const resetSecondFactorAction = adminAction(resetSecondFactorSchema, async (input, db) => {
  const result = await resetSecondFactor(db, input)
  refreshUser(input.userId)
  return result
})
