import { PASSWORD_MIN } from '@/lib/constants'

/** What the person sees for each auth error code the server can give (GoTrue's codes). */
export interface AuthFailure {
  message: string
  field?: 'email' | 'password'
}

export const RATE_LIMITED = 'Too many attempts. Please wait a few minutes and try again.'

export function describeAuthError(error: { code?: string; status?: number; message: string }): AuthFailure {
  switch (error.code) {
    case 'invalid_credentials':
      return { message: 'Wrong email or password.' }
    case 'email_not_confirmed':
      return { message: 'Confirm your email address first: we sent you a link when you signed up.' }
    case 'user_already_exists':
    case 'email_exists':
      return { message: 'An account with this email already exists. Sign in instead.', field: 'email' }
    case 'weak_password':
      return { message: `That password is too weak. Use at least ${PASSWORD_MIN} characters.`, field: 'password' }
    case 'same_password':
      return { message: 'Choose a password different from your current one.', field: 'password' }
    case 'email_address_invalid':
      return { message: 'Enter a valid email address.', field: 'email' }
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      return { message: RATE_LIMITED }
    case 'signup_disabled':
      return { message: 'New sign-ups are closed at the moment.' }
    case 'captcha_failed':
      return { message: 'The check that you are a person did not pass. Complete it again, then retry.' }
    case 'user_banned':
      return { message: 'This account has been suspended. Contact support if you think this is a mistake.' }
  }
  if (error.status === 429) return { message: RATE_LIMITED }
  return { message: 'We could not complete that. Please try again.' }
}

/** Fixed notices the auth pages show for `?notice=` (never free text from the URL). */
export const NOTICES = {
  'link-expired': 'That link has expired or was already used. Request a new one below.',
  'signed-out': 'You have been signed out.',
  'password-updated': 'Your password was changed. Sign in with the new one.',
  'too-many-attempts': 'Too many links were tried from your network. Wait a few minutes, then open the link again.',
} as const

export type NoticeKey = keyof typeof NOTICES

export function noticeFor(value: unknown): string | null {
  return typeof value === 'string' && value in NOTICES ? NOTICES[value as NoticeKey] : null
}
