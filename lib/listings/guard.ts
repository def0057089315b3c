import 'server-only'
import { z } from 'zod'
import { ActionError, userAction } from '@/lib/safe-action'
import { Refusal, type Db } from './refusal'

/*
 * Server actions here take several arguments (teamId, id, input), while userAction takes one object.
 * `teamAction` bridges the two: userAction checks the session and turns errors into results; the
 * input is parsed by the shared schema inside the logic itself, so tests exercise the same checks.
 */

const passThrough = z.object({ args: z.array(z.unknown()) })

export function teamAction<A extends unknown[], T>(logic: (supabase: Db, userId: string, ...args: A) => Promise<T>) {
  const run = userAction(passThrough, async ({ args }, { supabase, user }) => {
    try {
      return await logic(supabase as unknown as Db, user.id, ...(args as A))
    } catch (error) {
      if (error instanceof Refusal) throw new ActionError(error.message, error.fieldErrors)
      throw error
    }
  })
  return (...args: A) => run({ args })
}
