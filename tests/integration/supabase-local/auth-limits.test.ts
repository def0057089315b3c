import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient, uniqueEmail } from '../../helpers/supabase.ts'

describe('auth: rate limits', () => {
  let standIn: StandIn
  beforeAll(async () => {
    // behind a trusted proxy, so each test can speak from its own addresses (X-Forwarded-For)
    standIn = await startFixtureStandIn({ auth: { signInRateLimit: { max: 3, windowMs: 60_000 }, trustProxy: true } })
  })
  afterAll(() => standIn?.stop())

  it('limits sign-in attempts per email with 429 over_request_rate_limit', async () => {
    const { email, password } = await signedInClient(standIn)
    // spread over addresses so only the per-email limit can trip
    const attempt = (ip: string, pw: string) =>
      fetch(`${standIn.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: standIn.config.anonKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
          'X-Forwarded-For': ip,
        },
        body: JSON.stringify({ email, password: pw }),
      })
    for (let i = 0; i < 3; i++) expect((await attempt(`10.0.0.${i + 1}`, 'wrong-guess-1')).status).toBe(400)
    const blocked = await attempt('10.0.0.9', password)
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
  })

  it('limits sign-in attempts per address across emails', async () => {
    const ip = '10.1.0.1'
    const client = clientFor(standIn, 'anon', { global: { headers: { 'X-Forwarded-For': ip } } })
    for (let i = 0; i < 3; i++) {
      const { error } = await client.auth.signInWithPassword({ email: uniqueEmail('spray'), password: 'guess-guess' })
      expect(error?.code).toBe('invalid_credentials')
    }
    const { error } = await client.auth.signInWithPassword({ email: uniqueEmail('spray'), password: 'guess-guess' })
    expect(error?.status).toBe(429)
    expect(error?.code).toBe('over_request_rate_limit')
  })

  it('limits emails sent to one address with 429 over_email_send_rate_limit', async () => {
    const { email } = await signedInClient(standIn)
    const client = clientFor(standIn)
    let limited = null
    for (let i = 0; i < 15 && !limited; i++) {
      const { error } = await client.auth.resetPasswordForEmail(email)
      if (error) limited = error
    }
    expect(limited?.status).toBe(429)
    expect(limited?.code).toBe('over_email_send_rate_limit')
    expect(standIn.mailbox.list(email).length).toBe(10)
  })
})
