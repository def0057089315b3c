import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// GoTrue checks an address with badoux/checkmail's ValidateFormat (internal/api/mail.go validateEmail):
// 400 validation_failed "Unable to validate email address: invalid format" on sign-up and on the admin
// routes (createUser, invite, generate_link). The auth-js suite's INVALID_EMAIL is `xx:;x@x.x`.

describe('email format, as GoTrue checks it', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  it('refuses what checkmail refuses on the admin routes and sign-up', async () => {
    const admin = clientFor(standIn, 'service_role').auth.admin
    for (const bad of ['xx:;x@x.x', 'a b@example.test', 'no-at.example.test', 'x@-host.test', 'x@host_name.test']) {
      const created = await admin.createUser({ email: bad, password: 'password123' })
      expect(created.error, bad).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' })
      expect((await admin.inviteUserByEmail(bad)).error?.code).toBe('validation_failed')
      expect((await admin.generateLink({ type: 'signup', email: bad, password: 'password123' })).error?.code).toBe('validation_failed')
      expect((await clientFor(standIn).auth.signUp({ email: bad, password: 'password123' })).error?.code).toBe('validation_failed')
    }
  })

  it('accepts the addresses people have', async () => {
    const admin = clientFor(standIn, 'service_role').auth.admin
    for (const good of [uniqueEmail('plain'), `o'brien+tag.${Date.now()}@sub.example.test`, `x_${Date.now()}@a-b.example.test`]) {
      const created = await admin.createUser({ email: good, password: 'password123' })
      expect(created.error, good).toBeNull()
    }
  })
})
