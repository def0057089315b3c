import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSettingsFromToml } from '../../../supabase/local/config-file.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// `[auth] enable_signup = false` (GoTrue's DisableSignup, internal/api/signup.go, anonymous.go, and
// otp.go through MagicLink → Signup): no new account from sign-up, anonymous sign-in or an OTP; an
// administrator still creates and invites people; existing accounts still sign in.

describe('enable_signup = false', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { signupEnabled: false } })
  })
  afterAll(async () => {
    await standIn?.stop()
  })

  it('is read from config.toml', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'signup-toml-'))
    const file = path.join(dir, 'config.toml')
    writeFileSync(file, '[auth]\nenable_signup = false\n')
    expect(authSettingsFromToml(file, {}).signupEnabled).toBe(false)
    writeFileSync(file, '[auth]\nenable_signup = true\n')
    expect(authSettingsFromToml(file, {}).signupEnabled).toBe(true)
    writeFileSync(file, '[auth]\nsite_url = "http://127.0.0.1:3000"\n')
    expect(authSettingsFromToml(file, {}).signupEnabled).toBeUndefined()
  })

  it('refuses sign-up, anonymous sign-in and an OTP for a new address: 422 signup_disabled', async () => {
    const anon = clientFor(standIn)
    const signUp = await anon.auth.signUp({ email: uniqueEmail('closed'), password: 'correct-horse-9' })
    expect(signUp.data.user).toBeNull()
    expect(signUp.error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' })
    const anonymous = await anon.auth.signInAnonymously()
    expect(anonymous.error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' })
    const otp = await anon.auth.signInWithOtp({ email: uniqueEmail('closed-otp') })
    expect(otp.error).toMatchObject({ status: 422, code: 'signup_disabled' })
    const noCreate = await anon.auth.signInWithOtp({ email: uniqueEmail('closed-otp'), options: { shouldCreateUser: false } })
    expect(noCreate.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' })
    // nobody was made on the way
    const { data: listed } = await clientFor(standIn, 'service_role').auth.admin.listUsers()
    expect(listed.users).toEqual([])
  })

  it('says so in /settings', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/settings`, { headers: { apikey: standIn.config.anonKey } })
    expect(await response.json()).toMatchObject({ disable_signup: true })
  })

  it('still lets an administrator create a person, who then signs in (and gets a magic link)', async () => {
    const admin = clientFor(standIn, 'service_role')
    const email = uniqueEmail('admin-made')
    const created = await admin.auth.admin.createUser({ email, password: 'correct-horse-9', email_confirm: true })
    expect(created.error).toBeNull()
    const invited = await admin.auth.admin.inviteUserByEmail(uniqueEmail('invited'))
    expect(invited.error).toBeNull()
    const signIn = await clientFor(standIn).auth.signInWithPassword({ email, password: 'correct-horse-9' })
    expect(signIn.error).toBeNull()
    expect(signIn.data.session?.access_token).toBeTruthy()
    const link = await clientFor(standIn).auth.signInWithOtp({ email })
    expect(link.error).toBeNull()
  })
})
