import { z } from 'zod'
import { ADMIN_GRANT, ADMIN_USERS_PAGE_SIZE, BAN_DURATIONS, TEAM_ROLES } from '@/lib/constants'
import { stripControlCharacters } from '@/lib/text'

/*
 * The administrators' user tools: the list's URL parameters, the rows the admin functions answer
 * (parsed before anything shows them), and the actions' inputs, shared by the forms and the actions.
 * The SQL functions check the same bounds (20261125014000_admin_users.sql).
 */

// 'accounts' (the default) hides trial visitors; 'all' lists them too
export const USER_FILTERS = ['accounts', 'all', 'admins', 'banned', 'anonymous'] as const
export type UserFilter = (typeof USER_FILTERS)[number]
export const USER_SORTS = ['newest', 'oldest', 'name', 'email', 'last_sign_in'] as const
export type UserSort = (typeof USER_SORTS)[number]

/** The list's URL parameters. Never an error: a bad value falls back to the default. */
export const userListFilterSchema = z.object({
  // a search box forgives: control characters (a NUL byte would be SQL error 22021) are dropped
  q: z.string().transform(stripControlCharacters).pipe(z.string().trim().max(100)).catch('').default(''),
  filter: z.enum(USER_FILTERS).catch('accounts').default('accounts'),
  sort: z.enum(USER_SORTS).catch('newest').default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).catch(ADMIN_USERS_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
})
export type UserListFilter = z.output<typeof userListFilterSchema>

const timestamp = z.string().min(1)
const uuid = z.guid({ error: 'That id is not valid.' })

export const adminUserRowSchema = z.object({
  id: uuid,
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  avatar_path: z.string().nullable(),
  is_admin: z.boolean(),
  created_at: timestamp,
  last_sign_in_at: timestamp.nullable(),
  banned_until: timestamp.nullable(),
  is_anonymous: z.boolean(),
  email_confirmed_at: timestamp.nullable(),
})
export type AdminUserRow = z.output<typeof adminUserRowSchema>

export const adminUserListSchema = z.object({ total: z.number().int().min(0), rows: z.array(adminUserRowSchema) })

const count = z.number().int().min(0)

export const overviewSchema = z.object({
  users: count,
  trial_users: count,
  new_users_7d: count,
  admins: count,
  banned: count,
  teams: count,
  listings: count,
  videos: count,
  renders_today: count,
  renders_7d: count,
  succeeded_7d: count,
  failed_7d: count,
  active_renders: count,
  /** null while the feedback table does not exist */
  feedback_new: count.nullable(),
  recent_signups: z.array(z.object({ id: uuid, email: z.string().nullable(), full_name: z.string().nullable(), created_at: timestamp })),
})
export type Overview = z.output<typeof overviewSchema>

export const userDetailSchema = adminUserRowSchema.extend({
  providers: z.array(z.string()),
  teams: z.array(
    z.object({ id: uuid, name: z.string(), role: z.enum(TEAM_ROLES), joined_at: timestamp, balance: z.number().int() }),
  ),
  listings_created: count,
  videos_created: count,
  runs_requested: count,
})
export type UserDetail = z.output<typeof userDetailSchema>

/** Whether a ban is in force now (the auth server's rule: banned_until in the future). */
export function isBannedNow(bannedUntil: string | null, now = Date.now()): boolean {
  return bannedUntil !== null && new Date(bannedUntil).getTime() > now
}

// actions ---------------------------------------------------------------------------------------------

export const grantCreditsSchema = z.object({
  userId: uuid,
  teamId: uuid.or(z.literal('')).refine((v) => v !== '', 'Choose one of their teams.'),
  amount: z.coerce
    .number({ error: 'Enter how many credits to grant.' })
    .int('Grant a whole number of credits.')
    .min(ADMIN_GRANT.min, `Grant at least ${ADMIN_GRANT.min} credit.`)
    .max(ADMIN_GRANT.max, `Grant at most ${ADMIN_GRANT.max.toLocaleString('en-US')} credits at a time.`),
  note: z
    .string({ error: 'Write a note saying why.' })
    .trim()
    .min(1, 'Write a note saying why (the team sees it in its credit history).')
    .max(ADMIN_GRANT.noteMax, `Keep the note to ${ADMIN_GRANT.noteMax} characters.`),
})
export type GrantCreditsInput = z.input<typeof grantCreditsSchema>

export const setAdminSchema = z.object({ userId: uuid, makeAdmin: z.boolean() })

const BAN_IDS = BAN_DURATIONS.map((d) => d.id) as [string, ...string[]]
export const banUserSchema = z.object({
  userId: uuid,
  duration: z.enum(BAN_IDS, { error: 'Choose how long the ban lasts.' }),
})
export const unbanUserSchema = z.object({ userId: uuid })
export const resetSecondFactorSchema = z.object({ userId: uuid })

/** The auth server's ban_duration for a choice (a Go duration in hours). */
export function banHours(durationId: string): number {
  const found = BAN_DURATIONS.find((d) => d.id === durationId)
  if (!found) throw new Error(`Unknown ban duration ${durationId}`)
  return found.hours
}
