import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { RATE_LIMITED, describeAuthError } from '@/lib/auth/messages'
import { PASSWORD_MIN } from '@/lib/constants'
import { clientFor, uniqueEmail } from '../../helpers/supabase'
import { startFixtureStandIn } from '../../helpers/stand-in'

// The auth server's real answers, through the official client, turned into what the forms show.
let standIn: StandIn

beforeAll(async () => {
  standIn = await startFixtureStandIn({
    auth: { minPasswordLength: PASSWORD_MIN, signInRateLimit: { max: 3, windowMs: 60_000 } },
  })
})
afterAll(() => standIn?.stop())

describe('auth errors as the person sees them', () => {
  it('says "wrong email or password" for a wrong password', async () => {
    const email = uniqueEmail()
    await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const { error } = await clientFor(standIn).auth.signInWithPassword({ email, password: 'wrong-horse-9' })
    expect(describeAuthError(error!).message).toBe('Wrong email or password.')
  })

  it('marks the email field when the address is taken', async () => {
    const email = uniqueEmail()
    await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    const { error } = await clientFor(standIn).auth.signUp({ email, password: 'correct-horse-9' })
    expect(describeAuthError(error!)).toMatchObject({ field: 'email', message: expect.stringMatching(/already exists/) })
  })

  it('marks the password field when the server finds it too weak', async () => {
    const { error } = await clientFor(standIn).auth.signUp({ email: uniqueEmail(), password: 'short12' })
    expect(describeAuthError(error!)).toMatchObject({ field: 'password' })
  })

  it('asks to wait once sign-ins are rate limited', async () => {
    const email = uniqueEmail()
    const client = clientFor(standIn)
    let last: Parameters<typeof describeAuthError>[0] | null = null
    for (let i = 0; i < 6; i++) {
      const { error } = await client.auth.signInWithPassword({ email, password: `wrong-${i}-password` })
      last = error
    }
    expect(last).not.toBeNull()
    expect(describeAuthError(last!).message).toBe(RATE_LIMITED)
  })
})
