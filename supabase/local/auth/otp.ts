import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { requestEmailChange } from './email-change.ts'
import { errors } from './errors.ts'
import { issueEmailToken, pkceFrom, sendAuthMail, takeEmailSend, type EmailOtpType } from './mail.ts'
import { allowedRedirect, obj, readJson, redirectParam, str } from './request.ts'
import { findUserByEmail, insertUser, isValidEmail, normalizeEmail, type UserRow } from './users.ts'

function emailFrom(body: Record<string, unknown>): string {
  const email = str(body.email)?.trim()
  if (!email) throw errors.validation('An email address is required')
  if (!isValidEmail(email)) throw errors.validation('Unable to validate email address: invalid format')
  return normalizeEmail(email)
}

/** POST /recover: always `{}`, so the answer never tells whether the address has an account. */
export async function recover(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const email = emailFrom(body)
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))
  const pkce = pkceFrom(body)
  await owner(ctx, async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) return
    takeEmailSend(ctx, email)
    const issued = await issueEmailToken(tx, user, 'recovery', { pkce })
    sendAuthMail(ctx, email, 'recovery', issued, redirectTo)
  })
  return ok(req, {})
}

/**
 * POST /otp (signInWithOtp by email): a magic link (with a code) for a confirmed account; a new or
 * unconfirmed account gets a sign-up confirmation instead, unless autoconfirm makes it confirmed.
 */
export async function otp(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  if (!str(body.email) && str(body.phone)) throw errors.validation('Phone sign-ins are not supported by the local stand-in')
  const email = emailFrom(body)
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))
  const pkce = pkceFrom(body)
  const createUser = body.create_user !== false
  await owner(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email)
    if (!user) {
      if (!createUser) throw errors.otpSignupsDisabled()
      // GoTrue's MagicLink signs the new address up through Signup, which refuses when sign-ups are off
      if (!ctx.config.auth.signupEnabled) throw errors.signupDisabled()
      user = await insertUser(tx, {
        email,
        passwordHash: null,
        userMetadata: obj(body.data) ?? {},
        confirmed: ctx.config.auth.autoconfirm,
      })
    }
    takeEmailSend(ctx, email)
    const type: EmailOtpType = user.email_confirmed_at ? 'magiclink' : 'signup'
    const issued = await issueEmailToken(tx, user, type, { pkce })
    sendAuthMail(ctx, email, type, issued, redirectTo)
  })
  return ok(req, {})
}

/** POST /resend `{type: signup|email_change, email}`: the same mail again with a fresh token. */
export async function resend(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const type = str(body.type)
  if (type !== 'signup' && type !== 'email_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change')
  }
  const email = emailFrom(body)
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))
  const pkce = pkceFrom(body)
  await owner(ctx, async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email)
      if (!user || user.email_confirmed_at) return
      takeEmailSend(ctx, email)
      const issued = await issueEmailToken(tx, user, 'signup', { pkce })
      sendAuthMail(ctx, email, 'signup', issued, redirectTo)
      return
    }
    // GoTrue looks the user up by the current address; the new one is accepted too
    const r = await tx.query<UserRow>(
      `select * from auth.users where (lower(email) = $1 or lower(email_change) = $1) and coalesce(email_change, '') <> ''
       order by (lower(email) = $1) desc limit 1`,
      [email],
    )
    const user = r.rows[0]
    if (!user) return
    await requestEmailChange(ctx, tx, user, user.email_change!, pkce, redirectTo)
  })
  return ok(req, {})
}
