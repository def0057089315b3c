import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

describe('auth: sign-up and password sign-in', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  it('signs a new user up straight into a session when autoconfirm is on', async () => {
    const email = uniqueEmail()
    const { data, error } = await clientFor(standIn).auth.signUp({
      email,
      password: 'correct-horse-9',
      options: { data: { full_name: 'Ada Agent' } },
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.session?.refresh_token).toBeTruthy()
    expect(data.session?.expires_in).toBe(3600)
    const user = data.user!
    expect(user.email).toBe(email)
    expect(user.phone).toBe('')
    expect(user.aud).toBe('authenticated')
    expect(user.role).toBe('authenticated')
    expect(user.is_anonymous).toBe(false)
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/)
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(user.user_metadata).toEqual({ full_name: 'Ada Agent' })
    expect(user.identities).toHaveLength(1)
    expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id })
    expect(user.identities![0].identity_data).toMatchObject({ sub: user.id, email, full_name: 'Ada Agent' })
  })

  it('puts exactly the claims Supabase signs into the access token', async () => {
    const email = uniqueEmail()
    const { data } = await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const claims = decodeJwt(data.session!.access_token)
    expect(Object.keys(claims).sort()).toEqual(
      ['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role', 'session_id', 'sub', 'user_metadata'].sort(),
    )
    expect(claims).toMatchObject({
      iss: `${standIn.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect((claims.amr as { method: string }[])[0].method).toBe('password')
  })

  it('answers 422 user_already_exists when the email is taken', async () => {
    const email = uniqueEmail()
    await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const { data, error } = await clientFor(standIn).auth.signUp({ email, password: 'another-pass-1' })
    expect(data.session).toBeNull()
    expect(isAuthApiError(error)).toBe(true)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
  })

  it('refuses a short password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await clientFor(standIn).auth.signUp({ email: uniqueEmail(), password: '123' })
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error?.code).toBe('weak_password')
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length'])
    expect(error?.message).toBe('Password should be at least 6 characters.')
  })

  it('signs in with the right password and refuses a wrong one with invalid_credentials', async () => {
    const email = uniqueEmail()
    await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const client = clientFor(standIn)
    const good = await client.auth.signInWithPassword({ email, password: 'correct-horse-9' })
    expect(good.error).toBeNull()
    expect(good.data.user?.email).toBe(email)
    expect(good.data.user?.last_sign_in_at).toBeTruthy()
    const me = await client.auth.getUser()
    expect(me.data.user?.id).toBe(good.data.user?.id)

    const bad = await clientFor(standIn).auth.signInWithPassword({ email, password: 'wrong-horse-9' })
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.code).toBe('invalid_credentials')
    expect(bad.error?.message).toBe('Invalid login credentials')
    const unknown = await clientFor(standIn).auth.signInWithPassword({ email: uniqueEmail(), password: 'whatever-1' })
    expect(unknown.error?.code).toBe('invalid_credentials')
  })

  it('sends the 2024-01-01 error shape with the version header and x-sb-error-code', async () => {
    const res = await fetch(`${standIn.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: standIn.config.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })

  it('creates rows with a plain insert, so the app can read the user in auth.users', async () => {
    const email = uniqueEmail()
    const { data } = await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const r = await standIn.db.query<{ email: string; encrypted_password: string }>(
      'select email, encrypted_password from auth.users where id = $1',
      [data.user!.id],
    )
    expect(r.rows[0].email).toBe(email)
    expect(r.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/)
  })
})
