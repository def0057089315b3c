import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServerClient } from '@supabase/ssr'
import WebSocket from 'ws'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient, uniqueEmail } from '../../helpers/supabase.ts'

/** Follows an email link the way a browser would, stopping at the redirect. */
async function openLink(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location')!)
}

/** A request's cookies, kept between "requests" like a browser keeps them. */
function cookieJar() {
  const jar = new Map<string, string>()
  return {
    jar,
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (list: { name: string; value: string; options?: { maxAge?: number } }[]) => {
        for (const c of list) {
          if (!c.value || c.options?.maxAge === 0) jar.delete(c.name)
          else jar.set(c.name, c.value)
        }
      },
    },
  }
}

describe('auth: recovery, magic links, verification and PKCE', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  function serverClient(cookies: ReturnType<typeof cookieJar>['cookies']) {
    return createServerClient(standIn.url, standIn.config.anonKey, {
      cookies,
      realtime: { transport: WebSocket as never },
    })
  }

  it('answers /recover with {} for unknown addresses and sends nothing', async () => {
    const email = uniqueEmail('nobody')
    const { data, error } = await clientFor(standIn).auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    expect(data).toEqual({})
    expect(standIn.mailbox.list(email)).toEqual([])
  })

  it('sends a recovery mail whose link signs the user in (implicit flow: tokens in the fragment)', async () => {
    const { email } = await signedInClient(standIn)
    const { error } = await clientFor(standIn).auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:3000/reset',
    })
    expect(error).toBeNull()
    const mail = standIn.mailbox.list(email)[0]
    expect(mail.kind).toBe('recovery')
    expect(mail.code).toMatch(/^\d{6}$/)
    expect(mail.links[0].url).toMatch(new RegExp(`^${standIn.url}/auth/v1/verify\\?token=[0-9a-f]+&type=recovery&redirect_to=`))
    const landed = await openLink(mail.links[0].url)
    expect(landed.origin + landed.pathname).toBe('http://localhost:3000/reset')
    const fragment = new URLSearchParams(landed.hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(fragment.get('token_type')).toBe('bearer')
    const client = clientFor(standIn)
    const set = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(set.error).toBeNull()
    expect(set.data.user!.email).toBe(email)
    expect((await client.auth.updateUser({ password: 'recovered-pass-2' })).error).toBeNull()
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'recovered-pass-2' })).error).toBeNull()
  })

  it('refuses a link used twice, sending the error to the redirect target', async () => {
    const { email } = await signedInClient(standIn)
    await clientFor(standIn).auth.resetPasswordForEmail(email)
    const link = standIn.mailbox.list(email)[0].links[0].url
    await openLink(link)
    const again = await openLink(link)
    expect(again.origin).toBe(standIn.config.auth.siteUrl)
    const fragment = new URLSearchParams(again.hash.slice(1))
    expect(fragment.get('error_code')).toBe('otp_expired')
    expect(fragment.get('error')).toBe('access_denied')
  })

  it('resets a password through @supabase/ssr: PKCE link → ?code= → exchangeCodeForSession', async () => {
    const { email } = await signedInClient(standIn)
    const browser = cookieJar()
    // request 1: the "forgot password" server action
    const first = serverClient(browser.cookies)
    const sent = await first.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/auth/callback?next=/account' })
    expect(sent.error).toBeNull()
    expect([...browser.jar.keys()].some((k) => k.endsWith('-code-verifier'))).toBe(true)

    const mail = standIn.mailbox.list(email)[0]
    expect(new URL(mail.links[0].url).searchParams.get('token')).toMatch(/^pkce_/)
    const landed = await openLink(mail.links[0].url)
    expect(landed.pathname).toBe('/auth/callback')
    expect(landed.searchParams.get('next')).toBe('/account')
    const code = landed.searchParams.get('code')!
    expect(code).toBeTruthy()
    expect(landed.hash).toBe('')

    // request 2: the callback route exchanges the code with the verifier from the cookie
    const callback = serverClient(browser.cookies)
    const exchanged = await callback.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user!.email).toBe(email)
    expect(browser.jar.has('sb-127-auth-token')).toBe(true)

    // request 3: the reset form, authenticated by the session cookie alone
    const form = serverClient(browser.cookies)
    expect((await form.auth.getUser()).data.user!.email).toBe(email)
    const claims = await form.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data!.claims.email).toBe(email)
    expect((claims.data!.claims.amr as { method: string }[])[0].method).toBe('recovery')
    expect((await form.auth.updateUser({ password: 'ssr-reset-pass-3' })).error).toBeNull()
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'ssr-reset-pass-3' })).error).toBeNull()

    // the code is single-use
    const reuse = await serverClient(cookieJar().cookies).auth.exchangeCodeForSession(code)
    expect(reuse.error).not.toBeNull()
  })

  it('verifies the token hash from a PKCE mail with verifyOtp, as an /auth/confirm route does', async () => {
    const { email } = await signedInClient(standIn)
    const browser = cookieJar()
    await serverClient(browser.cookies).auth.resetPasswordForEmail(email)
    const tokenHash = new URL(standIn.mailbox.list(email)[0].links[0].url).searchParams.get('token')!
    const confirm = serverClient(browser.cookies)
    const { data, error } = await confirm.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })
    expect(error).toBeNull()
    expect(data.user!.email).toBe(email)
    expect(browser.jar.has('sb-127-auth-token')).toBe(true)
  })

  it('refuses a PKCE exchange with the wrong verifier or an unknown code', async () => {
    const call = (body: object) =>
      fetch(`${standIn.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: standIn.config.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify(body),
      })
    const unknown = await call({ auth_code: crypto.randomUUID(), code_verifier: 'x'.repeat(50) })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).code).toBe('flow_state_not_found')

    const { email } = await signedInClient(standIn)
    await serverClient(cookieJar().cookies).auth.resetPasswordForEmail(email)
    const landed = await openLink(standIn.mailbox.list(email)[0].links[0].url)
    const wrong = await call({ auth_code: landed.searchParams.get('code'), code_verifier: 'y'.repeat(50) })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).code).toBe('bad_code_verifier')
  })

  it('signs in with a magic link code from signInWithOtp', async () => {
    const { email } = await signedInClient(standIn)
    const client = clientFor(standIn)
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull()
    const mail = standIn.mailbox.list(email)[0]
    expect(mail.kind).toBe('magiclink')
    const { data, error } = await client.auth.verifyOtp({ email, token: mail.code!, type: 'email' })
    expect(error).toBeNull()
    expect(data.session!.user.email).toBe(email)
    const wrong = await clientFor(standIn).auth.verifyOtp({ email, token: '000000', type: 'email' })
    expect(wrong.error?.code).toBe('otp_expired')
  })

  it('creates the account on signInWithOtp unless shouldCreateUser is false', async () => {
    const fresh = uniqueEmail('otp')
    const refused = await clientFor(standIn).auth.signInWithOtp({ email: fresh, options: { shouldCreateUser: false } })
    expect(refused.error?.code).toBe('otp_disabled')
    expect((await clientFor(standIn).auth.signInWithOtp({ email: fresh })).error).toBeNull()
    const tokenHash = new URL(standIn.mailbox.list(fresh)[0].links[0].url).searchParams.get('token')!
    const { data, error } = await clientFor(standIn).auth.verifyOtp({ type: 'magiclink', token_hash: tokenHash })
    expect(error).toBeNull()
    expect(data.user!.email).toBe(fresh)
  })

  it('only redirects to the site URL, allowed URLs or localhost', async () => {
    const { email } = await signedInClient(standIn)
    await clientFor(standIn).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' })
    const link = new URL(standIn.mailbox.list(email)[0].links[0].url)
    expect(link.searchParams.get('redirect_to')).toBe(standIn.config.auth.siteUrl)
    await clientFor(standIn).auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:4321/cb' })
    const local = new URL(standIn.mailbox.list(email)[0].links[0].url)
    expect(local.searchParams.get('redirect_to')).toBe('http://127.0.0.1:4321/cb')
  })
})

describe('auth: sign-up with email confirmation', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { autoconfirm: false } })
  })
  afterAll(() => standIn?.stop())

  it('returns a bare user, mails a confirmation and refuses sign-in until it is confirmed', async () => {
    const email = uniqueEmail('confirm')
    const client = clientFor(standIn)
    const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-9', options: { emailRedirectTo: 'http://localhost:3000/welcome' } })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user!.email).toBe(email)
    expect(data.user!.confirmation_sent_at).toBeTruthy()
    expect(data.user!.email_confirmed_at).toBeUndefined()

    const early = await clientFor(standIn).auth.signInWithPassword({ email, password: 'correct-horse-9' })
    expect(early.error?.code).toBe('email_not_confirmed')

    const mail = standIn.mailbox.list(email)[0]
    expect(mail.kind).toBe('confirmation')
    const landed = await openLink(mail.links[0].url)
    expect(landed.origin + landed.pathname).toBe('http://localhost:3000/welcome')
    expect(new URLSearchParams(landed.hash.slice(1)).get('type')).toBe('signup')

    const later = await clientFor(standIn).auth.signInWithPassword({ email, password: 'correct-horse-9' })
    expect(later.error).toBeNull()
    expect(later.data.user!.email_confirmed_at).toBeTruthy()
  })

  it('confirms a sign-up from @supabase/ssr through /auth/callback?code=', async () => {
    const email = uniqueEmail('ssr-signup')
    const browser = cookieJar()
    const signup = createServerClient(standIn.url, standIn.config.anonKey, {
      cookies: browser.cookies,
      realtime: { transport: WebSocket as never },
    })
    const { data, error } = await signup.auth.signUp({
      email,
      password: 'correct-horse-9',
      options: { emailRedirectTo: 'http://localhost:3000/auth/callback' },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    const landed = await openLink(standIn.mailbox.list(email)[0].links[0].url)
    const code = landed.searchParams.get('code')!
    const callback = createServerClient(standIn.url, standIn.config.anonKey, {
      cookies: browser.cookies,
      realtime: { transport: WebSocket as never },
    })
    const exchanged = await callback.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user!.email_confirmed_at).toBeTruthy()
    expect(browser.jar.has('sb-127-auth-token')).toBe(true)
  })

  it('resends the confirmation with a fresh code; the old one stops working', async () => {
    const email = uniqueEmail('resend')
    await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const oldCode = standIn.mailbox.list(email)[0].code!
    expect((await clientFor(standIn).auth.resend({ type: 'signup', email })).error).toBeNull()
    const mails = standIn.mailbox.list(email)
    expect(mails).toHaveLength(2)
    const stale = await clientFor(standIn).auth.verifyOtp({ email, token: oldCode, type: 'signup' })
    if (oldCode !== mails[0].code) expect(stale.error?.code).toBe('otp_expired')
    const fresh = await clientFor(standIn).auth.verifyOtp({ email, token: mails[0].code!, type: 'signup' })
    expect(fresh.error).toBeNull()
  })

  it('confirms with the 6-digit code too', async () => {
    const email = uniqueEmail('code')
    await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const code = standIn.mailbox.list(email)[0].code!
    const { data, error } = await clientFor(standIn).auth.verifyOtp({ email, token: code, type: 'signup' })
    expect(error).toBeNull()
    expect(data.session).toBeTruthy()
  })

  it('answers a sign-up for a confirmed address with a fake user, revealing nothing', async () => {
    const email = uniqueEmail('taken')
    const first = await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    await openLink(standIn.mailbox.list(email)[0].links[0].url)
    const again = await clientFor(standIn).auth.signUp({ email, password: 'other-horse-9' })
    expect(again.error).toBeNull()
    expect(again.data.session).toBeNull()
    expect(again.data.user!.id).not.toBe(first.data.user!.id)
    expect(again.data.user!.identities).toEqual([])
  })
})
