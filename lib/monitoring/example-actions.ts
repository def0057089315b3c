'use server'

import * as Sentry from '@sentry/nextjs'
import { z } from 'zod'
import { isAdmin } from '@/lib/auth/user'
import { ActionError, userAction } from '@/lib/safe-action'

/*
 * /admin/dev/sentry-example's server action (administrators only): a little traced work in the
 * trace the page's "Run a traced span" button started, so the action's transaction can be seen
 * under its own name (serverAction/runTracedExampleAction, lib/monitoring/server-action.ts).
 */

export const runTracedExampleAction = userAction(z.object({}).strict(), async () => {
  if (!(await isAdmin())) throw new ActionError('Only site administrators can do that.')
  await Sentry.startSpan({ name: 'sentry-example: action work', op: 'function' }, () => new Promise((resolve) => setTimeout(resolve, 25)))
  return { traced: Sentry.isInitialized() }
})
