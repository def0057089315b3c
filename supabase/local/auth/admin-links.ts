import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { issueEmailChange } from './email-change.ts'
import { errors } from './errors.ts'
import { issueEmailToken, sendAuthMail, takeEmailSend, verifyLink, type EmailOtpType } from './mail.ts'
import { checkPasswordStrength, hashPassword } from './passwords.ts'
import { allowedRedirect, obj, readJson, redirectParam, requireAdmin, str } from './request.ts'
import { findUserByEmail, insertUser, isValidEmail, normalizeEmail, userJson } from './users.ts'

function requiredEmail(v: unknown): string {
  const email = str(v)?.trim()
  if (!email || !isValidEmail(email)) throw errors.validation('Unable to validate email address: invalid format')
  return normalizeEmail(email)
}

/** POST /invite (admin): a new, unconfirmed user and an invite mail whose link confirms and signs in. */
export async function invite(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const body = readJson(req)
  const email = requiredEmail(body.email)
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))
  return owner(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email)
    if (user?.email_confirmed_at) throw errors.emailExists()
    user ??= await insertUser(tx, { email, passwordHash: null, userMetadata: obj(body.data) ?? {}, confirmed: false, invited: true })
    takeEmailSend(ctx, email)
    const issued = await issueEmailToken(tx, user, 'invite')
    sendAuthMail(ctx, email, 'invite', issued, redirectTo)
    return ok(req, await userJson(tx, issued.user))
  })
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const

/**
 * POST /admin/generate_link: the link and code a mail would carry, returned instead of sent
 * (the user fields plus action_link, email_otp, hashed_token, redirect_to, verification_type).
 */
export async function generateLink(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const body = readJson(req)
  const type = str(body.type) as (typeof LINK_TYPES)[number]
  if (!LINK_TYPES.includes(type)) throw errors.validation('Invalid email action link type requested: ' + String(body.type))
  const email = requiredEmail(body.email)
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))
  const password = str(body.password)
  if (type === 'signup') {
    if (!password) throw errors.validation('Signup requires a valid password')
    checkPasswordStrength(password, ctx.config.auth)
  }
  const passwordHash = password ? await hashPassword(password) : null
  const newEmail = type.startsWith('email_change') ? requiredEmail(body.new_email) : undefined
  const data = obj(body.data) ?? {}

  return owner(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email)
    let otpType: EmailOtpType
    if (type === 'signup' || type === 'invite') {
      if (user?.email_confirmed_at) throw errors.emailExists()
      user ??= await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: false, invited: type === 'invite' })
      otpType = type
    } else {
      if (!user) throw errors.userNotFound()
      otpType = type === 'magiclink' || type === 'recovery' ? type : 'email_change'
      if (newEmail && (await findUserByEmail(tx, newEmail))) throw errors.emailExists()
    }
    let issued
    if (otpType === 'email_change') {
      const change = await issueEmailChange(tx, user, newEmail!, null)
      issued = type === 'email_change_current' && change.toCurrent ? change.toCurrent : change.toNew
    } else {
      issued = await issueEmailToken(tx, user, otpType, { newEmail })
    }
    return ok(req, {
      ...(await userJson(tx, issued.user)),
      action_link: verifyLink(ctx, issued.hash, otpType, redirectTo),
      email_otp: issued.otp,
      hashed_token: issued.hash,
      redirect_to: redirectTo,
      verification_type: otpType,
    })
  })
}
