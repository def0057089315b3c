import { verifyPhone } from './disabled.ts'
import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { SINGLE_CONFIRMATION_ACCEPTED } from './email-change.ts'
import { KINDS, OTP_TTL_MS, PKCE_PREFIX, type EmailOtpType } from './mail.ts'
import { allowedRedirect, readJson, str } from './request.ts'
import { startSession, type SessionJson } from './sessions.ts'
import { tokenHash } from './secrets.ts'
import { insertEmailIdentity, isBanned, normalizeEmail, syncEmailIdentity, updateUser, type UserRow } from './users.ts'

const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const
type VerifyType = (typeof VERIFY_TYPES)[number]

function verifyType(v: string | null | undefined): VerifyType {
  if (v && (VERIFY_TYPES as readonly string[]).includes(v)) return v as VerifyType
  throw errors.validation(`Verify requires a verification type`)
}

/** `email` (verifyOtp with a code) matches whichever mail was sent: a sign-up confirmation or a magic link. */
function candidates(type: VerifyType): EmailOtpType[] {
  return type === 'email' ? ['signup', 'magiclink'] : [type]
}

type TokenColumn = (typeof KINDS)[EmailOtpType]['column'] | 'email_change_token_current'

/** Where a token of this kind may sit, and which address its code was hashed with. */
function slots(kind: EmailOtpType): { column: TokenColumn; addressCol: 'email' | 'email_change' }[] {
  if (kind !== 'email_change') return [{ column: KINDS[kind].column, addressCol: 'email' }]
  return [
    { column: 'email_change_token_new', addressCol: 'email_change' },
    { column: 'email_change_token_current', addressCol: 'email' },
  ]
}

interface Match {
  user: UserRow
  kind: EmailOtpType
  column: TokenColumn
  pkce: boolean
}

async function findByHash(tx: Tx, type: VerifyType, hash: string): Promise<Match | null> {
  const bare = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash
  for (const kind of candidates(type)) {
    for (const { column } of slots(kind)) {
      const r = await tx.query<UserRow>(`select * from auth.users where ${column} in ($1, $2) limit 1`, [bare, PKCE_PREFIX + bare])
      const user = r.rows[0]
      if (user) return { user, kind, column, pkce: String(user[column]).startsWith(PKCE_PREFIX) }
    }
  }
  return null
}

async function findByCode(tx: Tx, type: VerifyType, email: string, code: string): Promise<Match | null> {
  const address = normalizeEmail(email)
  const hash = tokenHash(address, code.trim())
  for (const kind of candidates(type)) {
    for (const { column, addressCol } of slots(kind)) {
      const r = await tx.query<UserRow>(
        `select * from auth.users where lower(${addressCol}) = $1 and ${column} in ($2, $3) limit 1`,
        [address, hash, PKCE_PREFIX + hash],
      )
      const user = r.rows[0]
      if (user) return { user, kind, column, pkce: String(user[column]).startsWith(PKCE_PREFIX) }
    }
  }
  return null
}

/**
 * What a verified token does to the account, then clears it: confirm, change email, or just sign
 * in. The first of the two email-change confirmations only records itself (null: no session yet).
 */
async function consume(tx: Tx, m: Match): Promise<UserRow | null> {
  const kind = KINDS[m.kind]
  const sentAt = m.user[kind.sentAt]
  if (!sentAt || Date.now() - new Date(sentAt).getTime() > OTP_TTL_MS) throw errors.otpExpired()
  if (isBanned(m.user)) throw errors.userBanned()
  if (m.kind === 'email_change' && m.user.email && (m.user.email_change_confirm_status ?? 0) === 0 && m.user.email_change_token_current) {
    await updateUser(tx, m.user.id, { [m.column]: '', email_change_confirm_status: 1 })
    return null
  }
  const set: Record<string, unknown> = { [m.column]: '' }
  if (m.kind === 'email_change') {
    Object.assign(set, {
      email: m.user.email_change,
      email_change: '',
      email_change_token_new: '',
      email_change_token_current: '',
      email_change_confirm_status: 0,
      email_confirmed_at: new Date(),
      is_anonymous: false,
      raw_app_meta_data: { ...(m.user.raw_app_meta_data ?? {}), provider: 'email', providers: ['email'] },
    })
  } else if (!m.user.email_confirmed_at) {
    set.email_confirmed_at = new Date()
  }
  const user = await updateUser(tx, m.user.id, set)
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [user.id, m.column])
  const hasIdentity = await tx.query(`select 1 from auth.identities where user_id = $1 and provider = 'email'`, [user.id])
  if (hasIdentity.rows.length) await syncEmailIdentity(tx, user)
  else await insertEmailIdentity(tx, user)
  return user
}

