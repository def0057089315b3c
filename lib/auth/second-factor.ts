import { z } from 'zod'

/** A TOTP code as people type it: six digits, spaces allowed between them. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))

/** What supabase-js's mfa calls answer, said for a person. */
export function describeMfaError(error: { code?: string; message: string }): string {
  switch (error.code) {
    case 'mfa_verification_failed':
      return 'That code is not right. Check the time on your phone and enter the newest code.'
    case 'mfa_challenge_expired':
      return 'That took too long. Enter the newest code from your app.'
    case 'mfa_factor_name_conflict':
    case 'too_many_enrolled_mfa_factors':
      return 'This account already has an authenticator being set up. Reload the page to start again.'
    case 'insufficient_aal':
      return 'Confirm with your current authenticator first.'
    default:
      return 'We could not check the code. Please try again in a moment.'
  }
}
