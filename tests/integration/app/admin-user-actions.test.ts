import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { listAudit } from '@/lib/admin/queries'
import { banUser, grantCredits, resetSecondFactor, setAdmin, unbanUser } from '@/lib/admin/writes'
import { getSecondFactorCount } from '@/lib/admin/queries'
import type { Db } from '@/lib/listings/refusal'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, behind, must, passSecondFactor, signUp, type Cast } from './cast.ts'

// The administrators' changes, through the same lib/admin/writes code the server actions run:
// each refused to non-admins, bounded, and recorded in admin_audit_log with who did it.
describe('admin actions on a user', () => {
  let cast: Cast
  const db = (client: SupabaseClient) => client as unknown as Db
  const asAdmin = () => db(cast.siteAdmin.client)
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const balance = async (client: SupabaseClient) => must(await client.rpc('team_credit_balance', { p_team_id: cast.teamId }), 'balance')

  describe('granting credits', () => {
    it('lands in the team’s ledger and balance with the note, seen by its owner and member, and in the log', async () => {
      const before = await balance(cast.owner.client)
      const result = await grantCredits(asAdmin(), { userId: cast.member.id, teamId: cast.teamId, amount: '25', note: '  Sorry for the outage  ' })
      expect(result).toEqual({ amount: 25, balance: before + 25 })
      expect(await balance(cast.owner.client)).toBe(before + 25)
      expect(await balance(cast.member.client)).toBe(before + 25)
      const ledger = must(
        await cast.member.client.from('credit_ledger').select('delta, reason, note, created_by').eq('team_id', cast.teamId).eq('reason', 'admin_grant'),
        'ledger',
      )
      expect(ledger).toEqual([{ delta: 25, reason: 'admin_grant', note: 'Sorry for the outage', created_by: cast.siteAdmin.id }])
      const [entry] = await listAudit(asAdmin(), { userId: cast.member.id })
      expect(entry).toMatchObject({
        action: 'credits.grant',
        target_user_id: cast.member.id,
        target_team_id: cast.teamId,
        details: { amount: 25, note: 'Sorry for the outage', balance: before + 25 },
        actor: { id: cast.siteAdmin.id },
        team: { id: cast.teamId, name: 'Harbour Realty' },
      })
    })

    it('wants a note, 1 to 10,000 credits and one of the person’s own teams', async () => {
      const base = { userId: cast.member.id, teamId: cast.teamId, amount: 5, note: 'ok' }
      await expect(grantCredits(asAdmin(), { ...base, note: '   ' })).rejects.toThrow(/Write a note/)
      await expect(grantCredits(asAdmin(), { ...base, amount: 0 })).rejects.toThrow('Grant at least 1 credit.')
      await expect(grantCredits(asAdmin(), { ...base, amount: 10_001 })).rejects.toThrow('Grant at most 10,000 credits at a time.')
      await expect(grantCredits(asAdmin(), { ...base, teamId: cast.otherTeamId })).rejects.toThrow('That person is not a member of this team.')
      // the database says the same without the app's schema in front of it
      const bare = await cast.siteAdmin.client.rpc('admin_grant_credits', { p_team_id: cast.teamId, p_amount: 5, p_note: ' ' })
      expect(bare.error?.message).toBe('Write a note saying why these credits are granted')
      const tooMuch = await cast.siteAdmin.client.rpc('admin_grant_credits', { p_team_id: cast.teamId, p_amount: 10_001, p_note: 'x' })
      expect(tooMuch.error?.message).toBe('Grant between 1 and 10,000 credits')
    })

    it('is refused to the team’s own owner', async () => {
      await expect(grantCredits(db(cast.owner.client), { userId: cast.owner.id, teamId: cast.teamId, amount: 5, note: 'me' })).rejects.toThrow(
        'Only site administrators can do that.',
      )
    })
  })

  describe('making and removing administrators', () => {
    it('makes and removes another administrator, each recorded', async () => {
      const helper = await signUp(cast.standIn, 'admin-helper')
      expect(await setAdmin(asAdmin(), { userId: helper.id, makeAdmin: true })).toEqual({ isAdmin: true })
      // an administrator acts only once their session has passed a second factor
      expect(must(await helper.client.rpc('is_admin'), 'is_admin')).toBe(false)
      expect(must(await helper.client.rpc('admin_standing'), 'standing')).toBe('second_factor')
      await passSecondFactor(helper.client)
      expect(must(await helper.client.rpc('is_admin'), 'is_admin')).toBe(true)
      expect(must(await helper.client.rpc('admin_standing'), 'standing')).toBe('admin')
      await setAdmin(asAdmin(), { userId: helper.id, makeAdmin: false })
      expect(must(await helper.client.rpc('is_admin'), 'is_admin')).toBe(false)
      const actions = (await listAudit(asAdmin(), { userId: helper.id })).map((e) => e.action)
      expect(actions).toEqual(['user.remove_admin', 'user.make_admin'])
      // saying it again changes and records nothing
      await setAdmin(asAdmin(), { userId: helper.id, makeAdmin: false })
      expect((await listAudit(asAdmin(), { userId: helper.id })).length).toBe(2)
    })

    it('refuses removing yourself and the last administrator', async () => {
      await expect(setAdmin(asAdmin(), { userId: cast.siteAdmin.id, makeAdmin: false })).rejects.toThrow(
        'You cannot change your own administrator status.',
      )
      // the service key is not a person, so only the last-admin rule stands in its way
      const last = await cast.service.rpc('set_user_admin', { p_user_id: cast.siteAdmin.id, p_is_admin: false })
      expect(last.error?.message).toBe('At least one administrator must remain: make someone else an administrator first')
      expect(must(await cast.siteAdmin.client.rpc('is_admin'), 'is_admin')).toBe(true)
    })

    it('leaves one administrator when two remove each other at the same moment', async () => {
      const second = await signUp(cast.standIn, 'admin-second')
      await setAdmin(asAdmin(), { userId: second.id, makeAdmin: true })
      await passSecondFactor(second.client)
      const outcomes = await Promise.allSettled([
        setAdmin(asAdmin(), { userId: second.id, makeAdmin: false }),
        setAdmin(db(second.client), { userId: cast.siteAdmin.id, makeAdmin: false }),
      ])
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
      const admins = must(await cast.service.from('profiles').select('id').eq('is_admin', true), 'admins')
      expect(admins).toHaveLength(1)
      // put the cast back as it was
      if (admins[0].id !== cast.siteAdmin.id) {
        must(await cast.service.rpc('set_user_admin', { p_user_id: cast.siteAdmin.id, p_is_admin: true }), 'restore')
        must(await cast.service.rpc('set_user_admin', { p_user_id: second.id, p_is_admin: false }), 'restore')
      }
    })

    it('refuses making a trial (anonymous) account an administrator', async () => {
      const trial = clientFor(cast.standIn)
      const { data } = await trial.auth.signInAnonymously()
      await expect(setAdmin(asAdmin(), { userId: data.user!.id, makeAdmin: true })).rejects.toThrow(/trial \(anonymous\) account/)
    })
  })

  describe('bans', () => {
    it('signs the person out for good: refresh fails, sign-in is refused, old sessions stay ended after the unban', async () => {
      const person = await signUp(cast.standIn, 'ban-me')
      const { data: held } = await person.client.auth.getSession()
      const result = await banUser(asAdmin(), cast.service, { userId: person.id, duration: '7d' })
      expect(new Date(result.bannedUntil).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)

      const refresh = await clientFor(cast.standIn).auth.refreshSession({ refresh_token: held.session!.refresh_token })
      expect(refresh.error).not.toBeNull()
      const signIn = await clientFor(cast.standIn).auth.signInWithPassword({ email: person.email, password: 'correct-horse-9' })
      expect(signIn.error?.code).toBe('user_banned')
      const [entry] = await listAudit(asAdmin(), { userId: person.id })
      expect(entry).toMatchObject({ action: 'user.ban', actor: { id: cast.siteAdmin.id }, details: { hours: 168 } })

      await unbanUser(asAdmin(), cast.service, { userId: person.id })
      const again = await clientFor(cast.standIn).auth.signInWithPassword({ email: person.email, password: 'correct-horse-9' })
      expect(again.error).toBeNull()
      // the sessions from before the ban were ended by the database, so lifting it revives none
      const stale = await clientFor(cast.standIn).auth.refreshSession({ refresh_token: held.session!.refresh_token })
      expect(stale.error?.code).toBe('refresh_token_not_found')
      expect((await listAudit(asAdmin(), { userId: person.id }))[0].action).toBe('user.unban')
    })

    it('refuses banning yourself, an administrator, or lifting a ban that is not there', async () => {
      await expect(banUser(asAdmin(), cast.service, { userId: cast.siteAdmin.id, duration: '24h' })).rejects.toThrow(
        'You cannot ban or unban yourself.',
      )
      const colleague = await signUp(cast.standIn, 'admin-colleague')
      await setAdmin(asAdmin(), { userId: colleague.id, makeAdmin: true })
      await expect(banUser(asAdmin(), cast.service, { userId: colleague.id, duration: 'permanent' })).rejects.toThrow(
        /remove their administrator rights first/,
      )
      await expect(unbanUser(asAdmin(), cast.service, { userId: cast.member.id })).rejects.toThrow('This person is not banned.')
      const [user] = await behind<{ id: string }>(cast, 'profiles', { id: colleague.id })
      expect(user.id).toBe(colleague.id)
      expect((await clientFor(cast.standIn).auth.signInWithPassword({ email: colleague.email, password: 'correct-horse-9' })).error).toBeNull()
      await setAdmin(asAdmin(), { userId: colleague.id, makeAdmin: false })
    })

    it('is refused to members and owners, who cannot reach the database half either', async () => {
      for (const who of ['member', 'owner'] as const) {
        await expect(banUser(db(cast[who].client), cast.service, { userId: cast.outsider.id, duration: '24h' })).rejects.toThrow(
          'Only site administrators can do that.',
        )
      }
      const outsider = await cast.service.auth.admin.getUserById(cast.outsider.id)
      expect(outsider.error).toBeNull()
      expect(outsider.data.user!.banned_until).toBeUndefined()
    })
  })

  describe('resetting two-step sign-in', () => {
    it('removes the person’s authenticators and ends their sessions, recorded; their password signs them in again', async () => {
      const person = await signUp(cast.standIn, 'lost-phone')
      await passSecondFactor(person.client)
      const { data: held } = await person.client.auth.getSession()
      expect(await getSecondFactorCount(asAdmin(), person.id)).toBe(1)
      expect(await resetSecondFactor(asAdmin(), { userId: person.id })).toEqual({ removed: 1 })
      expect(await getSecondFactorCount(asAdmin(), person.id)).toBe(0)
      // signed out everywhere: the old session's refresh fails
      const refresh = await clientFor(cast.standIn).auth.refreshSession({ refresh_token: held.session!.refresh_token })
      expect(refresh.error).not.toBeNull()
      const again = clientFor(cast.standIn)
      const signedIn = await again.auth.signInWithPassword({ email: person.email, password: 'correct-horse-9' })
      expect(signedIn.error).toBeNull()
      expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
      const [entry] = await listAudit(asAdmin(), { userId: person.id })
      expect(entry).toMatchObject({ action: 'user.second_factor_reset', details: { factors: 1 }, actor: { id: cast.siteAdmin.id } })
    })

    it('refuses yourself, someone without one, and anyone but a site administrator', async () => {
      await expect(resetSecondFactor(asAdmin(), { userId: cast.siteAdmin.id })).rejects.toThrow('Change your own authenticators on your profile page')
      await expect(resetSecondFactor(asAdmin(), { userId: cast.owner.id })).rejects.toThrow('This person has no two-step sign-in to reset')
      await expect(resetSecondFactor(asAdmin(), { userId: 'not-a-uuid' })).rejects.toThrow()
      const target = await signUp(cast.standIn, 'kept-phone')
      await passSecondFactor(target.client)
      for (const who of [cast.owner, cast.member, cast.outsider]) {
        const { error } = await who.client.rpc('admin_reset_second_factor', { p_user_id: target.id })
        expect(error?.code).toBe('42501')
        expect((await who.client.rpc('admin_second_factors', { p_user_id: target.id })).error?.code).toBe('42501')
      }
      expect(await getSecondFactorCount(asAdmin(), target.id)).toBe(1)
    })
  })

  it('pages users through supabase-js’ auth.admin.listUsers with the right totals', async () => {
    const first = await cast.service.auth.admin.listUsers({ page: 1, perPage: 4 })
    if (!('total' in first.data)) throw new Error('no pagination in the answer')
    const { total } = first.data
    const pages = Math.ceil(total / 4)
    expect(pages).toBeLessThan(10) // auth-js reads one digit of the page numbers
    expect(first.data.lastPage).toBe(pages)
    expect(first.data.nextPage).toBe(2)
    const ids = new Set<string>()
    for (let page = 1; page <= pages; page++) {
      const { data } = await cast.service.auth.admin.listUsers({ page, perPage: 4 })
      for (const u of data.users) ids.add(u.id)
    }
    expect(ids.size).toBe(total)
  })
})
