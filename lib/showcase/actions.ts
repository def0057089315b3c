'use server'

import { revalidatePath } from 'next/cache'
import { isAdmin } from '@/lib/auth/user'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { ActionError, userAction } from '@/lib/safe-action'
import { reviewShowcase as review } from './admin'
import { reviewShowcaseSchema } from './schema'

/** /admin/showcase: approve or decline a submission (administrators only; checked again in SQL). */
export const reviewShowcase = userAction(reviewShowcaseSchema, async (input, { supabase }) => {
  if (!(await isAdmin())) throw new ActionError('Only site administrators review the showcase.')
  try {
    const result = await review(supabase as unknown as Db, input)
    revalidatePath('/admin', 'layout')
    revalidatePath('/showcase')
    return result
  } catch (error) {
    if (error instanceof Refusal) throw new ActionError(error.message, error.fieldErrors)
    throw error
  }
})
