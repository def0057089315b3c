import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { getOverview, getUserDetail, listAudit, listRecentRuns, listUsers } from '@/lib/admin/queries'
import type { Db } from '@/lib/listings/refusal'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, must, signUp, type Cast } from './cast.ts'

// The administrators' reads (20261125014000_admin_users.sql): refused to everyone but site admins,
// and what they answer an admin — through the same lib/admin code the pages run.
describe('admin overview and user list', () => {
  let cast: Cast
  const db = (client: SupabaseClient) => client as unknown as Db
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const ADMIN_FUNCTIONS: [string, Record<string, unknown>][] = [
    ['admin_overview', {}],
    ['admin_list_users', { p_search: '', p_filter: 'all', p_sort: 'newest', p_page: 1, p_per_page: 10 }],
    ['admin_user_detail', { p_user_id: '00000000-0000-4000-8000-000000000000' }],
    ['admin_grant_credits', { p_team_id: '00000000-0000-4000-8000-000000000000', p_amount: 5, p_note: 'x' }],
    ['set_user_admin', { p_user_id: '00000000-0000-4000-8000-000000000000', p_is_admin: true }],
    ['admin_set_user_ban', { p_user_id: '00000000-0000-4000-8000-000000000000', p_hours: 24 }],
  ]

  it.each(ADMIN_FUNCTIONS)('refuses %s to a visitor, a member, a team admin, an owner and an outsider', async (fn, args) => {
    const anon = await cast.visitor.rpc(fn, args)
    expect(anon.error?.code).toBe('42501')
    for (const who of ['member', 'teamAdmin', 'owner', 'outsider'] as const) {
      const { error } = await cast[who].client.rpc(fn, args)
      expect(error?.code, `${fn} as ${who}`).toBe('42501')
    }
  })

  it('keeps the audit log from everyone but administrators', async () => {
    must(await cast.siteAdmin.client.rpc('admin_grant_credits', { p_team_id: cast.teamId, p_amount: 1, p_note: 'audit check' }), 'grant')
    expect((await cast.visitor.from('admin_audit_log').select('id')).error?.code).toBe('42501')
    for (const who of ['member', 'teamAdmin', 'owner', 'outsider'] as const) {
      const { data, error } = await cast[who].client.from('admin_audit_log').select('id')
      expect(error).toBeNull()
      expect(data, who).toEqual([])
    }
    expect((await listAudit(db(cast.siteAdmin.client))).length).toBeGreaterThan(0)
    const write = await cast.siteAdmin.client.from('admin_audit_log').insert({ action: 'user.fake' })
    expect(write.error?.code).toBe('42501')
  })

  it('lets an administrator read every team’s rows, and a member only their own', async () => {
    for (const table of ['teams', 'credit_ledger', 'team_members'] as const) {
      const column = table === 'teams' ? 'id' : 'team_id'
      const asAdmin = must(await cast.siteAdmin.client.from(table).select(column).in(column, [cast.teamId, cast.otherTeamId]), table)
      expect(new Set(asAdmin.map((r) => (r as Record<string, string>)[column]))).toEqual(new Set([cast.teamId, cast.otherTeamId]))
      const asMember = must(await cast.member.client.from(table).select(column).in(column, [cast.teamId, cast.otherTeamId]), table)
      expect(new Set(asMember.map((r) => (r as Record<string, string>)[column]))).toEqual(new Set([cast.teamId]))
    }
  })

  it('counts users, trials, teams and renders for the overview, with the newest sign-ups', async () => {
    const before = await getOverview(db(cast.siteAdmin.client))
    const trial = clientFor(cast.standIn)
    must(await trial.auth.signInAnonymously(), 'anonymous sign-in')
    const fresh = await signUp(cast.standIn, 'overview-fresh')
    const after = await getOverview(db(cast.siteAdmin.client))
    expect(after.users).toBe(before.users + 1)
    expect(after.trial_users).toBe(before.trial_users + 1)
    expect(after.teams).toBeGreaterThanOrEqual(2)
    expect(after.admins).toBe(1)
    expect(after.recent_signups[0].id).toBe(fresh.id)
    expect(after.recent_signups.map((s) => s.email)).not.toContain(null)
    expect(after.renders_today).toBeLessThanOrEqual(after.renders_7d)
    expect(after.feedback_new).toBeTypeOf('number')
  })

  describe('admin_list_users', () => {
    const people: { id: string; email: string }[] = []
    beforeAll(async () => {
      for (const name of ['Zoë 100% Sure', 'Anna_Underscore', 'anna plain', 'Bob Builder']) {
        const person = await signUp(cast.standIn, `list-${name.split(' ')[0].toLowerCase().replace(/[^a-z]/g, '')}`)
        must(await person.client.from('profiles').update({ full_name: name }).eq('id', person.id).select('id'), 'name')
        people.push(person)
      }
    })

    // everyone, trial visitors too, unless a test asks for another filter (the page's default is 'accounts')
    const list = (filter: Record<string, unknown>) => listUsers(db(cast.siteAdmin.client), { filter: 'all', ...filter })

    it('finds people by email or name, ignoring case and spaces around the search', async () => {
      const byName = await list({ q: '  ANNA ' })
      expect(byName.rows.map((r) => r.full_name).sort()).toEqual(['Anna_Underscore', 'anna plain'])
      expect(byName.total).toBe(2)
      const byEmail = await list({ q: people[3].email.toUpperCase() })
      expect(byEmail.rows.map((r) => r.id)).toEqual([people[3].id])
    })

    it('treats % and _ as letters, not wildcards', async () => {
      expect((await list({ q: '100%' })).rows.map((r) => r.full_name)).toEqual(['Zoë 100% Sure'])
      expect((await list({ q: 'anna_' })).rows.map((r) => r.full_name)).toEqual(['Anna_Underscore'])
      expect((await list({ q: '%' })).rows.map((r) => r.full_name)).toEqual(['Zoë 100% Sure'])
    })

    // Issue 26, item 10: trial visitors filled most of the first page; they are hidden by default now
    it('lists accounts without trial visitors by default, and everyone on request', async () => {
      const visitor = clientFor(cast.standIn, 'anon')
      expect((await visitor.auth.signInAnonymously()).error).toBeNull()
      const byDefault = await listUsers(db(cast.siteAdmin.client), {})
      const everyone = await list({ filter: 'all', perPage: 100 })
      const anonymous = everyone.rows.filter((r) => r.is_anonymous).length
      expect(anonymous).toBeGreaterThan(0)
      expect(byDefault.rows.some((r) => r.is_anonymous)).toBe(false)
      expect(byDefault.total).toBe(everyone.total - anonymous)
    })

    it('filters administrators, banned and anonymous accounts', async () => {
      expect((await list({ filter: 'admins' })).rows.map((r) => r.id)).toEqual([cast.siteAdmin.id])
      const banned = await signUp(cast.standIn, 'list-banned')
      expect((await cast.service.auth.admin.updateUserById(banned.id, { ban_duration: '24h' })).error).toBeNull()
      const bannedRows = (await list({ filter: 'banned' })).rows
      expect(bannedRows.map((r) => r.id)).toEqual([banned.id])
      expect(bannedRows[0].banned_until).not.toBeNull()
      const anonymous = (await list({ filter: 'anonymous' })).rows
      expect(anonymous.length).toBeGreaterThan(0)
      expect(anonymous.every((r) => r.is_anonymous && r.email === null)).toBe(true)
    })

    it('sorts by newest, oldest, name, email and last sign-in, and pages without overlaps', async () => {
      const all = await list({ perPage: 100 })
      const newest = all.rows.map((r) => r.created_at)
      expect([...newest].sort().reverse()).toEqual(newest)
      const oldest = (await list({ sort: 'oldest', perPage: 100 })).rows.map((r) => r.id)
      expect(oldest).toEqual([...all.rows.map((r) => r.id)].reverse())
      const names = (await list({ sort: 'name', perPage: 100 })).rows.map((r) => r.full_name)
      expect(names.filter((n) => n && people.length && /anna|bob|zoë/i.test(n))).toEqual(['anna plain', 'Anna_Underscore', 'Bob Builder', 'Zoë 100% Sure'])
      expect(names.indexOf(null)).toBeGreaterThan(names.indexOf('Zoë 100% Sure'))
      const emails = (await list({ sort: 'email', perPage: 100 })).rows.map((r) => r.email)
      const withEmail = emails.filter((e): e is string => e !== null)
      expect(withEmail).toEqual([...withEmail].sort())
      expect(emails.slice(withEmail.length).every((e) => e === null)).toBe(true)
      const signIns = (await list({ sort: 'last_sign_in', perPage: 100 })).rows.map((r) => r.last_sign_in_at)
      const signedIn = signIns.filter((s): s is string => s !== null)
      expect(signedIn).toEqual([...signedIn].sort().reverse())

      const seen: string[] = []
      for (let page = 1; page <= Math.ceil(all.total / 3); page++) {
        const { rows, total } = await list({ perPage: 3, page })
        expect(total).toBe(all.total)
        seen.push(...rows.map((r) => r.id))
      }
      expect(seen).toEqual(all.rows.map((r) => r.id))
      expect((await list({ perPage: 3, page: 1000 })).rows).toEqual([])
    })

    it('refuses unknown filters, sorts and page sizes in SQL too', async () => {
      for (const args of [{ p_filter: 'everyone' }, { p_sort: 'id; drop table profiles' }, { p_per_page: 500 }, { p_page: 0 }]) {
        const { error } = await cast.siteAdmin.client.rpc('admin_list_users', args)
        expect(error?.code, JSON.stringify(args)).toBe('P0001')
      }
    })
  })

  it('reads one person: auth facts, teams with role and balance, runs and the log about them', async () => {
    const detail = await getUserDetail(db(cast.siteAdmin.client), cast.owner.id)
    expect(detail).toMatchObject({ id: cast.owner.id, email: cast.owner.email, is_anonymous: false, providers: ['email'] })
    expect(detail!.last_sign_in_at).not.toBeNull()
    expect(detail!.email_confirmed_at).not.toBeNull()
    expect(detail!.teams).toEqual([expect.objectContaining({ id: cast.teamId, name: 'Harbour Realty', role: 'owner' })])
    expect(await getUserDetail(db(cast.siteAdmin.client), crypto.randomUUID())).toBeNull()
    expect(await listRecentRuns(db(cast.siteAdmin.client), { userId: cast.owner.id })).toEqual([])
    expect(await listAudit(db(cast.siteAdmin.client), { userId: cast.owner.id })).toEqual([])
  })
})
