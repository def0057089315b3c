import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpKeepingTrial } from '../../../lib/auth/keep-trial.ts'
import { siteUrl } from '../../../lib/env.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'
import { MIGRATIONS_DIR, must } from '../app/cast.ts'
import { authed, browser, draftedTrial, followLink, linkIn, visitor, type Visitor } from './keep-helpers.ts'

// Issue 13, signing up keeps the trial: the sign-up form sent from a trial session converts that
// anonymous account (same user id) with the address and password; the emailed link makes it
// permanent and comes back (through /auth/callback, from SITE_URL) to the offer to import the trial.
// Confirmations on and secure password change on, as in supabase/config.toml.

const PASSWORD = 'keeper-pass-9'

describe('signing up from a trial', () => {
  let standIn: StandIn

  beforeAll(async () => {
    standIn = await startTestStandIn({
      migrationsDir: MIGRATIONS_DIR,
      seedFile: null,
      auth: { autoconfirm: false, securePasswordChange: true, minPasswordLength: 8, rateLimits: { otp: 1000, tokenVerifications: 1000 } },
    })
  })
  afterAll(async () => {
    await standIn?.stop()
  })

  const signUp = async (v: Visitor, email: string, password = PASSWORD) => {
    const { user } = authed(await v.db.auth.getUser(), 'the session user')
    return signUpKeepingTrial(v.db, user, { fullName: 'Kim Keeper', email, password, nextPath: '/try/progress/some-run' })
  }

  /** Opens the newest mail's link in this browser, as /auth/callback does; answers where it goes next. */
  const confirm = async (v: Visitor, email: string): Promise<string> => {
    const landed = await followLink(linkIn(standIn, email))
    expect(`${landed.origin}${landed.pathname}`).toBe(`${siteUrl()}/auth/callback`)
    authed(await v.db.auth.exchangeCodeForSession(landed.searchParams.get('code')!), 'code exchange')
    return landed.searchParams.get('next')!
  }

  it('converts the visitor: after the link the same user is permanent, named, and the trial is still theirs', async () => {
    const v = await visitor(standIn)
    const { projectId } = await draftedTrial(v)
    const email = uniqueEmail('keeper')
    expect(await signUp(v, email)).toEqual({
      next: `/dashboard/create?import=${projectId}`, needsConfirmation: true, keptTrial: true, passwordLater: false,
    })
    // nothing changes before the address is proved
    expect(authed(await v.db.auth.getUser(), 'before').user).toMatchObject({ id: v.id, is_anonymous: true })

    expect(await confirm(v, email)).toBe(`/dashboard/create?import=${projectId}`)
    expect(authed(await v.db.auth.getUser(), 'after').user).toMatchObject({ id: v.id, email, is_anonymous: false })
    expect((await v.db.auth.getClaims()).data?.claims.is_anonymous).toBe(false)
    expect(must(await v.db.from('trial_projects').select('owner_id').eq('id', projectId).single(), 'trial')).toEqual({ owner_id: v.id })
    expect(must(await v.db.from('profiles').select('full_name, email').eq('id', v.id).single(), 'profile')).toEqual({
      full_name: 'Kim Keeper', email,
    })
    // a permanent account: it signs in with the password in another browser and may start a team
    const elsewhere = browser(standIn)
    expect(authed(await elsewhere.db.auth.signInWithPassword({ email, password: PASSWORD }), 'sign in').user.id).toBe(v.id)
    expect((await elsewhere.db.rpc('create_team', { p_name: 'Keeper Homes' })).error).toBeNull()
  })

  it('refuses an address that is taken with the usual message, and the visitor stays a trial visitor', async () => {
    const taken = uniqueEmail('taken')
    authed(await clientFor(standIn, 'service_role').auth.admin.createUser({ email: taken, password: PASSWORD, email_confirm: true }), 'taken')
    const v = await visitor(standIn)
    await draftedTrial(v)
    await expect(signUp(v, taken)).rejects.toThrow('An account with this email already exists. Sign in instead.')
    expect(authed(await v.db.auth.getUser(), 'still').user).toMatchObject({ id: v.id, is_anonymous: true, email: '' })
  })

  it('takes the form sent again with the same password (a new mail), and with no trial goes to `next`', async () => {
    const v = await visitor(standIn)
    const first = uniqueEmail('again')
    await signUp(v, first)
    const second = uniqueEmail('again')
    expect(await signUp(v, second)).toMatchObject({ next: '/try/progress/some-run', needsConfirmation: true })
    expect(await confirm(v, second)).toBe('/try/progress/some-run')
    expect(authed(await v.db.auth.getUser(), 'after').user).toMatchObject({ id: v.id, email: second, is_anonymous: false })
  })

  it('with a trial session older than a day, the password is chosen after the link (GoTrue wants a fresh session)', async () => {
    const v = await visitor(standIn)
    const { projectId } = await draftedTrial(v)
    await standIn.db.query(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [v.id])
    const email = uniqueEmail('old-session')
    const throughPassword = `/auth/reset-password?next=${encodeURIComponent(`/dashboard/create?import=${projectId}`)}`
    expect(await signUp(v, email)).toMatchObject({ next: throughPassword, needsConfirmation: true, passwordLater: true })
    expect(await confirm(v, email)).toBe(throughPassword)
    // the link's session is new, so the password page can set it
    authed(await v.db.auth.updateUser({ password: PASSWORD }), 'password after the link')
    const elsewhere = browser(standIn)
    expect(authed(await elsewhere.db.auth.signInWithPassword({ email, password: PASSWORD }), 'sign in').user.id).toBe(v.id)
  })
})
