import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import type { StandInContext } from '../http.ts'
import type { MailKind } from '../mailbox.ts'
import { errors } from './errors.ts'
import { RateLimiter } from './rate-limit.ts'
import { renderTemplate, TEMPLATE_OF, textOf, type TemplateValues } from './templates.ts'
import { generateOtp, tokenHash } from './secrets.ts'
import type { AuthMethod } from './sessions.ts'
import { updateUser, type UserRow } from './users.ts'

/** The verification types an email carries (`type=` on the link and in verifyOtp). */
export type EmailOtpType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change'

interface Kind {
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new'
  sentAt: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'
  oneTimeType: string
  mail: MailKind
  subject: string
  action: string
  method: AuthMethod
}

/** Where GoTrue keeps each kind of token and what its mail says (the hosted default templates). */
export const KINDS: Record<EmailOtpType, Kind> = {
  signup: {
    column: 'confirmation_token', sentAt: 'confirmation_sent_at', oneTimeType: 'confirmation_token',
    mail: 'confirmation', subject: 'Confirm Your Signup', action: 'Confirm your mail', method: 'email/signup',
  },
  invite: {
    column: 'confirmation_token', sentAt: 'confirmation_sent_at', oneTimeType: 'confirmation_token',
    mail: 'invite', subject: 'You have been invited', action: 'Accept the invite', method: 'invite',
  },
  magiclink: {
    column: 'recovery_token', sentAt: 'recovery_sent_at', oneTimeType: 'recovery_token',
    mail: 'magiclink', subject: 'Your Magic Link', action: 'Log In', method: 'magiclink',
  },
  recovery: {
    column: 'recovery_token', sentAt: 'recovery_sent_at', oneTimeType: 'recovery_token',
    mail: 'recovery', subject: 'Reset Your Password', action: 'Reset Password', method: 'recovery',
  },
  email_change: {
    column: 'email_change_token_new', sentAt: 'email_change_sent_at', oneTimeType: 'email_change_token_new',
    mail: 'email_change', subject: 'Confirm Email Change', action: 'Change Email', method: 'email_change',
  },
}

/** Links and codes stay valid for an hour (GoTrue's mailer_otp_exp default). */
export const OTP_TTL_MS = 3600_000
/** How long the code an opened PKCE link handed out can still be exchanged (GoTrue: 5 min; local use is slower). */
export const FLOW_STATE_TTL_MS = 10 * 60_000

export const PKCE_PREFIX = 'pkce_'

export interface Pkce {
  challenge: string
  method: string
}

/** `code_challenge` in a request body: PKCE clients (all of @supabase/ssr) send it, implicit ones send null. */
export function pkceFrom(body: Record<string, unknown>): Pkce | null {
  const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : ''
  if (!challenge) return null
  const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method : 's256'
  return { challenge, method }
}

export interface IssuedToken {
  otp: string
  /** what the link and `verifyOtp({token_hash})` carry; `pkce_`-prefixed for PKCE flows */
  hash: string
  user: UserRow
}

/**
 * Stores a fresh one-time token for the user (on the auth.users column GoTrue uses, plus
 * auth.one_time_tokens) and, for a PKCE request, the flow state the emailed link will redeem.
 */
export async function issueEmailToken(
  tx: Tx,
  user: UserRow,
  type: EmailOtpType,
  opts: { pkce?: Pkce | null; newEmail?: string } = {},
): Promise<IssuedToken> {
  const kind = KINDS[type]
  const address = type === 'email_change' ? opts.newEmail! : user.email!
  const otp = generateOtp()
  let hash = tokenHash(address, otp)
  if (opts.pkce) {
    hash = PKCE_PREFIX + hash
    // flow states of links nobody opened would pile up forever
    await tx.query(`delete from auth.flow_state where created_at < now() - interval '1 day'`)
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         created_at, updated_at, authentication_method)
       values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
      [randomUUID(), user.id, randomUUID(), opts.pkce.method.toLowerCase(), opts.pkce.challenge, kind.method],
    )
  }
  const set: Record<string, unknown> = { [kind.column]: hash, [kind.sentAt]: new Date() }
  if (type === 'email_change') set.email_change = address
  if (type === 'invite') set.invited_at = new Date()
  const updated = await updateUser(tx, user.id, set)
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), user.id, kind.oneTimeType, hash, address],
  )
  return { otp, hash, user: updated }
}

