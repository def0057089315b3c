import { randomUUID } from 'node:crypto'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { errors } from './errors.ts'
import { issueEmailToken, pkceFrom, sendAuthMail, takeEmailSend } from './mail.ts'
import { checkPasswordStrength, hashPassword } from './passwords.ts'
import { allowedRedirect, obj, readJson, redirectParam, str } from './request.ts'
import { startSession } from './sessions.ts'
import { findUserByEmail, insertUser, isValidEmail, normalizeEmail, syncEmailIdentity, ts, updateUser, userJson } from './users.ts'

/** POST /signup: email + password, or no credentials at all for an anonymous user. */
export async function signUp(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const email = str(body.email)
  const password = str(body.password)
  const data = obj(body.data) ?? {}
  const meta = { userAgent: req.headers['user-agent'], ip: req.ip }
  // before anything else, as GoTrue's Signup and SignupAnonymously
  if (!ctx.config.auth.signupEnabled) throw errors.signupDisabled()

  if (!email && !str(body.phone)) {
    if (!ctx.config.auth.anonymousSignIns) throw errors.anonymousDisabled()
    const session = await owner(ctx, async (tx) => {
      const user = await insertUser(tx, { email: null, passwordHash: null, userMetadata: data, confirmed: false, anonymous: true })
      return startSession(tx, ctx.config, user, 'anonymous', meta)
    })
    return ok(req, session)
  }
  if (!email) throw errors.validation('Phone sign-ups are not supported by the local stand-in')
  if (!isValidEmail(email.trim())) throw errors.validation('Unable to validate email address: invalid format')
  if (!password) throw errors.validation('Signup requires a valid password')
  checkPasswordStrength(password, ctx.config.auth)

  const autoconfirm = ctx.config.auth.autoconfirm
  const redirectTo = allowedRedirect(ctx.config, redirectParam(req, body))
  const pkce = pkceFrom(body)
  const passwordHash = await hashPassword(password)

  return owner(ctx, async (tx) => {
    const existing = await findUserByEmail(tx, email)
    if (existing && autoconfirm && existing.email_confirmed_at) throw errors.userAlreadyExists()
    if (existing && autoconfirm) {
      // an invited or magic-link account that never confirmed: signing up claims it (GoTrue does the same)
      const claimed = await updateUser(tx, existing.id, {
        encrypted_password: passwordHash,
        email_confirmed_at: new Date(),
        raw_user_meta_data: { ...(existing.raw_user_meta_data ?? {}), ...data },
      })
      await syncEmailIdentity(tx, claimed)
      return ok(req, await startSession(tx, ctx.config, claimed, 'password', meta))
    }
    if (existing && existing.email_confirmed_at) {
      // confirmations on: answer like a fresh sign-up so the response reveals nothing (GoTrue does the same)
      const now = new Date().toISOString()
      return ok(req, {
        id: randomUUID(), aud: 'authenticated', role: '', email: normalizeEmail(email), phone: '',
        confirmation_sent_at: now, app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: data, identities: [], created_at: now, updated_at: now, is_anonymous: false,
      })
    }
    if (autoconfirm) {
      const user = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: true })
      return ok(req, await startSession(tx, ctx.config, user, 'password', meta))
    }
    takeEmailSend(ctx, email)
    // an unconfirmed account signing up again only gets a new mail: its password and metadata stay,
    // since nothing proves who is asking (GoTrue: "we can't be sure of their claimed identity").
    // Otherwise anyone could set the password of an account whose owner then follows the link.
    const user = existing ?? (await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: false }))
    const issued = await issueEmailToken(tx, user, 'signup', { pkce })
    sendAuthMail(ctx, issued.user.email!, 'signup', issued, redirectTo)
    const out = await userJson(tx, issued.user)
    out.confirmation_sent_at = ts(issued.user.confirmation_sent_at)
    return ok(req, out)
  })
}
