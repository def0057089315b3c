import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { callerClaims, loadCaller } from './request.ts'
import { generateOtp, tokenHash } from './secrets.ts'
import { updateUser } from './users.ts'
import { renderTemplate, textOf } from './templates.ts'
import { takeEmailSend } from './mail.ts'

/**
 * GET /reauthenticate: mails a 6-digit nonce for `updateUser({password, nonce})`. PUT /user asks
 * for it exactly when GoTrue does (passwordNeedsNonce).
 */
export async function reauthenticate(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const claims = await callerClaims(ctx.config, req)
  await owner(ctx, async (tx) => {
    const { user } = await loadCaller(tx, claims)
    if (!user.email) throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number')
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
    takeEmailSend(ctx, user.email)
    const code = generateOtp()
    await updateUser(tx, user.id, { reauthentication_token: tokenHash(user.email, code), reauthentication_sent_at: new Date() })
    const custom = ctx.config.auth.emailTemplates.reauthentication
    const values = { Token: code, SiteURL: ctx.config.auth.siteUrl, Email: user.email, Data: user.raw_user_meta_data ?? {} }
    const html = custom?.content ? renderTemplate(custom.content, values) : undefined
    ctx.mailbox.send({
      to: user.email,
      subject: custom?.subject ? renderTemplate(custom.subject, values, { escape: false }) : 'Confirm reauthentication',
      kind: 'reauthentication',
      text: html ? textOf(html) : `Enter the code: ${code}`,
      html,
      links: [],
      code,
    })
  })
  return ok(req, {})
}

const DAY_MS = 24 * 60 * 60_000

/**
 * GoTrue's rule (internal/api/user.go): with `secure_password_change` on, a password change needs
 * a nonce when there is no session or the session is older than 24 hours; otherwise a nonce is not
 * looked at.
 */
export async function passwordNeedsNonce(tx: Tx, securePasswordChange: boolean, sessionId: string): Promise<boolean> {
  if (!securePasswordChange) return false
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return true
  const r = await tx.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [sessionId])
  const created = r.rows[0]?.created_at
  return !created || Date.now() - new Date(created).getTime() > DAY_MS
}

/** Checks and clears a reauthentication nonce (inside the PUT /user transaction). */
export async function consumeNonce(
  tx: Tx,
  userId: string,
  email: string | null,
  nonce: string,
): Promise<void> {
  const r = await tx.query<{ reauthentication_token: string | null; reauthentication_sent_at: Date | null }>(
    'select reauthentication_token, reauthentication_sent_at from auth.users where id = $1',
    [userId],
  )
  const row = r.rows[0]
  const fresh = row?.reauthentication_sent_at && Date.now() - new Date(row.reauthentication_sent_at).getTime() < 3600_000
  if (!email) throw new AuthError(422, 'reauthentication_not_valid', 'Reauthentication requires an email or a phone number')
  if (!row?.reauthentication_token || !fresh || row.reauthentication_token !== tokenHash(email, nonce)) {
    throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
  }
  await updateUser(tx, userId, { reauthentication_token: '', reauthentication_sent_at: null })
}

/** GET /authorize: no OAuth providers exist locally; GoTrue answers an unknown provider the same way. */
export async function authorize(): Promise<LocalResponse> {
  throw errors.validation('Unsupported provider: provider is not enabled')
}
