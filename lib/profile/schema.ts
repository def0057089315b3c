import { z } from 'zod'
import { AVATARS, PASSWORD_MIN } from '@/lib/constants'
import { emailSchema } from '@/lib/teams/schema'

export const FULL_NAME_MAX = 80
export const PASSWORD_MAX = 72 // bcrypt ignores bytes past 72, so longer would silently mean less

export const profileNameSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, { message: 'Enter your name.' })
    .max(FULL_NAME_MAX, { message: `Keep your name under ${FULL_NAME_MAX} characters.` }),
})

export const changeEmailSchema = z.object({ email: emailSchema })

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: 'Enter your current password.' }).min(1, { message: 'Enter your current password.' }).max(PASSWORD_MAX + 1000, { message: 'That is not your current password.' }),
    // the code a reauthentication email carries, when the auth server asks for one
    nonce: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
      z.string().regex(/^[0-9]{6}$/, { message: 'Enter the 6-digit code from the email.' }).optional(),
    ),
    password: z
      .string()
      .min(PASSWORD_MIN, { message: `Use at least ${PASSWORD_MIN} characters.` })
      .max(PASSWORD_MAX, { message: `Use at most ${PASSWORD_MAX} characters.` }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match.',
  })

/**
 * The browser's upload, always inside the user's own folder: `{user_id}/upload-<time>.<ext>` (the
 * action re-encodes it to `{user_id}/avatar-<time>.webp`; an older `avatar-` upload is accepted too).
 */
export const avatarPathSchema = z.object({
  avatarPath: z
    .string()
    .regex(/^[0-9a-f-]{36}\/(upload|avatar)-[0-9]+\.(jpg|png|webp)$/i, { message: 'That avatar path is not valid.' })
    .nullable(),
})

export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATARS.mimeTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.'
  if (file.size > AVATARS.maxBytes) return `Choose an image under ${AVATARS.maxBytes / 1024 / 1024} MB.`
  return null
}
