import { describe, expect, it } from 'vitest'
import { RATE_LIMITED, describeAuthError, noticeFor } from '@/lib/auth/messages'

describe('describeAuthError', () => {
  it('says "wrong email or password" without telling which', () => {
    expect(describeAuthError({ code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' })).toEqual({
      message: 'Wrong email or password.',
    })
  })

  it('points a taken email at sign-in, on the email field', () => {
    expect(describeAuthError({ code: 'user_already_exists', status: 422, message: '' })).toMatchObject({ field: 'email' })
    expect(describeAuthError({ code: 'email_exists', status: 422, message: '' }).message).toMatch(/already exists/)
  })

  it('puts a weak password on the password field with the minimum length', () => {
    expect(describeAuthError({ code: 'weak_password', status: 422, message: '' })).toEqual({
      message: 'That password is too weak. Use at least 8 characters.',
      field: 'password',
    })
  })

  it('asks to wait when rate limited, by code or by status', () => {
    expect(describeAuthError({ code: 'over_request_rate_limit', status: 429, message: '' }).message).toBe(RATE_LIMITED)
    expect(describeAuthError({ code: 'over_email_send_rate_limit', status: 429, message: '' }).message).toBe(RATE_LIMITED)
    expect(describeAuthError({ status: 429, message: 'slow down' }).message).toBe(RATE_LIMITED)
  })

  it('never shows the server’s own text for an unknown error', () => {
    expect(describeAuthError({ code: 'unexpected_failure', status: 500, message: 'db exploded' }).message).not.toMatch(/db/)
  })
})

describe('noticeFor', () => {
  it('shows only known notices, never text from the URL', () => {
    expect(noticeFor('link-expired')).toMatch(/expired/)
    expect(noticeFor('<script>alert(1)</script>')).toBeNull()
    expect(noticeFor(['link-expired'])).toBeNull()
  })
})
