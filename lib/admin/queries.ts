import { z } from 'zod'
import type { Db } from '@/lib/listings/refusal'
import {
  adminUserListSchema, overviewSchema, userDetailSchema, userListFilterSchema,
  type Overview, type UserDetail, type UserListFilter,
} from './schema'

/*
 * The administrators' reads. Each takes the caller's client: an administrator's own session, so the
 * database decides (the admin functions check private.is_admin(), the tables' admin-only policies do
 * the rest) and the integration tests run the same code. Everything read is parsed before use.
 */

/** One page of users (search, filter, sort from the URL) and how many match in all. */
export async function listUsers(db: Db, rawFilter: unknown = {}) {
  const filter: UserListFilter = userListFilterSchema.parse(rawFilter)
  const { data, error } = await db.rpc('admin_list_users', {
    p_search: filter.q,
    p_filter: filter.filter,
    p_sort: filter.sort,
    p_page: filter.page,
    p_per_page: filter.perPage,
  })
  if (error) throw new Error(`Could not load users: ${error.message}`)
  return { ...adminUserListSchema.parse(data), filter }
}

/** The overview's numbers and newest sign-ups, in one call. */
export async function getOverview(db: Db): Promise<Overview> {
  const { data, error } = await db.rpc('admin_overview')
  if (error) throw new Error(`Could not load the overview: ${error.message}`)
  return overviewSchema.parse(data)
}

/** Whether a profile with this id exists (as the caller may see it): the 404 check above the skeletons. */
export async function userExists(db: Db, userId: string): Promise<boolean> {
  const { data, error } = await db.from('profiles').select('id').eq('id', userId).maybeSingle()
  if (error) throw new Error(`Could not load the user: ${error.message}`)
  return data !== null
}

/** The person, their auth facts, teams (role, balance) and what they made; null when unknown. */
export async function getUserDetail(db: Db, userId: string): Promise<UserDetail | null> {
  const { data, error } = await db.rpc('admin_user_detail', { p_user_id: userId })
  if (error) throw new Error(`Could not load the user: ${error.message}`)
  return data === null ? null : userDetailSchema.parse(data)
}

/** How many verified authenticators the person has (public.admin_second_factors). */
export async function getSecondFactorCount(db: Db, userId: string): Promise<number> {
  const { data, error } = await db.rpc('admin_second_factors', { p_user_id: userId })
  if (error) throw new Error(`Could not read the user's two-step sign-in: ${error.message}`)
  return z.number().int().min(0).parse(data)
}

const runSchema = z.object({
  id: z.guid(),
  status: z.enum(['queued', 'rendering', 'encoding', 'uploading', 'succeeded', 'failed', 'canceled']),
  codec: z.string(),
  format: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error_message: z.string().nullable(),
  trial_project_id: z.guid().nullable(),
  video_id: z.guid().nullable(),
  team_id: z.guid().nullable(),
  videos: z.object({ title: z.string(), listing_id: z.guid() }).nullable(),
  teams: z.object({ name: z.string() }).nullable(),
  requester: z.object({ full_name: z.string().nullable(), email: z.string().nullable() }).nullable(),
})
export type AdminRun = z.output<typeof runSchema>

const RUN_COLUMNS =
  'id, status, codec, format, created_at, finished_at, error_message, trial_project_id, video_id, team_id, ' +
  'videos(title, listing_id), teams(name), requester:profiles!render_runs_requested_by_fkey(full_name, email)'

/** The newest render runs everywhere (team and trial), or one person's when `userId` is given. */
export async function listRecentRuns(db: Db, { userId, limit = 8 }: { userId?: string; limit?: number } = {}): Promise<AdminRun[]> {
  let query = db.from('render_runs').select(RUN_COLUMNS)
  if (userId) query = query.eq('requested_by', userId)
  const { data, error } = await query.order('created_at', { ascending: false }).order('id').limit(limit)
  if (error) throw new Error(`Could not load render runs: ${error.message}`)
  return z.array(runSchema).parse(data)
}

const auditSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()),
  target_user_id: z.guid().nullable(),
  target_team_id: z.guid().nullable(),
  actor: z.object({ id: z.guid(), full_name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  target: z.object({ id: z.guid(), full_name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  team: z.object({ id: z.guid(), name: z.string() }).nullable(),
})
export type AuditEntry = z.output<typeof auditSchema>

const AUDIT_COLUMNS =
  'id, action, created_at, details, target_user_id, target_team_id, ' +
  'actor:profiles!admin_audit_log_actor_id_fkey(id, full_name, email), ' +
  'target:profiles!admin_audit_log_target_user_id_fkey(id, full_name, email), ' +
  'team:teams!admin_audit_log_target_team_id_fkey(id, name)'

/** The newest administrator actions, or those on one person when `userId` is given. */
export async function listAudit(db: Db, { userId, limit = 8 }: { userId?: string; limit?: number } = {}): Promise<AuditEntry[]> {
  let query = db.from('admin_audit_log').select(AUDIT_COLUMNS)
  if (userId) query = query.eq('target_user_id', userId)
  const { data, error } = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(limit)
  if (error) throw new Error(`Could not load the audit log: ${error.message}`)
  return z.array(auditSchema).parse(data)
}
