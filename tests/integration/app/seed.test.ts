import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { WELCOME_CREDITS } from '../../../lib/constants.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { MIGRATIONS_DIR, SEED_FILE } from './cast.ts'

const PASSWORD = 'demo-password-1'
const HARBOUR = 'd0000000-0000-4000-8000-0000000000a1'

describe('the demo seed', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: SEED_FILE })
  })
  afterAll(() => standIn?.stop())

  async function signIn(email: string) {
    const client = clientFor(standIn)
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    return client
  }

  it('lets the owner sign in and see Harbour Realty with its roster and credits', async () => {
    const owner = await signIn('owner@demo.test')
    expect((await owner.from('teams').select('id, name')).data).toEqual([{ id: HARBOUR, name: 'Harbour Realty' }])
    const { data: roster } = await owner.from('team_members').select('role, profiles(email, full_name)').order('role')
    expect(roster).toEqual([
      { role: 'member', profiles: { email: 'member@demo.test', full_name: 'Marcus Member' } },
      { role: 'owner', profiles: { email: 'owner@demo.test', full_name: 'Olivia Owner' } },
    ])
    expect((await owner.rpc('team_credit_balance', { p_team_id: HARBOUR })).data).toBe(WELCOME_CREDITS + 10)
    const { data: ledger } = await owner.from('credit_ledger').select('delta, reason').order('created_at')
    expect(ledger).toEqual([
      { delta: WELCOME_CREDITS, reason: 'welcome' },
      { delta: 10, reason: 'admin_grant' },
    ])
    expect((await owner.from('profiles').select('last_team_id').eq('email', 'owner@demo.test').single()).data)
      .toEqual({ last_team_id: HARBOUR })
  })

  it('lets the member sign in and see the team, but not manage it', async () => {
    const member = await signIn('member@demo.test')
    expect((await member.from('teams').select('name')).data).toEqual([{ name: 'Harbour Realty' }])
    const rename = await member.from('teams').update({ name: 'Mine now' }).eq('id', HARBOUR).select('id')
    expect(rename.data).toEqual([])
    expect((await member.rpc('is_admin')).data).toBe(false)
  })

  it('lets the administrator sign in as an administrator who sees every team', async () => {
    const admin = await signIn('admin@demo.test')
    // with the password alone the demo administrator is not one yet: the seeded authenticator is
    expect((await admin.rpc('admin_standing')).data).toBe('second_factor')
    expect((await admin.rpc('is_admin')).data).toBe(false)
    const { data: factors } = await admin.auth.mfa.listFactors()
    expect(factors?.totp.map((f) => [f.friendly_name, f.status])).toEqual([['Demo authenticator', 'verified']])
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') }).generate()
    expect((await admin.auth.mfa.challengeAndVerify({ factorId: factors!.totp[0].id, code })).error).toBeNull()
    expect((await admin.rpc('is_admin')).data).toBe(true)
    expect((await admin.from('teams').select('name')).data).toEqual([{ name: 'Harbour Realty' }])
    expect((await admin.from('team_members').select('user_id').eq('user_id', 'd0000000-0000-4000-8000-000000000003')).data)
      .toEqual([])
  })

  it('refuses a wrong password for a demo user', async () => {
    const { error } = await clientFor(standIn).auth.signInWithPassword({ email: 'owner@demo.test', password: 'wrong-password' })
    expect(error?.message).toBe('Invalid login credentials')
  })
})
