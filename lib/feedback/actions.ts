'use server'

import { revalidatePath } from 'next/cache'
import { isAdmin } from '@/lib/auth/user'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { ActionError, userAction } from '@/lib/safe-action'
import { reviewFeedbackSchema, sendFeedbackSchema } from './schema'
import { reviewFeedback as review, sendFeedback as send } from './writes'

/** A Refusal from the shared logic is a message for the person. */
async function asAction<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Refusal) throw new ActionError(error.message, error.fieldErrors)
    throw error
  }
}

/** The dashboard's feedback dialog: signed-in (not trial) people, as themselves under RLS. */
export const sendFeedback = userAction(sendFeedbackSchema, (input, { supabase, user }) =>
  asAction(() => send(supabase as unknown as Db, user.id, input)),
)

/** /admin/feedback and the admin user page: the status and the internal note of one message. */
export const reviewFeedback = userAction(reviewFeedbackSchema, async (input, { supabase }) => {
  if (!(await isAdmin())) throw new ActionError('Only site administrators review feedback.')
  const result = await asAction(() => review(supabase as unknown as Db, input))
  revalidatePath('/admin', 'layout')
  return result
})
