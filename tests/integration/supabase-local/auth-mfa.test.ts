import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// TOTP factors through supabase-js's auth.mfa, against GoTrue's behaviour (internal/api/mfa.go):
// enrol, challenge, verify (aal2, amr, other aal1 sessions ended), unenrol (aal2 only for a verified
// factor), the refusals, and the admin API. Codes are generated here from the enrolled secret.

const PASSWORD = 'correct-horse-9'

function codeFor(secret: string, offsetSteps = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 })
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>
}

describe('MFA: TOTP factors', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  async function signedIn(email: string, create = false): Promise<SupabaseClient> {
    const client = clientFor(standIn)
    const { error } = create ? await client.auth.signUp({ email, password: PASSWORD }) : await client.auth.signInWithPassword({ email, password: PASSWORD })
    if (error) throw error
    return client
  }

  it('enrols, refuses a wrong code, verifies a right one: the session is aal2 with totp in its amr', async () => {
    const email = uniqueEmail('mfa')
    const client = await signedIn(email, true)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' })
    expect(enrolled.error).toBeNull()
    const factor = enrolled.data!
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone app' })
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/)
    // no '#' (it would end the unencoded data URI auth-js makes), as GoTrue's goqrsvg output has none
    expect(factor.totp.qr_code).not.toContain('#')
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(factor.totp.uri).toMatch(new RegExp(`^otpauth://totp/127\\.0\\.0\\.1(%3A|:)3000:${encodeURIComponent(email).replace(/\./g, '\\.')}\\?`))
    // unverified: listed in all, not among the usable totp factors, and no step up is possible yet
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']])
    expect(listed.data?.totp).toEqual([])
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) })
    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: '000000' === codeFor(factor.totp.secret) ? '111111' : '000000' })
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })

    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) })
    expect(verified.error).toBeNull()
    const claims = claimsOf(verified.data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(['totp', 'password'])
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    expect((await client.auth.mfa.listFactors()).data?.totp.map((f) => f.status)).toEqual(['verified'])
    // a used challenge cannot be verified again (GoTrue says "IP addresses mismatch" for it)
    const again = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) })
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' })
    // the refreshed session stays aal2
    const refreshed = await client.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2')
  })

  it('asks a new sign-in to step up, ends the aal1 sessions when one steps up, and guards unenrolment', async () => {
    const email = uniqueEmail('mfa2')
    const first = await signedIn(email, true)
    const { data: factor } = await first.auth.mfa.enroll({ factorType: 'totp' })
    await first.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: codeFor(factor!.totp.secret) })

    const second = await signedIn(email)
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    // a verified factor: no new factor and no unenrolment below aal2
    const more = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'another' })
    expect(more.error).toMatchObject({ status: 403, code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' })
    const drop = await second.auth.mfa.unenroll({ factorId: factor!.id })
    expect(drop.error).toMatchObject({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' })

    const third = await signedIn(email)
    const thirdToken = (await third.auth.getSession()).data.session!.access_token
    await second.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: codeFor(factor!.totp.secret) })
    // third (aal1) ended; first (aal2) kept
    const gone = await fetch(`${standIn.url}/auth/v1/user`, { headers: { apikey: standIn.config.anonKey, authorization: `Bearer ${thirdToken}` } })
    expect(gone.status).toBe(403)
    expect(await gone.json()).toMatchObject({ error_code: 'session_not_found' })
    expect((await first.auth.getUser()).error).toBeNull()

    const dropped = await second.auth.mfa.unenroll({ factorId: factor!.id })
    expect(dropped).toMatchObject({ data: { id: factor!.id }, error: null })
    // the sessions it raised are aal1 again
    const after = await second.auth.refreshSession()
    expect(claimsOf(after.data.session!.access_token).aal).toBe('aal1')
    expect((await second.auth.mfa.listFactors()).data?.all).toEqual([])
  })

  it('refuses a duplicate name, an expired challenge, another user’s factor, anonymous users and no token', async () => {
    const client = await signedIn(uniqueEmail('mfa3'), true)
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work' })
    const twice = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work' })
    expect(twice.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict', message: 'A factor with the friendly name "Work" for this user already exists' })

    const challenge = await client.auth.mfa.challenge({ factorId: factor!.id })
    await standIn.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge.data!.id])
    const late = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge.data!.id, code: codeFor(factor!.totp.secret) })
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' })
    expect((await standIn.db.query('select 1 from auth.mfa_challenges where id = $1', [challenge.data!.id])).rows).toHaveLength(0)

    const stranger = await signedIn(uniqueEmail('mfa4'), true)
    const theirs = await stranger.auth.mfa.challenge({ factorId: factor!.id })
    expect(theirs.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' })

    const anonymous = clientFor(standIn)
    await anonymous.auth.signInAnonymously()
    const anon = await anonymous.auth.mfa.enroll({ factorType: 'totp' })
    expect(anon.error).toMatchObject({ status: 403, code: 'no_authorization', message: 'Anonymous user not allowed to perform these actions' })

    const bare = await fetch(`${standIn.url}/auth/v1/factors`, { method: 'POST', headers: { apikey: standIn.config.anonKey, 'content-type': 'application/json' }, body: '{"factor_type":"totp"}' })
    expect(bare.status).toBe(401)
    expect(await bare.json()).toMatchObject({ error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' })
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15550100' })
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' })
  })

  it('lets an administrator list and delete a user’s factors', async () => {
    const email = uniqueEmail('mfa5')
    const client = await signedIn(email, true)
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Admin check' })
    const { data: user } = await client.auth.getUser()
    const admin = clientFor(standIn, 'service_role').auth.admin.mfa
    const listed = await admin.listFactors({ userId: user.user!.id })
    expect(listed.data?.factors.map((f) => [f.id, f.friendly_name, f.status])).toEqual([[factor!.id, 'Admin check', 'unverified']])
    const deleted = await admin.deleteFactor({ userId: user.user!.id, id: factor!.id })
    expect(deleted.error).toBeNull()
    expect((await admin.listFactors({ userId: user.user!.id })).data?.factors).toEqual([])
    // not an administrator: GoTrue's 403 "User not allowed"
    expect((await clientFor(standIn).auth.admin.mfa.listFactors({ userId: user.user!.id })).error?.status).toBe(403)
  })
})
