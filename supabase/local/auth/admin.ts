import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { bannedUntilFrom } from './ban.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { checkPasswordStrength, hashPassword } from './passwords.ts'
import { obj, readJson, requireAdmin, str, type Body } from './request.ts'
import {
  findUserByEmail, findUserById, insertEmailIdentity, insertUser, isValidEmail, normalizeEmail,
  syncEmailIdentity, updateUser, userJson, type UserRow,
} from './users.ts'

const ID = /^\/admin\/users\/([^/]+)$/

function userIdFrom(req: LocalRequest): string {
  const id = ID.exec(req.path)?.[1] ?? ''
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  }
  return id
}

async function mustFind(tx: Tx, id: string): Promise<UserRow> {
  const user = await findUserById(tx, id)
  if (!user) throw errors.userNotFound()
  return user
}

/** Merges like GoTrue's UpdateAppMetaData/UpdateUserMetaData: new keys win, null removes a key. */
function mergeMeta(current: Record<string, unknown> | null, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...(current ?? {}) }
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else out[k] = v
  }
  return out
}

export async function getUserById(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const id = userIdFrom(req)
  return owner(ctx, async (tx) => ok(req, await userJson(tx, await mustFind(tx, id))))
}

async function passwordHashFrom(ctx: AuthContext, body: Body): Promise<string | undefined> {
  const hash = str(body.password_hash)
  if (hash) {
    if (!/^\$2[aby]\$\d\d\$/.test(hash)) throw errors.validation('Invalid password hash: only bcrypt hashes are supported')
    return hash
  }
  const password = str(body.password)
  if (password === undefined) return undefined
  checkPasswordStrength(password, ctx.config.auth)
  return hashPassword(password)
}

/** POST /admin/users */
export async function createUser(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const body = readJson(req)
  const email = str(body.email)?.trim()
  if (!email) throw errors.validation('Creating a user requires an email address (phone users are not supported locally)')
  if (!isValidEmail(email)) throw errors.validation('Unable to validate email address: invalid format')
  const passwordHash = (await passwordHashFrom(ctx, body)) ?? null
  const banDuration = str(body.ban_duration)
  const bannedUntil = banDuration ? bannedUntilFrom(banDuration) : null
  const id = str(body.id)
  return owner(ctx, async (tx) => {
    if (await findUserByEmail(tx, email)) throw errors.emailExists()
    const user = await insertUser(tx, {
      id,
      email,
      passwordHash,
      userMetadata: obj(body.user_metadata) ?? obj(body.data) ?? {},
      appMetadata: obj(body.app_metadata),
      confirmed: body.email_confirm === true,
      bannedUntil,
    })
    const role = str(body.role)
    return ok(req, await userJson(tx, role ? await updateUser(tx, user.id, { role }) : user))
  })
}

/** PUT /admin/users/{id}: email, password, metadata merges, email_confirm, role, ban_duration. */
export async function updateUserById(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const id = userIdFrom(req)
  const body = readJson(req)
  const passwordHash = await passwordHashFrom(ctx, body)
  const email = str(body.email)?.trim()
  if (email !== undefined && !isValidEmail(email)) throw errors.validation('Unable to validate email address: invalid format')
  const banDuration = str(body.ban_duration)
  const banned = banDuration ? { until: bannedUntilFrom(banDuration) } : null
  return owner(ctx, async (tx) => {
    let user = await mustFind(tx, id)
    const set: Record<string, unknown> = {}
    if (passwordHash) set.encrypted_password = passwordHash
    const userMeta = obj(body.user_metadata) ?? obj(body.data)
    if (userMeta) set.raw_user_meta_data = mergeMeta(user.raw_user_meta_data, userMeta)
    const appMeta = obj(body.app_metadata)
    if (appMeta) set.raw_app_meta_data = mergeMeta(user.raw_app_meta_data, appMeta)
    if (str(body.role)) set.role = str(body.role)
    // GoTrue's User.Ban only sets banned_until: the sessions stay, unusable while the ban lasts (refresh
    // and every authenticated auth route refuse a banned user) and usable again once it is lifted
    if (banned) set.banned_until = banned.until
    if (email !== undefined && normalizeEmail(email) !== user.email) {
      const other = await findUserByEmail(tx, email)
      if (other && other.id !== id) throw errors.emailExists()
      set.email = normalizeEmail(email)
      set.email_change = ''
      set.email_change_token_new = ''
      set.is_anonymous = false
    }
    if (body.email_confirm === true && !user.email_confirmed_at) set.email_confirmed_at = new Date()
    if (Object.keys(set).length) user = await updateUser(tx, id, set)
    if (set.email) {
      const has = await tx.query(`select 1 from auth.identities where user_id = $1 and provider = 'email'`, [id])
      if (has.rows.length) await syncEmailIdentity(tx, user)
      else await insertEmailIdentity(tx, user)
    } else if (set.email_confirmed_at) await syncEmailIdentity(tx, user)
    return ok(req, await userJson(tx, user))
  })
}

/** DELETE /admin/users/{id}: hard by default; `should_soft_delete` keeps a tombstone row. */
export async function deleteUser(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const id = userIdFrom(req)
  const body = readJson(req)
  return owner(ctx, async (tx) => {
    await mustFind(tx, id)
    if (body.should_soft_delete === true) {
      await tx.query('delete from auth.sessions where user_id = $1', [id])
      await tx.query('delete from auth.identities where user_id = $1', [id])
      await updateUser(tx, id, { deleted_at: new Date(), email: null, encrypted_password: '', raw_user_meta_data: {} })
    } else {
      await tx.query('delete from auth.users where id = $1', [id])
    }
    return ok(req, {})
  })
}
