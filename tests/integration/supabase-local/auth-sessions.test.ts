import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { signJwt } from '../../../supabase/local/jwt.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient, uniqueEmail } from '../../helpers/supabase.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('auth: sessions, refresh, anonymous users, user updates, logout', () => {
  let standIn: StandIn
  beforeAll(async () => {
    // a short reuse interval so both sides of it can be tested quickly
    standIn = await startFixtureStandIn({ auth: { refreshTokenReuseInterval: 3 } })
  })
  afterAll(() => standIn?.stop())

  it('rotates the refresh token on every refresh and keeps the same session', async () => {
    const { client, session } = await signedInClient(standIn)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session!.refresh_token).not.toBe(session.refresh_token)
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id)
    const again = await client.auth.refreshSession()
    expect(again.error).toBeNull()
    expect(again.data.session!.refresh_token).not.toBe(data.session!.refresh_token)
  })

  it('gives the current token back when a used one comes again within the reuse interval', async () => {
    const { session } = await signedInClient(standIn)
    // two tabs refreshing with the same token at once
    const [first, second] = await Promise.all([
      clientFor(standIn).auth.refreshSession({ refresh_token: session.refresh_token }),
      clientFor(standIn).auth.refreshSession({ refresh_token: session.refresh_token }),
    ])
    expect(first.error).toBeNull()
    expect(second.error).toBeNull()
    expect(second.data.session!.refresh_token).toBe(first.data.session!.refresh_token)
    expect(second.data.session!.refresh_token).not.toBe(session.refresh_token)
  })

  it('revokes the whole session when a used token comes back after the reuse interval', async () => {
    const { session } = await signedInClient(standIn)
    const rotated = await clientFor(standIn).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(rotated.error).toBeNull()
    await sleep(3200)
    const reused = await clientFor(standIn).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error?.status).toBe(400)
    expect(reused.error?.code).toBe('refresh_token_already_used')
    // the thief's use also killed the legitimate holder's current token
    const current = await clientFor(standIn).auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token })
    expect(current.error?.code).toBe('refresh_token_already_used')
  })

  it('answers refresh_token_not_found for a token it never issued', async () => {
    const { error } = await clientFor(standIn).auth.refreshSession({ refresh_token: 'not-a-real-token' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
  })

  it('signs in anonymously and converts the user by setting an email and password, keeping the id', async () => {
    const client = clientFor(standIn)
    const anon = await client.auth.signInAnonymously({ options: { data: { via: 'demo' } } })
    expect(anon.error).toBeNull()
    const user = anon.data.user!
    expect(user.is_anonymous).toBe(true)
    expect(user.email).toBe('')
    expect(user.identities).toEqual([])
    expect(decodeJwt(anon.data.session!.access_token)).toMatchObject({ is_anonymous: true, role: 'authenticated' })
    expect((decodeJwt(anon.data.session!.access_token).amr as { method: string }[])[0].method).toBe('anonymous')

    const email = uniqueEmail('anon')
    const updated = await client.auth.updateUser({ email, password: 'converted-pass-1' })
    expect(updated.error).toBeNull()
    expect(updated.data.user!.id).toBe(user.id)
    expect(updated.data.user!.is_anonymous).toBe(false)
    expect(updated.data.user!.email).toBe(email)

    const signIn = await clientFor(standIn).auth.signInWithPassword({ email, password: 'converted-pass-1' })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user!.id).toBe(user.id)
    expect(decodeJwt(signIn.data.session!.access_token).is_anonymous).toBe(false)
  })

  it('merges user_metadata from updateUser data', async () => {
    const { client } = await signedInClient(standIn)
    await client.auth.updateUser({ data: { full_name: 'Ada', plan: 'free' } })
    const { data, error } = await client.auth.updateUser({ data: { plan: 'pro' } })
    expect(error).toBeNull()
    expect(data.user!.user_metadata).toEqual({ full_name: 'Ada', plan: 'pro' })
    const me = await client.auth.getUser()
    expect(me.data.user!.user_metadata).toEqual({ full_name: 'Ada', plan: 'pro' })
  })

  it('changes the password, refusing the same one and a weak one', async () => {
    const { client, email, password } = await signedInClient(standIn)
    const same = await client.auth.updateUser({ password })
    expect(same.error?.code).toBe('same_password')
    expect(same.error?.status).toBe(422)
    const weak = await client.auth.updateUser({ password: 'abc' })
    expect(weak.error?.code).toBe('weak_password')
    const changed = await client.auth.updateUser({ password: 'brand-new-pass-7' })
    expect(changed.error).toBeNull()
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials')
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'brand-new-pass-7' })).error).toBeNull()
  })

  it('mails a reauthentication nonce; with secure password change off a nonce is not looked at (as GoTrue)', async () => {
    const { client, email } = await signedInClient(standIn)
    expect((await client.auth.reauthenticate()).error).toBeNull()
    const mail = standIn.mailbox.list(email)[0]
    expect(mail.kind).toBe('reauthentication')
    expect(mail.code).toMatch(/^\d{6}$/)
    // when it is required (secure password change on, older session) see auth-hardening.test.ts
    const ignored = await client.auth.updateUser({ password: 'nonce-pass-1', nonce: mail.code === '111111' ? '222222' : '111111' })
    expect(ignored.error).toBeNull()
  })

  it('changes a permanent user email only after both the old and the new address confirm', async () => {
    const { client, email: old } = await signedInClient(standIn)
    const next = uniqueEmail('moved')
    const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: 'http://localhost:3000/account' })
    expect(error).toBeNull()
    expect(data.user!.email).toBe(old)
    expect(data.user!.new_email).toBe(next)
    const toNew = standIn.mailbox.list(next)[0]
    const toOld = standIn.mailbox.list(old)[0]
    expect(toNew.kind).toBe('email_change')
    expect(toOld.kind).toBe('email_change')

    const half = await client.auth.verifyOtp({ email: old, token: toOld.code!, type: 'email_change' })
    expect(half.error).toBeNull()
    expect(half.data.session).toBeNull()
    expect((await client.auth.getUser()).data.user!.email).toBe(old)

    const done = await client.auth.verifyOtp({ email: next, token: toNew.code!, type: 'email_change' })
    expect(done.error).toBeNull()
    expect(done.data.user!.email).toBe(next)
    expect(done.data.user!.new_email).toBeUndefined()
  })

  it('resends both email-change mails with fresh codes when asked by the current address', async () => {
    const { client, email: old } = await signedInClient(standIn)
    const next = uniqueEmail('resent')
    await client.auth.updateUser({ email: next })
    expect((await client.auth.resend({ type: 'email_change', email: old })).error).toBeNull()
    expect(standIn.mailbox.list(next)).toHaveLength(2)
    expect(standIn.mailbox.list(old)).toHaveLength(2)
    await client.auth.verifyOtp({ email: old, token: standIn.mailbox.list(old)[0].code!, type: 'email_change' })
    const done = await client.auth.verifyOtp({ email: next, token: standIn.mailbox.list(next)[0].code!, type: 'email_change' })
    expect(done.error).toBeNull()
    expect(done.data.user!.email).toBe(next)
  })

  it('says "confirmation link accepted" on the first email-change link and changes on the second', async () => {
    const { client, email: old } = await signedInClient(standIn)
    const next = uniqueEmail('linked')
    await client.auth.updateUser({ email: next }, { emailRedirectTo: 'http://localhost:3000/account' })
    const first = await fetch(standIn.mailbox.list(old)[0].links[0].url, { redirect: 'manual' })
    const firstAt = new URL(first.headers.get('location')!)
    expect(new URLSearchParams(firstAt.hash.slice(1)).get('message')).toMatch(/^Confirmation link accepted/)
    const second = await fetch(standIn.mailbox.list(next)[0].links[0].url, { redirect: 'manual' })
    const secondAt = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1))
    expect(secondAt.get('type')).toBe('email_change')
    const fresh = clientFor(standIn)
    await fresh.auth.setSession({ access_token: secondAt.get('access_token')!, refresh_token: secondAt.get('refresh_token')! })
    expect((await fresh.auth.getUser()).data.user!.email).toBe(next)
  })

  it('logs out locally: this session ends, the other device stays signed in', async () => {
    const { client: phone, email, password } = await signedInClient(standIn)
    const laptop = clientFor(standIn)
    await laptop.auth.signInWithPassword({ email, password })
    const laptopToken = (await laptop.auth.getSession()).data.session!.access_token
    const { error } = await phone.auth.signOut({ scope: 'local' })
    expect(error).toBeNull()
    expect((await laptop.auth.getUser()).error).toBeNull()
    const res = await fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${laptopToken}` },
    })
    expect(res.status).toBe(200)
  })

  it('logs out others: every other session ends, this one stays', async () => {
    const { client: phone, email, password } = await signedInClient(standIn)
    const laptop = clientFor(standIn)
    await laptop.auth.signInWithPassword({ email, password })
    const laptopRefresh = (await laptop.auth.getSession()).data.session!.refresh_token
    expect((await phone.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await phone.auth.getUser()).error).toBeNull()
    const refreshed = await clientFor(standIn).auth.refreshSession({ refresh_token: laptopRefresh })
    // the session row is gone and its refresh tokens with it, as in GoTrue
    expect(refreshed.error?.code).toBe('refresh_token_not_found')
  })

  it('logs out globally and then refuses the old access token with session_not_found', async () => {
    const { client, session } = await signedInClient(standIn)
    expect((await client.auth.signOut()).error).toBeNull()
    const res = await fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('session_not_found')
  })

  it('accepts a token minted without session_id on /user, as GoTrue does', async () => {
    const { user } = await signedInClient(standIn)
    const now = Math.floor(Date.now() / 1000)
    const token = await signJwt(standIn.config, { sub: user.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 60 })
    const res = await fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    expect((await res.json()).id).toBe(user.id)
  })

  it('refuses /user without a bearer token and with a forged one', async () => {
    const none = await fetch(`${standIn.url}/auth/v1/user`, { headers: { apikey: standIn.config.anonKey } })
    expect(none.status).toBe(401)
    const forged = await fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.config.anonKey, Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' },
    })
    expect(forged.status).toBe(403)
    expect(forged.headers.get('x-sb-error-code')).toBe('bad_jwt')
  })
})