/** POST /verify: `{type, token_hash}` or `{type, email, token}` → session. */
export async function verifyPost(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  // phone codes: the checks GoTrue makes, then no account with that phone (no phone provider here)
  if (body.type === 'sms' || body.type === 'phone_change') verifyPhone(body)
  const type = verifyType(str(body.type))
  const hash = str(body.token_hash)
  const email = str(body.email)
  const code = str(body.token)
  if (!hash && !(email && code)) throw errors.validation('Verify requires either a token or a token hash')
  const session = await owner(ctx, async (tx) => {
    const m = hash ? await findByHash(tx, type, hash) : await findByCode(tx, type, email!, code!)
    if (!m) throw errors.otpExpired()
    const user = await consume(tx, m)
    if (!user) return null
    return startSession(tx, ctx.config, user, KINDS[m.kind].method, { userAgent: req.headers['user-agent'], ip: req.ip })
  })
  // GoTrue's answer to the first half of a secure email change
  return ok(req, session ?? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200 })
}

function withParams(base: string, params: Record<string, string>, where: 'query' | 'fragment'): string {
  const url = new URL(base)
  const q = new URLSearchParams(params)
  if (where === 'fragment') url.hash = q.toString()
  else for (const [k, v] of q) url.searchParams.set(k, v)
  return url.toString()
}

function redirect(location: string): LocalResponse {
  return { status: 303, headers: { Location: location } }
}

/**
 * GET /verify from an email link: 303 to redirect_to with the session in the fragment (implicit
 * flow), or with `?code=` when the mail was requested by a PKCE client, whose exchange then needs
 * the verifier that client kept.
 */
export async function verifyGet(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const q = req.url.searchParams
  const redirectTo = allowedRedirect(ctx.config, q.get('redirect_to'))
  const token = q.get('token') ?? ''
  const pkceLink = token.startsWith(PKCE_PREFIX)
  let type: VerifyType
  try {
    type = verifyType(q.get('type'))
  } catch {
    const params = linkError('validation_failed', 'Verify requires a verification type')
    return redirect(withParams(redirectTo, params, pkceLink ? 'query' : 'fragment'))
  }
  try {
    const out = await owner(ctx, async (tx): Promise<{ code: string } | { session: SessionJson } | { message: string }> => {
      const m = token ? await findByHash(tx, type, token) : null
      if (!m) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      const user = await consume(tx, m)
      if (!user) return { message: SINGLE_CONFIRMATION_ACCEPTED }
      if (m.pkce) return { code: await issueAuthCode(tx, user, KINDS[m.kind].method) }
      const meta = { userAgent: req.headers['user-agent'], ip: req.ip }
      return { session: await startSession(tx, ctx.config, user, KINDS[m.kind].method, meta) }
    })
    if ('message' in out) return redirect(withParams(redirectTo, { message: out.message }, pkceLink ? 'query' : 'fragment'))
    if ('code' in out) return redirect(withParams(redirectTo, { code: out.code }, 'query'))
    return redirect(withParams(redirectTo, fragmentOf(out.session, type), 'fragment'))
  } catch (err) {
    if (!(err instanceof AuthError)) throw err
    return redirect(withParams(redirectTo, linkError(err.code, err.message), pkceLink ? 'query' : 'fragment'))
  }
}

function linkError(code: string, description: string): Record<string, string> {
  return { error: code === 'otp_expired' ? 'access_denied' : 'server_error', error_code: code, error_description: description }
}

function fragmentOf(s: SessionJson, type: string): Record<string, string> {
  return {
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type,
    // GoTrue marks its fragments with an empty `sb` parameter
    sb: '',
  }
}

/** Marks the user's latest pending flow state for this method as redeemable and returns its code. */
async function issueAuthCode(tx: Tx, user: UserRow, method: string): Promise<string> {
  const r = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [user.id, method],
  )
  if (!r.rows[0]) throw errors.flowStateNotFound()
  return r.rows[0].auth_code
}
