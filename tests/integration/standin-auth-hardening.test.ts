import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../supabase/local/config.ts'
import type { StandIn } from '../../supabase/local/server.ts'
import { startFixtureStandIn } from '../helpers/stand-in.ts'
import { clientFor, signedInClient, uniqueEmail } from '../helpers/supabase.ts'

// Issue 11, second pass over the stand-in's auth server against GoTrue's source: the limits of the
// CLI's defaults, GoTrue's buckets and mail limit, and the password-change rules of user.go.

const headers = (standIn: StandIn, extra: Record<string, string> = {}) => ({
  apikey: standIn.config.anonKey,
  'Content-Type': 'application/json',
  'X-Supabase-Api-Version': '2024-01-01',
  ...extra,
})

const sessionIdOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).session_id as string

describe('config.toml as the Supabase CLI passes it to GoTrue', () => {
  it('sign_in_sign_ups is also the OTP-route rate (GOTRUE_RATE_LIMIT_OTP); email_sent is read', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'config-toml-')), 'config.toml')
    writeFileSync(file, ['[auth.rate_limit]', 'sign_in_sign_ups = 12', 'email_sent = 4'].join('\n'))
    const { auth } = await resolveConfig({ configFile: file, env: {} })
    expect(auth.rateLimits).toMatchObject({ signInSignUps: 12, otp: 12, emailSent: 4 })
    // an explicit option still wins (tests/e2e/server.ts raises the limits this way)
    const raised = await resolveConfig({ configFile: file, env: {}, auth: { rateLimits: { emailSent: 1000 } } })
    expect(raised.auth.rateLimits.emailSent).toBe(1000)
  })
})

describe('the CLI defaults (no config file)', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  it('31 wrong passwords with a new forged X-Forwarded-For each: the 31st is refused', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const response = await fetch(`${standIn.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: headers(standIn, { 'X-Forwarded-For': `203.0.113.${i + 1}` }),
        body: JSON.stringify({ email: uniqueEmail('spray'), password: 'guess-guess' }),
      })
      statuses.push(response.status)
      if (i === 30) expect((await response.json()).code).toBe('over_request_rate_limit')
      else await response.arrayBuffer()
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(30)
    expect(statuses[30]).toBe(429)
  })

  it('300 wrong OTP codes: refused after token_verifications (30), links through GET /verify too', async () => {
    let refused = 0
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${standIn.url}/auth/v1/verify`, {
        method: 'POST',
        headers: headers(standIn),
        body: JSON.stringify({ type: 'email', email: 'someone@example.test', token: String(100000 + i) }),
      })
      if (response.status === 429) refused++
      await response.arrayBuffer()
    }
    expect(refused).toBe(270)
    const link = await fetch(`${standIn.url}/auth/v1/verify?type=signup&token=pkce_0000&redirect_to=http://localhost:3000`, {
      headers: { apikey: standIn.config.anonKey },
      redirect: 'manual',
    })
    expect(link.status).toBe(429)
  })
})

describe("GoTrue's separate OTP-rate buckets and the mail limit", () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { autoconfirm: false, rateLimits: { otp: 3, emailSent: 5 } } })
  })
  afterAll(() => standIn?.stop())

  it('recovery requests do not use up the sign-up allowance; email_sent caps mails per hour', async () => {
    const recover: (string | undefined)[] = []
    for (let i = 0; i < 4; i++) recover.push((await clientFor(standIn).auth.resetPasswordForEmail(uniqueEmail('nobody'))).error?.code)
    expect(recover).toEqual([undefined, undefined, undefined, 'over_request_rate_limit'])
    // a magic link has its own bucket: still allowed, and it sends a mail (no account: none is sent
    // for the recoveries above, GoTrue does not reveal whether the address exists)
    const sent: (string | undefined)[] = []
    for (let i = 0; i < 3; i++) sent.push((await clientFor(standIn).auth.signInWithOtp({ email: uniqueEmail('magic') })).error?.code)
    expect(sent).toEqual([undefined, undefined, undefined])
    const signUps: (string | undefined)[] = []
    for (let i = 0; i < 3; i++) signUps.push((await clientFor(standIn).auth.signUp({ email: uniqueEmail('cap'), password: 'correct-horse-9' })).error?.code)
    // 3 magic links + 2 confirmations = email_sent (5): the third sign-up's mail is refused
    expect(signUps).toEqual([undefined, undefined, 'over_email_send_rate_limit'])
  })
})

describe('confirmations and email change (autoconfirm off and on)', () => {
  let confirming: StandIn
  let autoconfirming: StandIn
  beforeAll(async () => {
    confirming = await startFixtureStandIn({ auth: { autoconfirm: false } })
    autoconfirming = await startFixtureStandIn({ auth: { autoconfirm: true } })
  })
  afterAll(async () => {
    await confirming?.stop()
    await autoconfirming?.stop()
  })

  it('a new sign-up is unconfirmed, cannot sign in, and its emailed link confirms it', async () => {
    const email = uniqueEmail('confirm')
    const signUp = await clientFor(confirming).auth.signUp({ email, password: 'correct-horse-9' })
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user?.email_confirmed_at ?? null).toBeNull()
    expect((await clientFor(confirming).auth.signInWithPassword({ email, password: 'correct-horse-9' })).error?.code).toBe('email_not_confirmed')
    const mail = confirming.mailbox.list(email).find((m) => m.kind === 'confirmation')!
    const followed = await fetch(mail.links[0].url, { redirect: 'manual' })
    expect(followed.status).toBe(303)
    expect(followed.headers.get('location')).toContain('access_token=')
    expect((await clientFor(confirming).auth.signInWithPassword({ email, password: 'correct-horse-9' })).error).toBeNull()
  })

  it("an anonymous user's new address waits for its link with confirmations on, applies at once with autoconfirm", async () => {
    const pending = clientFor(confirming)
    await pending.auth.signInAnonymously()
    const later = await pending.auth.updateUser({ email: uniqueEmail('later') })
    expect(later.data.user?.email ?? '').toBe('')
    expect(later.data.user?.is_anonymous).toBe(true)

    const direct = clientFor(autoconfirming)
    await direct.auth.signInAnonymously()
    const email = uniqueEmail('now')
    const now = await direct.auth.updateUser({ email })
    expect(now.data.user).toMatchObject({ email, is_anonymous: false })
    expect(now.data.user?.email_confirmed_at).toBeTruthy()
  })
})

