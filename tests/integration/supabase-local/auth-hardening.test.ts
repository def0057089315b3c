import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../supabase/local/config.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient, uniqueEmail } from '../../helpers/supabase.ts'

// Issue 11: the stand-in applies the project's configuration and the platform's limits, trusts
// forwarded addresses only when told to, and follows GoTrue's email-change and password rules.

const HEADERS = (standIn: StandIn, extra: Record<string, string> = {}) => ({
  apikey: standIn.config.anonKey,
  'Content-Type': 'application/json',
  'X-Supabase-Api-Version': '2024-01-01',
  ...extra,
})

describe('configuration from supabase/config.toml', () => {
  it('reads confirmations, secure password change, limits and URLs; explicit options win', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-toml-'))
    const file = path.join(dir, 'config.toml')
    writeFileSync(file, [
      '[auth]', 'site_url = "https://studio.example.com"', 'minimum_password_length = 9', 'enable_anonymous_sign_ins = false',
      'additional_redirect_urls = ["https://studio.example.com/auth/callback"]',
      '[auth.rate_limit]', 'sign_in_sign_ups = 7', 'token_verifications = 5', 'anonymous_users = 2',
      '[auth.email]', 'enable_confirmations = true', 'secure_password_change = true',
    ].join('\n'))
    const config = await resolveConfig({ configFile: file, env: {} })
    expect(config.auth).toMatchObject({
      autoconfirm: false, securePasswordChange: true, anonymousSignIns: false, minPasswordLength: 9,
      siteUrl: 'https://studio.example.com', additionalRedirectUrls: ['https://studio.example.com/auth/callback'],
      rateLimits: { signInSignUps: 7, tokenVerifications: 5, anonymousUsers: 2, tokenRefresh: 150 },
      signInRateLimit: { max: 7, windowMs: 300_000 }, trustProxy: false,
    })
    const overridden = await resolveConfig({ configFile: file, env: { SUPABASE_LOCAL_AUTOCONFIRM: 'true' }, auth: { rateLimits: { tokenVerifications: 99 } } })
    expect(overridden.auth.autoconfirm).toBe(true)
    expect(overridden.auth.rateLimits).toMatchObject({ tokenVerifications: 99, signInSignUps: 7 })
  })

  it("reads the project's own file by default: confirmations and secure password change on", async () => {
    const config = await resolveConfig({ env: {} })
    expect(config.auth.autoconfirm).toBe(false)
    expect(config.auth.securePasswordChange).toBe(true)
    expect((await resolveConfig({ env: {}, configFile: null })).auth.autoconfirm).toBe(true)
  })
})

describe('auth limits without a trusted proxy', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({
      auth: { signInRateLimit: { max: 3, windowMs: 60_000 }, rateLimits: { tokenVerifications: 10, signInSignUps: 6, anonymousUsers: 3, otp: 4 } },
    })
  })
  afterAll(() => standIn?.stop())

  it('ignores a forged X-Forwarded-For: changing it does not reset the per-address sign-in limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${standIn.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: HEADERS(standIn, { 'X-Forwarded-For': `203.0.113.${i + 1}` }),
        body: JSON.stringify({ email: uniqueEmail('spray'), password: 'guess-guess' }),
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429])
  })

  it('limits token verifications: 300 wrong codes are refused after the configured 10', async () => {
    const statuses = new Map<number, number>()
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${standIn.url}/auth/v1/verify`, {
        method: 'POST',
        headers: HEADERS(standIn, { 'X-Forwarded-For': `198.51.100.${i % 250}` }),
        body: JSON.stringify({ type: 'email', email: 'someone@example.test', token: String(100000 + i) }),
      })
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      if (response.status === 429) expect((await response.json()).code).toBe('over_request_rate_limit')
      else await response.arrayBuffer()
    }
    expect(statuses.get(429)).toBe(290)
  })

  it('limits sign-ups and anonymous sign-ins per address', async () => {
    // signUps: 6 per 5 minutes (fresh limiter: nothing signed up yet in this stand-in)
    const signUps: (string | undefined)[] = []
    for (let i = 0; i < 8; i++) signUps.push((await clientFor(standIn).auth.signUp({ email: uniqueEmail('many'), password: 'correct-horse-9' })).error?.code)
    expect(signUps.filter((c) => c === 'over_request_rate_limit')).toHaveLength(2)
    const anonymous: (string | undefined)[] = []
    for (let i = 0; i < 5; i++) anonymous.push((await clientFor(standIn).auth.signInAnonymously()).error?.code)
    expect(anonymous).toEqual([undefined, undefined, undefined, 'over_request_rate_limit', 'over_request_rate_limit'])
  })

  it('limits OTP and recovery requests per address', async () => {
    const codes: (string | undefined)[] = []
    for (let i = 0; i < 6; i++) codes.push((await clientFor(standIn).auth.resetPasswordForEmail(uniqueEmail('otp'))).error?.code)
    expect(codes.slice(4)).toEqual(['over_request_rate_limit', 'over_request_rate_limit'])
  })
})

describe('behind a trusted proxy', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { signInRateLimit: { max: 2, windowMs: 60_000 }, trustProxy: true } })
  })
  afterAll(() => standIn?.stop())

  it("counts the right-most X-Forwarded-For entry (the proxy's), not what the client wrote", async () => {
    const attempt = (xff: string) =>
      fetch(`${standIn.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: HEADERS(standIn, { 'X-Forwarded-For': xff }),
        body: JSON.stringify({ email: uniqueEmail('proxy'), password: 'guess-guess' }),
      }).then((r) => r.status)
    expect(await attempt('1.1.1.1, 192.0.2.10')).toBe(400)
    expect(await attempt('2.2.2.2, 192.0.2.10')).toBe(400)
    expect(await attempt('3.3.3.3, 192.0.2.10')).toBe(429)
    expect(await attempt('192.0.2.11')).toBe(400)
  })
})

