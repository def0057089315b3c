import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { StandInConfig } from '../../../supabase/local/config.ts'
import { bannedUntilFrom } from '../../../supabase/local/auth/ban.ts'
import { AuthError, errorResponse, errors } from '../../../supabase/local/auth/errors.ts'
import { RateLimiter } from '../../../supabase/local/auth/rate-limit.ts'
import { allowedRedirect } from '../../../supabase/local/auth/request.ts'
import { challengeFor, generateOtp, tokenHash } from '../../../supabase/local/auth/secrets.ts'
import { serializeUser, type UserRow } from '../../../supabase/local/auth/users.ts'
import type { LocalRequest } from '../../../supabase/local/http.ts'

const config = {
  auth: { siteUrl: 'https://app.example.com', additionalRedirectUrls: ['https://preview.example.com/**', 'https://docs.example.com/cb'] },
} as unknown as StandInConfig

describe('redirect allow-list', () => {
  it('keeps URLs on the site origin', () => {
    expect(allowedRedirect(config, 'https://app.example.com/auth/callback?next=/x')).toBe('https://app.example.com/auth/callback?next=/x')
  })
  it('keeps additional URLs, with a trailing wildcard matching anything after it', () => {
    expect(allowedRedirect(config, 'https://preview.example.com/pr-1/cb')).toBe('https://preview.example.com/pr-1/cb')
    expect(allowedRedirect(config, 'https://docs.example.com/cb')).toBe('https://docs.example.com/cb')
    expect(allowedRedirect(config, 'https://docs.example.com/other')).toBe('https://app.example.com')
  })
  it('keeps any http localhost or 127.0.0.1 origin for local development', () => {
    expect(allowedRedirect(config, 'http://localhost:3000/cb')).toBe('http://localhost:3000/cb')
    expect(allowedRedirect(config, 'http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173/')
  })
  it('falls back to the site URL for foreign, malformed, javascript: or missing targets', () => {
    expect(allowedRedirect(config, 'https://evil.example.net/')).toBe('https://app.example.com')
    expect(allowedRedirect(config, 'https://app.example.com.evil.net/')).toBe('https://app.example.com')
    expect(allowedRedirect(config, 'javascript:alert(1)')).toBe('https://app.example.com')
    expect(allowedRedirect(config, 'not a url')).toBe('https://app.example.com')
    expect(allowedRedirect(config, '')).toBe('https://app.example.com')
  })
})

describe('ban durations', () => {
  const now = Date.UTC(2026, 0, 1)
  it('reads Go durations', () => {
    expect(bannedUntilFrom('24h', now)!.getTime()).toBe(now + 24 * 3600_000)
    expect(bannedUntilFrom('1h30m', now)!.getTime()).toBe(now + 90 * 60_000)
    expect(bannedUntilFrom('1.5s', now)!.getTime()).toBe(now + 1500)
  })
  it('lifts the ban with none', () => {
    expect(bannedUntilFrom('none', now)).toBeNull()
  })
  it('refuses anything else with validation_failed', () => {
    expect(() => bannedUntilFrom('forever', now)).toThrow(AuthError)
    expect(() => bannedUntilFrom('10', now)).toThrow(/ban duration/)
  })
})

describe('rate limiter', () => {
  it('allows max hits per window and forgets them once the window has passed', () => {
    const limiter = new RateLimiter(2, 1000)
    expect(limiter.take('a', 0)).toBe(true)
    expect(limiter.take('a', 10)).toBe(true)
    expect(limiter.take('a', 20)).toBe(false)
    expect(limiter.take('b', 20)).toBe(true)
    expect(limiter.take('a', 1011)).toBe(true)
  })
})

describe('one-time tokens and PKCE', () => {
  it('hashes address and code the way GoTrue does (hex sha224)', () => {
    expect(tokenHash('a@b.c', '123456')).toBe(createHash('sha224').update('a@b.c123456').digest('hex'))
    expect(tokenHash('a@b.c', '123456')).toHaveLength(56)
  })
  it('makes six-digit codes', () => {
    for (let i = 0; i < 50; i++) expect(generateOtp()).toMatch(/^\d{6}$/)
  })
  it('computes s256 challenges as base64url(sha256(verifier)) and plain as the verifier', () => {
    // RFC 7636 appendix B
    expect(challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 's256')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
    expect(challengeFor('abc', 'plain')).toBe('abc')
  })
})

describe('error envelope', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as LocalRequest
  it('sends both the 2024-01-01 and the legacy fields, the version header and x-sb-error-code', () => {
    const r = errorResponse(req({ 'x-supabase-api-version': '2024-01-01' }), errors.weakPassword(6))
    expect(r.status).toBe(422)
    expect(r.headers).toMatchObject({ 'X-Supabase-Api-Version': '2024-01-01', 'x-sb-error-code': 'weak_password' })
    expect(r.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    })
  })
  it('puts the HTTP status in code for clients without the version header, as GoTrue does', () => {
    const r = errorResponse(req({}), errors.invalidCredentials())
    expect((r.body as Record<string, unknown>).code).toBe(400)
    expect((r.body as Record<string, unknown>).error_code).toBe('invalid_credentials')
  })
})

describe('user JSON', () => {
  const row = {
    id: 'f1e2d3c4-0000-4000-8000-000000000001', aud: 'authenticated', role: 'authenticated', email: null,
    encrypted_password: null, email_confirmed_at: null, invited_at: null, confirmation_token: null,
    confirmation_sent_at: null, recovery_token: null, recovery_sent_at: null, email_change_token_new: null,
    email_change: null, email_change_sent_at: null, email_change_token_current: null, email_change_confirm_status: 0,
    last_sign_in_at: new Date('2026-01-01T00:00:00.123Z'),
    raw_app_meta_data: null, raw_user_meta_data: null, created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-01-01T00:00:00Z'), phone: null, phone_confirmed_at: null, confirmed_at: null,
    banned_until: null, deleted_at: null, is_anonymous: true,
  } satisfies UserRow
  it('serializes null email and phone as empty strings and leaves out empty optional fields', () => {
    expect(serializeUser(row, [])).toEqual({
      id: row.id, aud: 'authenticated', role: 'authenticated', email: '', phone: '',
      last_sign_in_at: '2026-01-01T00:00:00.123Z', app_metadata: {}, user_metadata: {}, identities: [],
      created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', is_anonymous: true,
    })
  })
})
