import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { parseOrRefuse, Refusal, type Db } from '@/lib/listings/refusal'
import { banHours, banUserSchema, grantCreditsSchema, resetSecondFactorSchema, setAdminSchema, unbanUserSchema } from './schema'

/*
 * The administrators' changes. Each runs as the administrator (their own session): the SQL function
 * checks the caller, applies the rules (never yourself, never the last administrator, bounded
 * amounts, a note) and records itself in admin_audit_log in the same transaction. They take clients
 * rather than reading cookies, so the server actions and the integration tests run the same code.
 */

type DbError = { message: string; code?: string }

function sentence(message: string): string {
  const trimmed = message.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** The functions' refusals are written for people (P0001, or 42501 for "not allowed"); the rest is a bug. */
function refuse(error: DbError): never {
  if (error.code === 'P0001') throw new Refusal(sentence(error.message))
  if (error.code === '42501') throw new Refusal('Only site administrators can do that.')
  throw new Error(`${error.code ?? 'error'}: ${error.message}`)
}

function authFailed(what: string, error: { status?: number; code?: string; message: string }): never {
  console.error(`[admin] the auth server did not ${what}: ${error.status ?? ''} ${error.code ?? ''} ${error.message}`)
  throw new Refusal(`The decision is recorded, but the sign-in service did not ${what}. Please try again.`)
}

/** Credits for one of the person's teams; answers the team's new balance. */
export async function grantCredits(db: Db, raw: unknown): Promise<{ balance: number; amount: number }> {
  const input = parseOrRefuse(grantCreditsSchema, raw)
  const { data, error } = await db.rpc('admin_grant_credits', {
    p_team_id: input.teamId,
    p_amount: input.amount,
    p_note: input.note,
    p_user_id: input.userId,
  })
  if (error) refuse(error)
  return { balance: data, amount: input.amount }
}

/** Makes or removes an administrator (the database refuses yourself and the last one). */
export async function setAdmin(db: Db, raw: unknown): Promise<{ isAdmin: boolean }> {
  const input = parseOrRefuse(setAdminSchema, raw)
  const { error } = await db.rpc('set_user_admin', { p_user_id: input.userId, p_is_admin: input.makeAdmin })
  if (error) refuse(error)
  return { isAdmin: input.makeAdmin }
}

/**
 * A ban has two halves. The database half (admin_set_user_ban, as the administrator) decides whether
 * this person may be banned, records it and ends their sessions; the auth half sets banned_until
 * through the auth admin API with the service key, which only the server holds (the caller checked
 * the administrator first). The database goes first, so nobody is banned without a record; if the
 * auth server then fails, the administrator is told and can simply try again.
 */
export async function banUser(db: Db, service: SupabaseClient, raw: unknown): Promise<{ bannedUntil: string }> {
  const input = parseOrRefuse(banUserSchema, raw)
  const hours = banHours(input.duration)
  const { data, error } = await db.rpc('admin_set_user_ban', { p_user_id: input.userId, p_hours: hours })
  if (error) refuse(error)
  const applied = await service.auth.admin.updateUserById(input.userId, { ban_duration: `${hours}h` })
  if (applied.error) authFailed('apply the ban', applied.error)
  return { bannedUntil: applied.data.user?.banned_until ?? data }
}

/** Lifts a ban: recorded in the database, then cleared on the auth server. */
export async function unbanUser(db: Db, service: SupabaseClient, raw: unknown): Promise<{ userId: string }> {
  const input = parseOrRefuse(unbanUserSchema, raw)
  const { error } = await db.rpc('admin_set_user_ban', { p_user_id: input.userId })
  if (error) refuse(error)
  const applied = await service.auth.admin.updateUserById(input.userId, { ban_duration: 'none' })
  if (applied.error) authFailed('lift the ban', applied.error)
  return { userId: input.userId }
}

/**
 * Removes a person's authenticators and ends their sessions (public.admin_reset_second_factor, one
 * transaction with its audit record): the way back in after losing every authenticator.
 */
export async function resetSecondFactor(db: Db, raw: unknown): Promise<{ removed: number }> {
  const input = parseOrRefuse(resetSecondFactorSchema, raw)
  const { data, error } = await db.rpc('admin_reset_second_factor', { p_user_id: input.userId })
  if (error) refuse(error)
  return { removed: z.number().int().parse(data) }
}
