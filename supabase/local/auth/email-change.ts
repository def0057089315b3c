import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import type { AuthContext } from './context.ts'
import { issueEmailToken, PKCE_PREFIX, sendAuthMail, takeEmailSend, type IssuedToken, type Pkce } from './mail.ts'
import { generateOtp, tokenHash } from './secrets.ts'
import { updateUser, type UserRow } from './users.ts'

export interface IssuedEmailChange {
  toNew: IssuedToken
  /** null when the user has no address yet (an anonymous user adding one) */
  toCurrent: IssuedToken | null
  user: UserRow
}

/**
 * Secure email change (GoTrue's `double_confirm_changes`, on in the CLI defaults and this
 * project's config): one token for the new address and one for the current, both needed.
 */
export async function issueEmailChange(tx: Tx, user: UserRow, newEmail: string, pkce: Pkce | null): Promise<IssuedEmailChange> {
  const toNew = await issueEmailToken(tx, user, 'email_change', { pkce, newEmail })
  if (!user.email) {
    const u = await updateUser(tx, user.id, { email_change_token_current: '', email_change_confirm_status: 0 })
    return { toNew, toCurrent: null, user: u }
  }
  const otp = generateOtp()
  const hash = (pkce ? PKCE_PREFIX : '') + tokenHash(user.email, otp)
  const u = await updateUser(tx, user.id, { email_change_token_current: hash, email_change_confirm_status: 0 })
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, 'email_change_token_current', $3, $4, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), user.id, hash, user.email],
  )
  return { toNew: { ...toNew, user: u }, toCurrent: { otp, hash, user: u }, user: u }
}

/** Both mails of a secure email change: the usual one to the new address, a notice-and-confirm to the old. */
export async function requestEmailChange(
  ctx: AuthContext,
  tx: Tx,
  user: UserRow,
  newEmail: string,
  pkce: Pkce | null,
  redirectTo: string,
): Promise<UserRow> {
  takeEmailSend(ctx, newEmail)
  if (user.email) takeEmailSend(ctx, user.email)
  const issued = await issueEmailChange(tx, user, newEmail, pkce)
  sendAuthMail(ctx, newEmail, 'email_change', issued.toNew, redirectTo)
  if (issued.toCurrent && user.email) sendAuthMail(ctx, user.email, 'email_change', issued.toCurrent, redirectTo)
  return issued.user
}

export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'
