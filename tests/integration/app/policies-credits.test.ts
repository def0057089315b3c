import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WELCOME_CREDITS } from '../../../lib/constants.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, behind, createTeam, everyone, must, signUp, type Cast } from './cast.ts'

// credit_ledger: members and site admins read; nobody writes except SQL functions; never below zero.
describe('credit_ledger policies and credit functions', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const balance = async (teamId = cast.teamId) =>
    must(await cast.service.rpc('team_credit_balance', { p_team_id: teamId }), 'balance') as number

  describe('create_team()', () => {
    it(`makes the creator owner and grants exactly ${WELCOME_CREDITS} welcome credits`, async () => {
      const founder = await signUp(cast.standIn, 'founder')
      const teamId = await createTeam(founder, '  Seaside Homes ')
      const [team] = await behind<{ name: string; created_by: string }>(cast, 'teams', { id: teamId })
      expect(team).toMatchObject({ name: 'Seaside Homes', created_by: founder.id })
      expect(await behind(cast, 'team_members', { team_id: teamId })).toEqual([
        expect.objectContaining({ user_id: founder.id, role: 'owner' }),
      ])
      expect(await behind(cast, 'credit_ledger', { team_id: teamId })).toEqual([
        expect.objectContaining({ delta: WELCOME_CREDITS, reason: 'welcome', created_by: founder.id }),
      ])
      const [profile] = await behind<{ last_team_id: string }>(cast, 'profiles', { id: founder.id })
      expect(profile.last_team_id).toBe(teamId)
      expect((await founder.client.rpc('team_credit_balance', { p_team_id: teamId })).data).toBe(WELCOME_CREDITS)
    })

    it('leaves nothing behind when it fails (one transaction)', async () => {
      const founder = await signUp(cast.standIn, 'failed-founder')
      const { error } = await founder.client.rpc('create_team', { p_name: 'x' })
      expect(error?.message).toBe('Team name must be between 2 and 60 characters')
      expect(await behind(cast, 'teams', { created_by: founder.id })).toEqual([])
      expect(await behind(cast, 'team_members', { user_id: founder.id })).toEqual([])
    })

    it('refuses an anonymous (trial) user and a visitor without a session', async () => {
      const trial = clientFor(cast.standIn, 'anon')
      const signedIn = await trial.auth.signInAnonymously()
      expect(signedIn.error).toBeNull()
      const { error } = await trial.rpc('create_team', { p_name: 'Trial Team' })
      expect(error?.message).toBe('Create an account to start a team')
      expect(await behind(cast, 'teams', { created_by: signedIn.data.user!.id })).toEqual([])

      const anon = await cast.visitor.rpc('create_team', { p_name: 'Visitor Team' })
      expect(anon.error?.code).toBe('42501')
      expect(await behind(cast, 'teams', { name: 'Visitor Team' })).toEqual([])
    })
  })

  describe('select', () => {
    it('refuses a visitor without a session', async () => {
      expect((await cast.visitor.from('credit_ledger').select('id')).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'member', 'siteAdmin'] as const)("shows the team's ledger to the %s", async (who) => {
      const { data, error } = await cast[who].client.from('credit_ledger').select('delta, reason').eq('team_id', cast.teamId)
      expect(error).toBeNull()
      expect(data).toEqual([{ delta: WELCOME_CREDITS, reason: 'welcome' }])
    })

    it('hides the ledger from a member of another team', async () => {
      const { data } = await cast.outsider.client.from('credit_ledger').select('id').eq('team_id', cast.teamId)
      expect(data).toEqual([])
    })
  })

  describe('writes', () => {
    it('refuses inserting, editing or deleting ledger rows through the API, for anyone', async () => {
      const row = { team_id: cast.teamId, delta: 100, reason: 'coupon' }
      for (const [who, client] of everyone(cast)) {
        expect((await client.from('credit_ledger').insert(row)).error?.code, who).toBe('42501')
        expect((await client.from('credit_ledger').update({ delta: 100 }).eq('team_id', cast.teamId)).error?.code, who).toBe('42501')
        expect((await client.from('credit_ledger').delete().eq('team_id', cast.teamId)).error?.code, who).toBe('42501')
      }
      expect(await balance()).toBe(WELCOME_CREDITS)
    })

    it('keeps the ledger append-only even for the service key', async () => {
      const { error } = await cast.service.from('credit_ledger').update({ delta: 50 }).eq('team_id', cast.teamId)
      expect(error?.message).toBe('The credit ledger is append-only; record a correcting entry instead')
    })

    it('never lets the balance go below zero', async () => {
      // a first team, so it has its welcome credits (the outsider's second team would have none)
      const spender = await signUp(cast.standIn, 'spender')
      const teamId = await createTeam(spender, 'Spender Realty')
      const over = await cast.service.from('credit_ledger')
        .insert({ team_id: teamId, delta: -(WELCOME_CREDITS + 1), reason: 'render' })
      expect(over.error?.message).toBe(`Not enough credits: the team has ${WELCOME_CREDITS} and this needs ${WELCOME_CREDITS + 1}`)
      expect(await balance(teamId)).toBe(WELCOME_CREDITS)
      const exact = await cast.service.from('credit_ledger').insert({ team_id: teamId, delta: -WELCOME_CREDITS, reason: 'render' })
      expect(exact.error).toBeNull()
      expect(await balance(teamId)).toBe(0)
    })
  })

  describe('team_credit_balance()', () => {
    it('gives members and site admins the balance, and 0 to anyone else', async () => {
      for (const who of ['owner', 'member', 'siteAdmin'] as const) {
        expect((await cast[who].client.rpc('team_credit_balance', { p_team_id: cast.teamId })).data).toBe(WELCOME_CREDITS)
      }
      expect((await cast.outsider.client.rpc('team_credit_balance', { p_team_id: cast.teamId })).data).toBe(0)
      expect((await cast.visitor.rpc('team_credit_balance', { p_team_id: cast.teamId })).error?.code).toBe('42501')
    })
  })

  describe('admin_grant_credits()', () => {
    it.each(['owner', 'member', 'outsider'] as const)('refuses the %s', async (who) => {
      const { error } = await cast[who].client.rpc('admin_grant_credits', { p_team_id: cast.teamId, p_amount: 50, p_note: 'me' })
      expect(error?.message).toBe('Only administrators can grant credits')
    })

    it('refuses a visitor', async () => {
      const { error } = await cast.visitor.rpc('admin_grant_credits', { p_team_id: cast.teamId, p_amount: 50 })
      expect(error?.code).toBe('42501')
      expect(await balance()).toBe(WELCOME_CREDITS)
    })

    it('lets a site administrator grant credits, recorded with a note, and returns the new balance', async () => {
      const { data, error } = await cast.siteAdmin.client.rpc('admin_grant_credits', {
        p_team_id: cast.teamId, p_amount: 20, p_note: ' Launch bonus ',
      })
      expect(error).toBeNull()
      expect(data).toBe(WELCOME_CREDITS + 20)
      const rows = await behind(cast, 'credit_ledger', { team_id: cast.teamId, reason: 'admin_grant' })
      expect(rows).toEqual([expect.objectContaining({ delta: 20, note: 'Launch bonus', created_by: cast.siteAdmin.id })])
    })

    it('refuses amounts outside 1..10000 and unknown teams', async () => {
      for (const amount of [0, -5, 10_001]) {
        const { error } = await cast.siteAdmin.client.rpc('admin_grant_credits', { p_team_id: cast.teamId, p_amount: amount })
        expect(error?.message).toBe('Grant between 1 and 10,000 credits')
      }
      const ghost = await cast.siteAdmin.client.rpc('admin_grant_credits', { p_team_id: crypto.randomUUID(), p_amount: 5 })
      expect(ghost.error?.message).toBe('That team does not exist')
    })
  })
})
