import { describe, expect, it } from 'vitest'
import { fieldErrorsOf, resetPasswordSchema, signInSchema, signUpSchema } from '@/lib/auth/schema'

describe('auth schemas (shared by the forms and the actions)', () => {
  it('lower-cases and trims the email', () => {
    expect(signInSchema.parse({ email: '  Owner@Demo.TEST ', password: 'x' }).email).toBe('owner@demo.test')
  })

  it('refuses a sign-up password under 8 characters', () => {
    const result = signUpSchema.safeParse({ email: 'a@b.co', password: 'short1' })
    expect(result.success).toBe(false)
    expect(fieldErrorsOf(result.error!)).toEqual({ password: 'Use at least 8 characters.' })
  })

  it('refuses an address that is not an email', () => {
    const result = signUpSchema.safeParse({ email: 'not-an-email', password: 'long-enough-1' })
    expect(fieldErrorsOf(result.error!).email).toMatch(/valid email/)
  })

  it('asks for the new password twice, the same both times', () => {
    const result = resetPasswordSchema.safeParse({ password: 'long-enough-1', confirmPassword: 'long-enough-2' })
    expect(fieldErrorsOf(result.error!)).toEqual({ confirmPassword: 'The two passwords do not match.' })
    expect(resetPasswordSchema.safeParse({ password: 'long-enough-1', confirmPassword: 'long-enough-1' }).success).toBe(true)
  })
})