describe('password change as in GoTrue user.go (secure_password_change on)', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { securePasswordChange: true, autoconfirm: true } })
  })
  afterAll(() => standIn?.stop())

  const age = (accessToken: string) =>
    standIn.db.query("update auth.sessions set created_at = now() - interval '25 hours' where id = $1", [sessionIdOf(accessToken)])

  it('an old session asks for the nonce before saying the password is the same; a bad nonce is 422', async () => {
    const password = 'correct-horse-9'
    const { client, session } = await signedInClient(standIn, uniqueEmail('old'), password)
    await age(session.access_token)
    expect((await client.auth.updateUser({ password })).error?.code).toBe('reauthentication_needed')
    const wrong = await fetch(`${standIn.url}/auth/v1/user`, {
      method: 'PUT',
      headers: headers(standIn, { Authorization: `Bearer ${session.access_token}` }),
      body: JSON.stringify({ password: 'new-password-5', nonce: '123456' }),
    })
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ code: 'reauthentication_not_valid', msg: 'Nonce has expired or is invalid' })
  })

  it('a password change ends every other session of the user and voids pending links', async () => {
    const email = uniqueEmail('stolen')
    const { client } = await signedInClient(standIn, email)
      const stolen = (await clientFor(standIn).auth.signInWithPassword({ email, password: 'correct-horse-9' })).data.session!
    await clientFor(standIn).auth.resetPasswordForEmail(email)
    const recovery = standIn.mailbox.list(email).find((m) => m.kind === 'recovery')!
    expect((await client.auth.updateUser({ password: 'new-password-6' })).error).toBeNull()
    const asThief = await fetch(`${standIn.url}/auth/v1/user`, { headers: headers(standIn, { Authorization: `Bearer ${stolen.access_token}` }) })
    expect((await asThief.json()).code).toBe('session_not_found')
    expect((await clientFor(standIn).auth.refreshSession({ refresh_token: stolen.refresh_token })).error).not.toBeNull()
    expect((await client.auth.getUser()).error).toBeNull()
    const used = await clientFor(standIn).auth.verifyOtp({ email, token: recovery.code!, type: 'recovery' })
    expect(used.error?.code).toBe('otp_expired')
  })

  it('refuses a password for an anonymous user that gives no address', async () => {
    const client = clientFor(standIn)
    await client.auth.signInAnonymously()
    const { error } = await client.auth.updateUser({ password: 'new-password-7' })
    expect(error?.code).toBe('validation_failed')
  })

  it('reauthentication needs a confirmed address', async () => {
    const { client, user } = await signedInClient(standIn, uniqueEmail('unconf'))
    await standIn.db.query('update auth.users set email_confirmed_at = null where id = $1', [user.id])
    expect((await client.auth.reauthenticate()).error?.code).toBe('email_not_confirmed')
  })
})

describe("GoTrue's token limiter covers every grant", () => {
  it('password sign-ins count against token_refresh as well as the sign-in limit', async () => {
    const standIn = await startFixtureStandIn({ auth: { rateLimits: { tokenRefresh: 3 } } })
    try {
      const { email, password } = await signedInClient(standIn)
      const codes: (string | undefined)[] = []
      for (let i = 0; i < 3; i++) codes.push((await clientFor(standIn).auth.signInWithPassword({ email, password })).error?.code)
      // the sign-up's session came from /signup; three sign-ins use up the 3 token requests
      expect(codes).toEqual([undefined, undefined, undefined])
      const refused = await clientFor(standIn).auth.signInWithPassword({ email, password })
      expect(refused.error?.code).toBe('over_request_rate_limit')
    } finally {
      await standIn.stop()
    }
  })
})

describe('signing up again for an unconfirmed address (confirmations on)', () => {
  it("does not replace the waiting account's password: nothing proves who is asking", async () => {
    const standIn = await startFixtureStandIn({ auth: { autoconfirm: false } })
    try {
      const email = uniqueEmail('waiting')
      await clientFor(standIn).auth.signUp({ email, password: 'owner-horse-9' })
      const second = await clientFor(standIn).auth.signUp({ email, password: 'intruder-horse-9' })
      expect(second.error).toBeNull()
      // the owner follows the latest link (the one the second sign-up sent; newest first) and keeps their password
      const mails = standIn.mailbox.list(email).filter((m) => m.kind === 'confirmation')
      expect(mails).toHaveLength(2)
      await fetch(mails[0].links[0].url, { redirect: 'manual' })
      expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'intruder-horse-9' })).error?.code).toBe('invalid_credentials')
      expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'owner-horse-9' })).error).toBeNull()
    } finally {
      await standIn.stop()
    }
  })
})