describe('email change and confirmations (enable_confirmations on)', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { autoconfirm: false } })
  })
  afterAll(() => standIn?.stop())

  it("keeps an anonymous user's new address pending until its link is followed", async () => {
    const client = clientFor(standIn)
    await client.auth.signInAnonymously()
    const email = uniqueEmail('claim')
    const { data, error } = await client.auth.updateUser({ email })
    expect(error).toBeNull()
    expect(data.user?.email ?? '').toBe('')
    expect(data.user?.new_email).toBe(email)
    const row = await standIn.db.query<{ email: string | null; email_confirmed_at: Date | null; is_anonymous: boolean }>(
      'select email, email_confirmed_at, is_anonymous from auth.users where id = $1', [data.user!.id],
    )
    expect(row.rows[0]).toEqual({ email: null, email_confirmed_at: null, is_anonymous: true })

    const mail = standIn.mailbox.list(email).find((m) => m.kind === 'email_change')!
    const verified = await client.auth.verifyOtp({ email, token: mail.code!, type: 'email_change' })
    expect(verified.error).toBeNull()
    const after = await standIn.db.query<{ email: string; confirmed: boolean }>(
      'select email, email_confirmed_at is not null as confirmed from auth.users where id = $1', [data.user!.id],
    )
    expect(after.rows[0]).toEqual({ email, confirmed: true })
  })

  it('refuses a password sign-in before the address is confirmed', async () => {
    const email = uniqueEmail('unconfirmed')
    const client = clientFor(standIn)
    const signUp = await client.auth.signUp({ email, password: 'correct-horse-9' })
    expect(signUp.data.session).toBeNull()
    const { error } = await client.auth.signInWithPassword({ email, password: 'correct-horse-9' })
    expect(error?.code).toBe('email_not_confirmed')
  })
})

describe('secure password change', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { securePasswordChange: true } })
  })
  afterAll(() => standIn?.stop())

  const sessionIdOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).session_id as string

  it('lets a fresh session change the password without a nonce (GoTrue only asks after 24 hours)', async () => {
    const { client } = await signedInClient(standIn)
    expect((await client.auth.updateUser({ password: 'new-password-2' })).error).toBeNull()
  })

  it('asks an older session for the emailed nonce, refuses a wrong one, accepts the right one', async () => {
    const { client, email, session } = await signedInClient(standIn)
    await standIn.db.query("update auth.sessions set created_at = now() - interval '25 hours' where id = $1", [sessionIdOf(session.access_token)])
    const needed = await client.auth.updateUser({ password: 'new-password-3' })
    expect(needed.error?.code).toBe('reauthentication_needed')

    expect((await client.auth.reauthenticate()).error).toBeNull()
    const wrong = await client.auth.updateUser({ password: 'new-password-3', nonce: '000000' })
    expect(wrong.error?.code).toBe('reauthentication_not_valid')
    const code = standIn.mailbox.list(email).find((m) => m.kind === 'reauthentication')!.code!
    expect((await client.auth.updateUser({ password: 'new-password-3', nonce: code })).error).toBeNull()
    const signIn = await clientFor(standIn).auth.signInWithPassword({ email, password: 'new-password-3' })
    expect(signIn.error).toBeNull()
  })

  it('never asks when secure password change is off', async () => {
    const plain = await startFixtureStandIn({ auth: { securePasswordChange: false } })
    try {
      const { client, session } = await signedInClient(plain)
      await plain.db.query("update auth.sessions set created_at = now() - interval '25 hours' where id = $1", [sessionIdOf(session.access_token)])
      expect((await client.auth.updateUser({ password: 'new-password-4' })).error).toBeNull()
    } finally {
      await plain.stop()
    }
  })
})
