import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient, uniqueEmail } from '../../helpers/supabase.ts'

describe('auth: admin API', () => {
  let standIn: StandIn
  let admin: ReturnType<typeof clientFor>
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    admin = clientFor(standIn, 'service_role')
  })
  afterAll(() => standIn?.stop())

  it('refuses the admin API to anon and signed-in users with 403 not_admin', async () => {
    const anon = await clientFor(standIn).auth.admin.listUsers()
    expect(anon.error?.status).toBe(403)
    expect(anon.error?.code).toBe('not_admin')
    const { session } = await signedInClient(standIn)
    const res = await fetch(`${standIn.url}/auth/v1/admin/users`, {
      headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${session.access_token}` },
    })
    expect(res.status).toBe(403)
  })

  it('creates a confirmed user with metadata who can sign in at once', async () => {
    const email = uniqueEmail('admin-made')
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: 'made-by-admin-1',
      email_confirm: true,
      user_metadata: { full_name: 'Made' },
      app_metadata: { team_role: 'owner' },
    })
    expect(error).toBeNull()
    expect(data.user!.email_confirmed_at).toBeTruthy()
    expect(data.user!.user_metadata).toEqual({ full_name: 'Made' })
    expect(data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], team_role: 'owner' })
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password: 'made-by-admin-1' })).error).toBeNull()
    const dup = await admin.auth.admin.createUser({ email, password: 'made-by-admin-1' })
    expect(dup.error?.code).toBe('email_exists')
    expect(dup.error?.status).toBe(422)
  })

  it('gets a user by id and answers 404 user_not_found for an unknown one', async () => {
    const { user } = await signedInClient(standIn)
    const got = await admin.auth.admin.getUserById(user.id)
    expect(got.data.user!.id).toBe(user.id)
    const missing = await admin.auth.admin.getUserById(crypto.randomUUID())
    expect(missing.error?.status).toBe(404)
    expect(missing.error?.code).toBe('user_not_found')
  })

  it('merges app_metadata on update and keeps the provider keys', async () => {
    const { user } = await signedInClient(standIn)
    await admin.auth.admin.updateUserById(user.id, { app_metadata: { plan: 'pro', seats: 3 } })
    const { data, error } = await admin.auth.admin.updateUserById(user.id, { app_metadata: { seats: 5 } })
    expect(error).toBeNull()
    expect(data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro', seats: 5 })
  })

  it('creates a user already banned when ban_duration is given', async () => {
    const email = uniqueEmail('born-banned')
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: 'banned-from-start-1',
      email_confirm: true,
      ban_duration: '1h',
    })
    expect(error).toBeNull()
    expect(new Date(data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
    const signIn = await clientFor(standIn).auth.signInWithPassword({ email, password: 'banned-from-start-1' })
    expect(signIn.error?.code).toBe('user_banned')
  })

  it('deletes a user for good: the row, the sessions and the sign-in', async () => {
    const { user, email, password, session } = await signedInClient(standIn)
    const { error } = await admin.auth.admin.deleteUser(user.id)
    expect(error).toBeNull()
    const rows = await standIn.db.query('select 1 from auth.users where id = $1', [user.id])
    expect(rows.rows).toHaveLength(0)
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials')
    const res = await fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${session.access_token}` },
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('x-sb-error-code')).toBe('user_not_found')
  })

  it('invites by email: the invite link confirms the user and signs them in', async () => {
    const email = uniqueEmail('invited')
    const { data, error } = await admin.auth.admin.inviteUserByEmail(email, {
      data: { team: 'Harbour' },
      redirectTo: 'http://localhost:3000/welcome',
    })
    expect(error).toBeNull()
    expect(data.user!.invited_at).toBeTruthy()
    expect(data.user!.user_metadata).toEqual({ team: 'Harbour' })
    const mail = standIn.mailbox.list(email)[0]
    expect(mail.kind).toBe('invite')
    const res = await fetch(mail.links[0].url, { redirect: 'manual' })
    const landed = new URL(res.headers.get('location')!)
    const fragment = new URLSearchParams(landed.hash.slice(1))
    expect(fragment.get('type')).toBe('invite')
    const client = clientFor(standIn)
    await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })
    expect((await client.auth.getUser()).data.user!.email_confirmed_at).toBeTruthy()
  })

  it('lets an invited address that never accepted sign up with a password, keeping the user id', async () => {
    const email = uniqueEmail('invited-signup')
    const invited = await admin.auth.admin.inviteUserByEmail(email)
    const { data, error } = await clientFor(standIn).auth.signUp({ email, password: 'claimed-pass-1' })
    expect(error).toBeNull()
    expect(data.session).toBeTruthy()
    expect(data.user!.id).toBe(invited.data.user!.id)
  })

  it('generates a magic link without sending mail, usable via its hashed token', async () => {
    const { email } = await signedInClient(standIn)
    const before = standIn.mailbox.list(email).length
    const generated = await admin.auth.admin.generateLink({ type: 'magiclink', email })
    expect(generated.error).toBeNull()
    const data = { properties: generated.data.properties!, user: generated.data.user! }
    expect(data.properties.action_link).toContain('/auth/v1/verify?token=')
    expect(data.properties.email_otp).toMatch(/^\d{6}$/)
    expect(data.properties.verification_type).toBe('magiclink')
    expect(data.user.email).toBe(email)
    expect(standIn.mailbox.list(email).length).toBe(before)
    const verified = await clientFor(standIn).auth.verifyOtp({ type: 'magiclink', token_hash: data.properties.hashed_token })
    expect(verified.error).toBeNull()
    expect(verified.data.user!.email).toBe(email)
  })

  it('serves /settings and an empty JWKS for the HS256 secret', async () => {
    const settings = await (await fetch(`${standIn.url}/auth/v1/settings`, { headers: { apikey: standIn.config.anonKey } })).json()
    expect(settings).toMatchObject({ external: { email: true, anonymous_users: true }, mailer_autoconfirm: true, disable_signup: false })
    const jwks = await (await fetch(`${standIn.url}/auth/v1/.well-known/jwks.json`)).json()
    expect(jwks).toEqual({ keys: [] })
    expect((await fetch(`${standIn.url}/auth/v1/health`)).status).toBe(200)
  })
})
