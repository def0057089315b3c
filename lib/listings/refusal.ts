import type { SupabaseClient } from '@supabase/supabase-js'
import type { z } from 'zod'
import type { Database } from '@/lib/database.types'

/*
 * The listing, agent and media logic takes a Supabase client instead of reading Next's cookies, so
 * it runs the same inside a server action and inside an integration test. It throws `Refusal` for
 * what the person can fix; lib/listings/guard.ts turns that into the action's { ok: false } result.
 */

export type Db = SupabaseClient<Database>

export type FieldErrors = Record<string, string>

export class Refusal extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** Parses with the shared schema; the first message of each field, keyed by its dotted path. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const fieldErrors: FieldErrors = {}
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'form'] ??= issue.message
  throw new Refusal(Object.values(fieldErrors)[0] ?? 'Please check the form.', fieldErrors)
}

type DbError = { message: string; code?: string; details?: string | null }

/** Constraint names the database may report, in the product's words. */
const CONSTRAINTS: [RegExp, string, string?][] = [
  [/listings_agent_fkey/, 'That agent is not in this team any more. Choose another one.', 'agentId'],
  [/listings_cover_fkey/, 'The cover must be one of this listing’s photos.'],
  [/media_assets_listing_fkey/, 'That listing no longer exists.'],
  [/listings_rent_period/, 'Choose whether the rent is per week, month or year.', 'rentPeriod'],
  [/media_assets_path_key/, 'That file was already added.'],
]

/**
 * Turns a PostgREST error into a Refusal when a person can act on it; anything else is a bug and
 * stays an Error (the action wrapper logs it and shows a generic message).
 */
export function refuse(error: DbError, notAllowed = 'You do not have permission to do that.'): never {
  if (error.code === '42501' || /row-level security|permission denied/i.test(error.message)) {
    throw new Refusal(notAllowed)
  }
  if (error.code === 'P0001') throw new Refusal(error.message)
  for (const [pattern, message, field] of CONSTRAINTS) {
    if (pattern.test(error.message) || pattern.test(error.details ?? '')) {
      throw new Refusal(message, field ? { [field]: message } : undefined)
    }
  }
  throw new Error(`${error.code ?? 'error'}: ${error.message}`)
}

/** A write that RLS filtered out changes nothing and is not an error in PostgREST: say so. */
export function mustHaveRows<T>(rows: T[] | null, message: string): T[] {
  if (!rows || rows.length === 0) throw new Refusal(message)
  return rows
}

export const NOT_FOUND = 'That listing no longer exists, or it belongs to another team.'
