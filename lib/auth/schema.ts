import { z } from 'zod'
import { captchaTokenSchema } from '@/lib/captcha/config'
import { PASSWORD_MIN } from '@/lib/constants'

/** One set of schemas for the auth forms (client) and the auth actions (server). */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Enter a valid email address, like name@agency.com.'))
  .transform((email) => email.toLowerCase())

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(72, 'Use at most 72 characters.')

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.'),
  next: z.string().optional(),
  captchaToken: captchaTokenSchema,
})

export const signUpSchema = z.object({
  fullName: z.string().trim().max(80, 'Use at most 80 characters.').optional(),
  email: emailSchema,
  password: newPasswordSchema,
  next: z.string().optional(),
  captchaToken: captchaTokenSchema,
})

export const forgotPasswordSchema = z.object({ email: emailSchema, captchaToken: captchaTokenSchema })

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string(), next: z.string().optional() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match.',
  })

export type SignInInput = z.input<typeof signInSchema>
export type SignUpInput = z.input<typeof signUpSchema>
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>

/** Field errors of a failed parse, first message per field (the same shape actions return). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) out[issue.path.join('.') || 'form'] ??= issue.message
  return out
}
