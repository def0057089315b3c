import 'server-only'
import type { PostgrestError } from '@supabase/supabase-js'
import { ActionError } from '@/lib/safe-action'

/*
 * The SQL functions and triggers raise messages written for people (errcode P0001, or 42501 for
 * "not allowed"); those reach the UI as they are. Anything else is unexpected and becomes a generic
 * error in the action wrapper, with the details logged on the server.
 */
const PERSON_FACING = new Set(['P0001', '42501'])

export function failWith(error: PostgrestError | { message: string; code?: string }, fallback?: string): never {
  // a policy refusal's own text names tables; say it in the product's words instead
  if (/row-level security|permission denied/i.test(error.message)) {
    throw new ActionError(fallback ?? 'You do not have permission to do that.')
  }
  if (error.code && PERSON_FACING.has(error.code)) throw new ActionError(sentence(error.message))
  if (error.code === '23505') throw new ActionError(fallback ?? 'That already exists.')
  throw new Error(`${error.code ?? 'error'}: ${error.message}`)
}

function sentence(message: string): string {
  const trimmed = message.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
