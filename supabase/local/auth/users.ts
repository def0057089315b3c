import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'

/** A row of auth.users as the auth API reads it (the columns GoTrue's User model maps). */
export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  email_change_token_new: string | null
  email_change: string | null
  email_change_sent_at: Date | null
  email_change_token_current: string | null
  email_change_confirm_status: number | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  confirmed_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

/** GoTrue's timestamps: RFC3339 with fractional seconds and a zone. */
export function ts(d: Date | string | null | undefined): string | undefined {
  if (!d) return undefined
  return (d instanceof Date ? d : new Date(d)).toISOString()
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

// GoTrue's check (badoux/checkmail ValidateFormat): the local part's allowed characters, then a host
// of dot-separated labels
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && EMAIL_FORMAT.test(email) && /@[^@]+\.[^@]+$/.test(email)
}

export function isBanned(u: UserRow): boolean {
  return Boolean(u.banned_until && u.banned_until.getTime() > Date.now())
}

export function isEmailConfirmed(u: UserRow): boolean {
  return Boolean(u.email_confirmed_at)
}

function serializeIdentity(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: ts(i.last_sign_in_at),
    created_at: ts(i.created_at),
    updated_at: ts(i.updated_at),
    email: i.email ?? undefined,
  }
}

/** The user JSON of GoTrue's `models.User`: omitempty fields left out, null email/phone as "". */
export function serializeUser(u: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: ts(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: ts(u.phone_confirmed_at),
    confirmation_sent_at: ts(u.confirmation_sent_at),
    confirmed_at: ts(u.confirmed_at ?? u.email_confirmed_at),
    invited_at: ts(u.invited_at),
    recovery_sent_at: ts(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: ts(u.email_change_sent_at),
    last_sign_in_at: ts(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(serializeIdentity),
    created_at: ts(u.created_at),
    updated_at: ts(u.updated_at),
    banned_until: ts(u.banned_until),
    deleted_at: ts(u.deleted_at),
    is_anonymous: u.is_anonymous,
  }
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k]
  return out
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const r = await tx.query<UserRow>('select * from auth.users where id = $1', [id])
  return r.rows[0] ?? null
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>(
    'select * from auth.users where lower(email) = $1 and is_sso_user = false order by created_at limit 1',
    [normalizeEmail(email)],
  )
  return r.rows[0] ?? null
}

export async function identitiesOf(tx: Tx, userId: string): Promise<IdentityRow[]> {
  const r = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [userId],
  )
  return r.rows
}

export async function userJson(tx: Tx, u: UserRow): Promise<Record<string, unknown>> {
  const out = serializeUser(u, await identitiesOf(tx, u.id))
  // GoTrue's `factors,omitempty`: listed once the user has any
  const factors = await factorsOf(tx, u.id)
  if (factors.length) out.factors = factors
  return out
}

/** A user's MFA factors as GoTrue serializes them (no secret). */
export async function factorsOf(tx: Tx, userId: string): Promise<Record<string, unknown>[]> {
  const r = await tx.query<{ id: string; created_at: Date; updated_at: Date; status: string; friendly_name: string | null; factor_type: string; phone: string | null; last_challenged_at: Date | null }>(
    `select id, created_at, updated_at, status, friendly_name, factor_type, phone, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  )
  return r.rows.map((f) => {
    const factor: Record<string, unknown> = {
      id: f.id,
      created_at: ts(f.created_at),
      updated_at: ts(f.updated_at),
      status: f.status,
      friendly_name: f.friendly_name || undefined,
      factor_type: f.factor_type,
      phone: f.phone ?? '',
      last_challenged_at: f.last_challenged_at ? ts(f.last_challenged_at) : null,
    }
    if (factor.friendly_name === undefined) delete factor.friendly_name
    return factor
  })
}

export interface NewUser {
  email: string | null
  passwordHash: string | null
  userMetadata: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  confirmed: boolean
  anonymous?: boolean
  invited?: boolean
  bannedUntil?: Date | null
  id?: string
}

/**
 * A plain INSERT, so the triggers an app's migrations put on auth.users (profile rows…) fire
 * exactly as they do on the platform.
 */
export async function insertUser(tx: Tx, n: NewUser): Promise<UserRow> {
  const id = n.id ?? randomUUID()
  const app = n.anonymous ? {} : { provider: 'email', providers: ['email'], ...(n.appMetadata ?? {}) }
  const r = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       invited_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, banned_until,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     values ($1, $2, 'authenticated', 'authenticated', $3, $4, $5, $6, $7, $8, now(), now(), $9, $10, '', '', '', '')
     returning *`,
    [
      INSTANCE_ID,
      id,
      n.email ? normalizeEmail(n.email) : null,
      n.passwordHash,
      n.confirmed ? new Date() : null,
      n.invited ? new Date() : null,
      app,
      n.userMetadata,
      Boolean(n.anonymous),
      n.bannedUntil ?? null,
    ],
  )
  const user = r.rows[0]
  if (user.email) await insertEmailIdentity(tx, user)
  return user
}

/** The `email` identity GoTrue creates with the user: provider_id is the user id. */
export async function insertEmailIdentity(tx: Tx, user: UserRow): Promise<void> {
  const data = {
    ...(user.raw_user_meta_data ?? {}),
    sub: user.id,
    email: user.email,
    email_verified: Boolean(user.email_confirmed_at),
    phone_verified: false,
  }
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()`,
    [user.id, user.id, data],
  )
}

/** Keeps the email identity in step when the email is confirmed or changed. */
export async function syncEmailIdentity(tx: Tx, user: UserRow): Promise<void> {
  if (!user.email) return
  await tx.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, { email: user.email, email_verified: Boolean(user.email_confirmed_at) }],
  )
}

/** `set` keys are column names written in this folder's code, never taken from a request body. */
export async function updateUser(tx: Tx, id: string, set: Record<string, unknown>): Promise<UserRow> {
  const cols = Object.keys(set)
  const assignments = cols.map((c, i) => `${c} = $${i + 2}`).join(', ')
  const r = await tx.query<UserRow>(
    `update auth.users set ${assignments}${cols.length ? ', ' : ''}updated_at = now() where id = $1 returning *`,
    [id, ...cols.map((c) => set[c])],
  )
  return r.rows[0]
}
