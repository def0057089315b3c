import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../supabase/local/config.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// GoTrue's CAPTCHA protection (internal/api/middleware.go verifyCaptcha), checked through the official
// client against a fake siteverify server that records what it was sent.

const NO_TOKEN = 'captcha protection: request disallowed (no captcha_token found)'
const SECRET = 'test-turnstile-secret'

interface Received {
  contentType: string | undefined
  fields: Record<string, string>
}

/** A siteverify stand-in: `good*` passes, `bad*` fails as Turnstile does, `outage` is a 503 page, `hang` never answers. */
function fakeSiteverify() {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      received.push({ contentType: req.headers['content-type'], fields })
      const token = fields.response ?? ''
      if (token === 'hang') return
      if (token === 'outage') {
        res.writeHead(503, { 'Content-Type': 'text/html' }).end('<html>upstream unavailable</html>')
        return
      }
      const answer = token.startsWith('good')
        ? { success: true, 'error-codes': [], hostname: 'localhost' }
        : { success: false, 'error-codes': token === 'bad-expired' ? ['timeout-or-duplicate', 'invalid-input-response'] : ['invalid-input-response'] }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
    })
  })
  return {
    received,
    url: '',
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`
    },
    stop() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe('auth: CAPTCHA (GoTrue verifyCaptcha)', () => {
  const fake = fakeSiteverify()
  let standIn: StandIn
  beforeAll(async () => {
    await fake.start()
    standIn = await startFixtureStandIn({
      auth: { captcha: { enabled: true, provider: 'turnstile', secret: `  ${SECRET}\n`, verifyUrl: fake.url, timeoutMs: 1500 } },
    })
  })
  afterAll(async () => {
    await standIn?.stop()
    await fake.stop()
  })
  beforeEach(() => {
    fake.received.length = 0
  })

  it('refuses an anonymous sign-in without a token: 400 captcha_failed, and asks no provider', async () => {
    const { data, error } = await clientFor(standIn).auth.signInAnonymously()
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ status: 400, code: 'captcha_failed', message: NO_TOKEN })
    const blank = await clientFor(standIn).auth.signInAnonymously({ options: { captchaToken: '   ' } })
    expect(blank.error).toMatchObject({ status: 400, code: 'captcha_failed', message: NO_TOKEN })
    expect(fake.received).toHaveLength(0)
  })

  it('refuses a token the provider rejects, with its error codes', async () => {
    const { error } = await clientFor(standIn).auth.signInAnonymously({ options: { captchaToken: 'bad-token' } })
    expect(error).toMatchObject({
      status: 400,
      code: 'captcha_failed',
      message: 'captcha protection: request disallowed (invalid-input-response)',
    })
    const twice = await clientFor(standIn).auth.signInAnonymously({ options: { captchaToken: 'bad-expired' } })
    expect(twice.error?.message).toBe('captcha protection: request disallowed (timeout-or-duplicate, invalid-input-response)')
  })

  it('accepts a good token and sends the provider secret, response and remoteip as a form', async () => {
    const { data, error } = await clientFor(standIn).auth.signInAnonymously({ options: { captchaToken: ' good-anon ' } })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.user?.is_anonymous).toBe(true)
    expect(fake.received).toEqual([
      {
        contentType: 'application/x-www-form-urlencoded',
        // the secret trimmed as GoTrue trims it, the token trimmed, the caller's socket address
        fields: { secret: SECRET, response: 'good-anon', remoteip: '127.0.0.1' },
      },
    ])
  })

  it('does not take the address from X-Forwarded-For unless a proxy is trusted', async () => {
    const client = clientFor(standIn, 'anon', { global: { headers: { 'X-Forwarded-For': '203.0.113.7' } } })
    const { error } = await client.auth.signInAnonymously({ options: { captchaToken: 'good-xff' } })
    expect(error).toBeNull()
    expect(fake.received[0].fields.remoteip).toBe('127.0.0.1')
  })

  it('guards sign-up and password sign-in; refresh needs no token', async () => {
    const email = uniqueEmail('captcha')
    const password = 'correct-horse-9'
    const client = clientFor(standIn)
    const refused = await client.auth.signUp({ email, password })
    expect(refused.error).toMatchObject({ status: 400, code: 'captcha_failed', message: NO_TOKEN })
    const signedUp = await client.auth.signUp({ email, password, options: { captchaToken: 'good-signup' } })
    expect(signedUp.error).toBeNull()
    expect(signedUp.data.session).toBeTruthy()

    const noToken = await clientFor(standIn).auth.signInWithPassword({ email, password })
    expect(noToken.error).toMatchObject({ status: 400, code: 'captcha_failed', message: NO_TOKEN })
    const badToken = await clientFor(standIn).auth.signInWithPassword({ email, password, options: { captchaToken: 'bad-token' } })
    expect(badToken.error).toMatchObject({ status: 400, code: 'captcha_failed' })
    const signIn = clientFor(standIn)
    const signedIn = await signIn.auth.signInWithPassword({ email, password, options: { captchaToken: 'good-signin' } })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.email).toBe(email)

    const before = fake.received.length
    const refreshed = await signIn.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.access_token).toBeTruthy()
    expect(fake.received).toHaveLength(before)
    expect(fake.received.map((r) => r.fields.response)).toEqual(['good-signup', 'bad-token', 'good-signin'])
  })

  it('guards the mail-sending routes: recovery, OTP / magic link, resend', async () => {
    const client = clientFor(standIn)
    const email = uniqueEmail('captcha-mail')
    const reset = await client.auth.resetPasswordForEmail(email)
    expect(reset.error).toMatchObject({ status: 400, code: 'captcha_failed', message: NO_TOKEN })
    expect((await client.auth.resetPasswordForEmail(email, { captchaToken: 'good-reset' })).error).toBeNull()
    const otp = await client.auth.signInWithOtp({ email })
    expect(otp.error).toMatchObject({ status: 400, code: 'captcha_failed' })
    expect((await client.auth.signInWithOtp({ email, options: { captchaToken: 'good-otp' } })).error).toBeNull()
    const resend = await client.auth.resend({ type: 'signup', email })
    expect(resend.error).toMatchObject({ status: 400, code: 'captcha_failed' })
    expect((await client.auth.resend({ type: 'signup', email, options: { captchaToken: 'good-resend' } })).error).toBeNull()
    expect(fake.received.map((r) => r.fields.response)).toEqual(['good-reset', 'good-otp', 'good-resend'])
  })

  it('lets an admin caller (service_role) through without a token, as GoTrue does', async () => {
    const { data, error } = await clientFor(standIn, 'service_role').auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.session).toBeTruthy()
    expect(fake.received).toHaveLength(0)
  })

  it('refuses when the provider is down or too slow: 500 unexpected_failure, never let through', async () => {
    // auth-js reports a 500 as a retryable fetch error (status and message; the code is in the body)
    const down = await clientFor(standIn).auth.signInAnonymously({ options: { captchaToken: 'outage' } })
    expect(down.error).toMatchObject({ name: 'AuthRetryableFetchError', status: 500, message: 'captcha verification process failed' })
    expect(down.data.session).toBeNull()
    const started = Date.now()
    const res = await fetch(`${standIn.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ data: {}, gotrue_meta_security: { captcha_token: 'hang' } }),
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400)
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ code: 'unexpected_failure', message: 'captcha verification process failed' })
  })

  it('answers the raw request as GoTrue does (both error shapes)', async () => {
    const res = await fetch(`${standIn.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('x-sb-error-code')).toBe('captcha_failed')
    expect(await res.json()).toMatchObject({ code: 400, error_code: 'captcha_failed', msg: NO_TOKEN })
  })
})

describe('auth: CAPTCHA from the environment, behind a trusted proxy (hCaptcha)', () => {
  const fake = fakeSiteverify()
  let standIn: StandIn
  beforeAll(async () => {
    await fake.start()
    standIn = await startFixtureStandIn({
      auth: { trustProxy: true },
      env: {
        SUPABASE_LOCAL_CAPTCHA_ENABLED: 'true',
        SUPABASE_LOCAL_CAPTCHA_PROVIDER: 'hcaptcha',
        SUPABASE_LOCAL_CAPTCHA_SECRET: '0x0000000000000000000000000000000000000000',
        SUPABASE_LOCAL_CAPTCHA_VERIFY_URL: fake.url,
      },
    })
  })
  afterAll(async () => {
    await standIn?.stop()
    await fake.stop()
  })

  it("sends the proxy's right-most X-Forwarded-For entry as remoteip", async () => {
    expect(standIn.config.auth.captcha).toMatchObject({ enabled: true, provider: 'hcaptcha', verifyUrl: fake.url })
    const client = clientFor(standIn, 'anon', { global: { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' } } })
    const { error } = await client.auth.signInAnonymously({ options: { captchaToken: 'good-hcaptcha' } })
    expect(error).toBeNull()
    expect(fake.received).toEqual([
      {
        contentType: 'application/x-www-form-urlencoded',
        fields: { secret: '0x0000000000000000000000000000000000000000', response: 'good-hcaptcha', remoteip: '203.0.113.9' },
      },
    ])
  })
})

describe('auth: CAPTCHA off (the default)', () => {
  const fake = fakeSiteverify()
  let standIn: StandIn
  beforeAll(async () => {
    await fake.start()
    // the verify URL is set but nothing is enabled: no call may reach it
    standIn = await startFixtureStandIn({ auth: { captcha: { verifyUrl: fake.url, secret: SECRET } } })
  })
  afterAll(async () => {
    await standIn?.stop()
    await fake.stop()
  })

  it('signs in with or without a token and never calls the provider', async () => {
    expect((await clientFor(standIn).auth.signInAnonymously()).error).toBeNull()
    expect((await clientFor(standIn).auth.signInAnonymously({ options: { captchaToken: 'bad-token' } })).error).toBeNull()
    const email = uniqueEmail('no-captcha')
    expect((await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })).error).toBeNull()
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'correct-horse-9' })).error).toBeNull()
    expect(fake.received).toHaveLength(0)
  })
})

describe('CAPTCHA configuration ([auth.captcha] in supabase/config.toml)', () => {
  function tomlFile(lines: string[]): string {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'config-captcha-')), 'config.toml')
    writeFileSync(file, lines.join('\n'))
    return file
  }

  it("is off in the project's own file: turnstile, secret from env(SUPABASE_AUTH_CAPTCHA_SECRET)", async () => {
    const off = await resolveConfig({ env: {} })
    expect(off.auth.captcha).toEqual({ enabled: false, provider: 'turnstile', secret: '', verifyUrl: null, timeoutMs: 10_000 })
    const withSecret = await resolveConfig({ env: { SUPABASE_AUTH_CAPTCHA_SECRET: 'from-env' } })
    expect(withSecret.auth.captcha).toMatchObject({ enabled: false, secret: 'from-env' })
    expect((await resolveConfig({ env: {}, configFile: null })).auth.captcha.enabled).toBe(false)
  })

  it('reads enabled, provider and an env(NAME) secret; the environment and options win', async () => {
    const file = tomlFile(['[auth.captcha]', 'enabled = true', 'provider = "turnstile"', 'secret = "env(MY_CAPTCHA_SECRET)"'])
    const config = await resolveConfig({ configFile: file, env: { MY_CAPTCHA_SECRET: 's3cret' } })
    expect(config.auth.captcha).toEqual({ enabled: true, provider: 'turnstile', secret: 's3cret', verifyUrl: null, timeoutMs: 10_000 })
    const literal = await resolveConfig({ configFile: tomlFile(['[auth.captcha]', 'enabled = true', 'provider = "hcaptcha"', 'secret = "plain"']), env: {} })
    expect(literal.auth.captcha).toMatchObject({ provider: 'hcaptcha', secret: 'plain' })
    const overridden = await resolveConfig({
      configFile: file,
      env: { MY_CAPTCHA_SECRET: 's3cret', SUPABASE_LOCAL_CAPTCHA_PROVIDER: 'hcaptcha', SUPABASE_LOCAL_CAPTCHA_SECRET: 'env-secret' },
      auth: { captcha: { verifyUrl: 'http://127.0.0.1:9/verify' } },
    })
    expect(overridden.auth.captcha).toMatchObject({ provider: 'hcaptcha', secret: 'env-secret', verifyUrl: 'http://127.0.0.1:9/verify' })
    const disabled = await resolveConfig({ configFile: file, env: { MY_CAPTCHA_SECRET: 's3cret', SUPABASE_LOCAL_CAPTCHA_ENABLED: 'false' } })
    expect(disabled.auth.captcha.enabled).toBe(false)
  })

  it('refuses to start enabled without a secret or with an unknown provider (GoTrue and the CLI)', async () => {
    const unset = tomlFile(['[auth.captcha]', 'enabled = true', 'provider = "turnstile"', 'secret = "env(UNSET_CAPTCHA_SECRET)"'])
    await expect(resolveConfig({ configFile: unset, env: {} })).rejects.toThrow('captcha provider secret is empty')
    const unknown = tomlFile(['[auth.captcha]', 'enabled = false', 'provider = "recaptcha"'])
    await expect(resolveConfig({ configFile: unknown, env: {} })).rejects.toThrow('must be one of hcaptcha, turnstile')
    await expect(resolveConfig({ configFile: null, env: { SUPABASE_LOCAL_CAPTCHA_PROVIDER: 'recaptcha' } })).rejects.toThrow('SUPABASE_LOCAL_CAPTCHA_PROVIDER')
    await expect(resolveConfig({ configFile: null, env: {}, auth: { captcha: { enabled: true, secret: ' ' } } })).rejects.toThrow(
      'captcha provider secret is empty',
    )
  })
})
