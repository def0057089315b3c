import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import type { SupabaseClient } from '@supabase/supabase-js'
import { clientFor } from '../../helpers/supabase'
import { assembleCast, must, passSecondFactor, type Cast } from './cast'

/**
 * Issue 27: once a member has a verified authenticator, a session that has not passed it (aal1)
 * reaches nothing of their teams: private.mfa_satisfied() is part of every membership check, so
 * the policies and the team functions all refuse it. Members without one are unaffected.
 */
describe('a member with two-step sign-in', () => {
  let cast: Cast
  let secret: string
  let passwordOnly: SupabaseClient

  beforeAll(async () => {
    cast = await assembleCast()
    secret = await passSecondFactor(cast.member.client)
    passwordOnly = clientFor(cast.standIn)
    const signedIn = await passwordOnly.auth.signInWithPassword({ email: cast.member.email, password: 'correct-horse-9' })
    if (signedIn.error) throw signedIn.error
  }, 120_000)
  afterAll(() => cast?.standIn.stop())

  it('reads nothing of the team with a password alone', async () => {
    expect((await passwordOnly.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect(must(await passwordOnly.from('teams').select('id'), 'teams')).toEqual([])
    expect(must(await passwordOnly.from('team_members').select('user_id'), 'members')).toEqual([])
    expect(must(await passwordOnly.from('listings').select('id'), 'listings')).toEqual([])
  })

  it('writes nothing to the team with a password alone', async () => {
    const inserted = await passwordOnly.from('listings').insert({ team_id: cast.teamId, title: 'Sneaky listing', address_line: '1 Quay St', city: 'Auckland', country: 'NZ' }).select('id')
    expect(inserted.error?.code).toBe('42501')
    const invited = await passwordOnly.from('team_invitations').insert({ team_id: cast.teamId, email: 'x@example.test', role: 'member' })
    expect(invited.error?.code).toBe('42501')
    const left = await passwordOnly.rpc('leave_team', { p_team_id: cast.teamId })
    expect(left.error?.message).toBe('You are not a member of this team')
    expect(must(await cast.owner.client.from('team_members').select('user_id').eq('user_id', cast.member.id), 'still a member')).toHaveLength(1)
  })

  it('reads the team again once the same session passes the code', async () => {
    const factor = must(await passwordOnly.auth.mfa.listFactors(), 'factors').totp[0]
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()
    must(await passwordOnly.auth.mfa.challengeAndVerify({ factorId: factor.id, code }), 'verify')
    expect(must(await passwordOnly.from('teams').select('id'), 'teams')).toEqual([{ id: cast.teamId }])
  })

  it('leaves teammates without an authenticator as they were', async () => {
    expect((await cast.owner.client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1')
    expect(must(await cast.owner.client.from('teams').select('id'), 'teams')).toEqual([{ id: cast.teamId }])
  })
})