export function verifyLink(ctx: StandInContext, hash: string, type: EmailOtpType, redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo })
  return `${ctx.config.publicUrl}/auth/v1/verify?${q.toString()}`
}

// Loosely GoTrue's per-address email frequency (`max_frequency`): enough for real use and tests,
// stops loops. Plus GoTrue's server-wide `email_sent` per hour, when configured.
const EMAIL_LIMIT = { max: 10, windowMs: 60_000 }
const emailLimiters = new WeakMap<StandInContext, { perAddress: RateLimiter; all: RateLimiter }>()

/** Throws 429 over_email_send_rate_limit before a mail would go out too often (to one address or at all). */
export function takeEmailSend(ctx: StandInContext, address: string): void {
  let limiters = emailLimiters.get(ctx)
  if (!limiters) {
    limiters = {
      perAddress: new RateLimiter(EMAIL_LIMIT.max, EMAIL_LIMIT.windowMs),
      all: new RateLimiter(ctx.config.auth.rateLimits.emailSent, 60 * 60_000),
    }
    emailLimiters.set(ctx, limiters)
  }
  if (!limiters.all.take('*') || !limiters.perAddress.take(address.toLowerCase())) throw errors.emailRateLimit()
}

/** The mail itself, into the local mailbox: the link, the 6-digit code and the token hash. */
export function sendAuthMail(
  ctx: StandInContext,
  to: string,
  type: EmailOtpType,
  issued: IssuedToken,
  redirectTo: string,
): void {
  const kind = KINDS[type]
  const link = verifyLink(ctx, issued.hash, type, redirectTo)
  const custom = ctx.config.auth.emailTemplates[TEMPLATE_OF[type]]
  if (custom?.content || custom?.subject) {
    const values: TemplateValues = {
      ConfirmationURL: link,
      Token: issued.otp,
      TokenHash: issued.hash,
      SiteURL: ctx.config.auth.siteUrl,
      RedirectTo: redirectTo,
      Email: issued.user.email ?? '',
      NewEmail: type === 'email_change' ? to : '',
      Data: issued.user.raw_user_meta_data ?? {},
    }
    const subject = custom.subject ? renderTemplate(custom.subject, values, { escape: false }) : kind.subject
    const html = custom.content ? renderTemplate(custom.content, values) : defaultHtml(kind, link, issued)
    ctx.mailbox.send({ to, subject, kind: kind.mail, text: textOf(html), html, links: [{ label: kind.action, url: link }], code: issued.otp })
    return
  }
  const text = [
    `${kind.subject}`,
    '',
    `Follow this link: ${link}`,
    '',
    `Or enter this code: ${issued.otp}`,
    `Token hash (for verifyOtp): ${issued.hash}`,
  ].join('\n')
  ctx.mailbox.send({
    to,
    subject: kind.subject,
    kind: kind.mail,
    text,
    html: defaultHtml(kind, link, issued),
    links: [{ label: kind.action, url: link }],
    code: issued.otp,
  })
}

/** GoTrue's default mail (no template configured): the action's link and the code. */
function defaultHtml(kind: Kind, link: string, issued: IssuedToken): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
  return (
    `<h2>${esc(kind.subject)}</h2><p><a href="${esc(link)}">${esc(kind.action)}</a></p>` +
    `<p>Or enter this code: <strong>${issued.otp}</strong></p><p><small>token hash: ${esc(issued.hash)}</small></p>`
  )
}
