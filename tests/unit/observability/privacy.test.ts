import { describe, expect, it } from 'vitest'
import { cookieSaysOptOut, headersSayOptOut } from '@/lib/analytics/consent'
import { distinctIdFromCookie, posthogCookieName, requestIdentity } from '@/lib/analytics/identity'
import { scrubEvent } from '@/lib/monitoring/scrub'

describe('who is left out of analytics', () => {
  it('anyone whose browser sends Do-Not-Track or Global Privacy Control', () => {
    expect(headersSayOptOut(new Headers({ dnt: '1' }))).toBe(true)
    expect(headersSayOptOut(new Headers({ 'sec-gpc': '1' }))).toBe(true)
    expect(headersSayOptOut(new Headers({ dnt: '0' }))).toBe(false)
    expect(headersSayOptOut(new Headers())).toBe(false)
  })
  it('a browser holding the opt-out cookie', () => {
    expect(cookieSaysOptOut('1')).toBe(true)
    expect(cookieSaysOptOut('0')).toBe(false)
    expect(cookieSaysOptOut(undefined)).toBe(false)
  })
})

describe('the distinct id the server evaluates flags for', () => {
  const cookie = encodeURIComponent(JSON.stringify({ distinct_id: '01970000-aaaa-7bbb-8ccc-000000000001', $sesid: [1, 'x', 2] }))
  it("reads posthog-js's cookie, encoded or not", () => {
    expect(posthogCookieName('phc_key12345')).toBe('ph_phc_key12345_posthog')
    expect(distinctIdFromCookie(cookie)).toBe('01970000-aaaa-7bbb-8ccc-000000000001')
    expect(distinctIdFromCookie(decodeURIComponent(cookie))).toBe('01970000-aaaa-7bbb-8ccc-000000000001')
    expect(distinctIdFromCookie('garbage')).toBeNull()
    expect(distinctIdFromCookie(JSON.stringify({ distinct_id: '' }))).toBeNull()
  })
  it("prefers the signed-in account, then the browser's id, then a new one", () => {
    expect(requestIdentity({ cookie: 'anon-1', userId: 'user-1' })).toEqual({ distinctId: 'user-1', identified: true })
    expect(requestIdentity({ cookie: 'anon-1', userId: null })).toEqual({ distinctId: 'anon-1', identified: false })
    expect(requestIdentity({ cookie: null, userId: null, newId: () => 'fresh' })).toEqual({ distinctId: 'fresh', identified: false })
  })
})

describe('what Sentry never gets', () => {
  it('keeps the user id only and drops cookies, secrets, query strings and bodies', () => {
    const event = scrubEvent({
      type: undefined,
      user: { id: 'user-1', email: 'owner@demo.test', ip_address: '203.0.113.9', username: 'owner' },
      request: {
        url: 'https://app.test/auth/callback?code=secret#frag',
        query_string: 'code=secret',
        cookies: { 'sb-access-token': 'secret' },
        data: { password: 'x' },
        headers: { Cookie: 'a=b', Authorization: 'Bearer x', 'User-Agent': 'UA', 'X-Forwarded-For': '203.0.113.9' },
      },
      breadcrumbs: [{ category: 'fetch', data: { url: '/auth/v1/verify?token=secret', method: 'GET' } }],
    })
    expect(event.user).toEqual({ id: 'user-1' })
    expect(event.request).toEqual({ url: 'https://app.test/auth/callback', headers: { 'User-Agent': 'UA' } })
    expect(event.breadcrumbs?.[0]?.data).toEqual({ url: '/auth/v1/verify', method: 'GET' })
  })
})
