import 'server-only'
import { unstable_rethrow } from 'next/navigation'
import type { User } from '@supabase/supabase-js'
import { z } from 'zod'
import { getUser } from '@/lib/auth/user'
import { reportServerError } from '@/lib/monitoring/scope'
import { traceServerAction } from '@/lib/monitoring/server-action'
import { createClient } from '@/lib/supabase/server'
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@/lib/text'

export type FieldErrors = Record<string, string>

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: FieldErrors }

/** An error whose message is meant for the person who caused it (shown as a toast or field error). */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message)
    this.name = 'ActionError'
  }
}

const UNEXPECTED = 'Something went wrong on our side. Please try again in a moment.'

function firstErrorPerField(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form'
    fieldErrors[key] ??= issue.message
  }
  return fieldErrors
}

function toInput(raw: unknown): unknown {
  return raw instanceof FormData ? Object.fromEntries(raw.entries()) : raw
}

async function run<S extends z.ZodType, T>(
  schema: S,
  raw: unknown,
  handler: (input: z.output<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  const input = toInput(raw)
  // refused before any schema, for every action: a NUL byte would reach SQL as error 22021
  const found = findControlCharacter(input)
  if (found) {
    // teamAction passes { args: [teamId, id, input] }: the form's field is what follows the argument
    const field = found.replace(/^args\.\d+\.?/, '') || 'form'
    return { ok: false, error: CONTROL_CHARACTER_MESSAGE, fieldErrors: { [field]: CONTROL_CHARACTER_MESSAGE } }
  }
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error)
    return { ok: false, error: Object.values(fieldErrors)[0] ?? 'Please check the form.', fieldErrors }
  }
  try {
    return { ok: true, data: await handler(parsed.data) }
  } catch (error) {
    // redirect() and notFound() are control flow, not failures
    unstable_rethrow(error)
    if (error instanceof ActionError) return { ok: false, error: error.message, fieldErrors: error.fieldErrors }
    console.error('[action] unexpected error', error)
    reportServerError(error, { area: 'server-action' })
    return { ok: false, error: UNEXPECTED }
  }
}

/**
 * Wraps a server action: parses the input with zod (a plain object or FormData) and turns
 * expected failures into values. Throw `ActionError` for messages the person should see. In traces
 * the action is named by its export (lib/monitoring/server-action.ts).
 */
export function action<S extends z.ZodType, T>(schema: S, handler: (input: z.output<S>) => Promise<T>) {
  return async (raw: z.input<S> | FormData): Promise<ActionResult<T>> => traceServerAction(() => run(schema, raw, handler))
}

export interface UserActionContext {
  user: User
  supabase: Awaited<ReturnType<typeof createClient>>
}

/** Like `action`, for signed-in users only; the handler gets the user and their Supabase client. */
export function userAction<S extends z.ZodType, T>(
  schema: S,
  handler: (input: z.output<S>, ctx: UserActionContext) => Promise<T>,
) {
  return async (raw: z.input<S> | FormData): Promise<ActionResult<T>> =>
    traceServerAction(async () => {
      const user = await getUser()
      if (!user) return { ok: false, error: 'Your session has ended. Please sign in again.' }
      const supabase = await createClient()
      return run(schema, raw, (input) => handler(input, { user, supabase }))
    })
}
