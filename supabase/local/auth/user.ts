import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { requestEmailChange } from './email-change.ts'
import { pkceFrom } from './mail.ts'
import { checkPasswordStrength, hashPassword, passwordMatches } from './passwords.ts'
import { allowedRedirect, callerClaims, loadCaller, obj, readJson, redirectParam, str } from './request.ts'
import { consumeNonce, passwordNeedsNonce } from './reauthenticate.ts'
import { endSessions } from './sessions.ts'
import { findUserByEmail, insertEmailIdentity, isValidEmail, normalizeEmail, updateUser, userJson, type UserRow } from './users.ts'

/** GET /user */
export async function getUser(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const claims = await callerClaims(ctx.config, req)
  return owner(ctx, async (tx) => {
    const { user } = await loadCaller(tx, claims)
    return ok(req, await userJson(tx, user))
  })
}

/**
 * PUT /user: metadata (`data` merged into user_metadata), password, email. A new email needs a
 * confirmation mail to the new address, except for an anonymous user while autoconfirm is on,
 * which is how an anonymous user becomes a permanent one (GoTrue's rule).
 */
export async function putUser(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const claims = await callerClaims(ctx.config, req)
  const body = readJson(req)
  const password = str(body.password)
  const email = str(body.email)
  const data = obj(body.data)
  const pkce = pkceFrom(body)
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))

  if (password !== undefined) checkPasswordStrength(password, ctx.config.auth)
  if (email !== undefined && !isValidEmail(email.trim())) {
    throw errors.validation('Unable to validate email address: invalid format')
  }
  const caller = await owner(ctx, (tx) => loadCaller(tx, claims))
  if (password && caller.user.is_anonymous && !email) {
    throw errors.validation('Updating password of an anonymous user without an email or phone is not allowed')
  }
  // bcrypt outside the transaction; the same-password answer comes after the nonce check, as in GoTrue
  let passwordHash: string | undefined
  let samePassword = false
  if (password !== undefined) {
    samePassword = await passwordMatches(password, caller.user.encrypted_password)
    if (!samePassword) passwordHash = await hashPassword(password)
  }

  return owner(ctx, async (tx) => {
    const loaded = await loadCaller(tx, claims)
    let { user } = loaded
    // before anything is written: a refused password change changes nothing else either
    if (password !== undefined && (await passwordNeedsNonce(tx, ctx.config.auth.securePasswordChange, loaded.sessionId))) {
      const nonce = str(body.nonce)
      if (!nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication')
      await consumeNonce(tx, user.id, user.email, nonce)
    }
    if (samePassword) throw errors.samePassword()
    if (data) {
      const r = await tx.query<{ m: Record<string, unknown> }>(
        `select coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb as m from auth.users where id = $1`,
        [user.id, data],
      )
      // GoTrue drops keys set to null from user_metadata
      const merged = Object.fromEntries(Object.entries(r.rows[0].m).filter(([, v]) => v !== null))
      user = await updateUser(tx, user.id, { raw_user_meta_data: merged })
    }
    if (passwordHash) user = await changePassword(tx, user.id, passwordHash, loaded.sessionId)
    if (email !== undefined && normalizeEmail(email) !== (user.email ?? '')) {
      const other = await findUserByEmail(tx, email)
      if (other && other.id !== user.id) throw errors.emailExists()
      if (user.is_anonymous && ctx.config.auth.autoconfirm) {
        user = await updateUser(tx, user.id, {
          email: normalizeEmail(email),
          email_confirmed_at: new Date(),
          is_anonymous: false,
          raw_app_meta_data: { ...(user.raw_app_meta_data ?? {}), provider: 'email', providers: ['email'] },
        })
        await insertEmailIdentity(tx, user)
      } else {
        user = await requestEmailChange(ctx, tx, user, normalizeEmail(email), pkce, redirectTo)
      }
    }
    return ok(req, await userJson(tx, user))
  })
}

/**
 * GoTrue's User.UpdatePassword: pending links and codes (sent while someone else may have known the
 * old password) stop working, and every other session ends (all of them when the token carries
 * none), so a stolen session does not outlive the password change.
 */
async function changePassword(tx: Tx, userId: string, passwordHash: string, sessionId: string): Promise<UserRow> {
  const user = await updateUser(tx, userId, {
    encrypted_password: passwordHash,
    confirmation_token: '', confirmation_sent_at: null, recovery_token: '', recovery_sent_at: null,
    email_change_token_current: '', email_change_token_new: '', email_change_sent_at: null,
    phone_change_token: '', phone_change_sent_at: null, reauthentication_token: '', reauthentication_sent_at: null,
  })
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId])
  await endSessions(tx, userId, sessionId, sessionId ? 'others' : 'global')
  return user
}

/** POST /logout?scope=global|local|others → 204 */
export async function logout(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const claims = await callerClaims(ctx.config, req)
  const scope = req.url.searchParams.get('scope') ?? 'global'
  if (!['global', 'local', 'others'].includes(scope)) {
    throw errors.validation(`Unsupported logout scope "${scope}"`)
  }
  await owner(ctx, async (tx) => {
    const caller = await loadCaller(tx, claims)
    await endSessions(tx, caller.user.id, caller.sessionId, scope)
  })
  return { status: 204 }
}
