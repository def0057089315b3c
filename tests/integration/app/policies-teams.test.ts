import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEAM_NAME } from '../../../lib/constants.ts'
import { assembleCast, behind, createTeam, everyone, must, type Cast } from './cast.ts'

// teams: select members/admins; update name owner+team admin; delete owner; insert only via create_team().
describe('teams policies', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const teamName = async () => (await behind<{ name: string }>(cast, 'teams', { id: cast.teamId }))[0].name

  describe('select', () => {
    it('refuses a visitor without a session', async () => {
      const { data, error } = await cast.visitor.from('teams').select('id')
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    })

    it.each(['owner', 'teamAdmin', 'member'] as const)('shows the team to its %s', async (who) => {
      const { data, error } = await cast[who].client.from('teams').select('id, name')
      expect(error).toBeNull()
      expect(data).toEqual([{ id: cast.teamId, name: 'Harbour Realty' }])
    })

    it('hides the team from a member of another team, who sees only their own', async () => {
      const { data } = await cast.outsider.client.from('teams').select('id').eq('id', cast.teamId)
      expect(data).toEqual([])
      const own = await cast.outsider.client.from('teams').select('id')
      expect(own.data).toEqual([{ id: cast.otherTeamId }])
    })

    it('shows a site administrator every team', async () => {
      const { data } = await cast.siteAdmin.client.from('teams').select('id')
      expect((data ?? []).map((t) => t.id)).toEqual(expect.arrayContaining([cast.teamId, cast.otherTeamId]))
    })
  })

  describe('insert', () => {
    it('refuses inserting a team directly, for anyone; create_team() is the only way', async () => {
      for (const [who, client] of everyone(cast)) {
        const { error } = await client.from('teams').insert({ name: 'Sneaky Team' })
        expect(error?.code, who).toBe('42501')
      }
      expect(await behind(cast, 'teams', { name: 'Sneaky Team' })).toEqual([])
    })
  })

  describe('update', () => {
    it('lets the owner rename the team (trimmed)', async () => {
      const { data, error } = await cast.owner.client
        .from('teams')
        .update({ name: '  Harbour Realty Group  ' })
        .eq('id', cast.teamId)
        .select('name')
      expect(error).toBeNull()
      expect(data).toEqual([{ name: 'Harbour Realty Group' }])
    })

    it('lets a team admin rename the team', async () => {
      const { data } = await cast.teamAdmin.client
        .from('teams')
        .update({ name: 'Harbour Realty' })
        .eq('id', cast.teamId)
        .select('name')
      expect(data).toEqual([{ name: 'Harbour Realty' }])
    })

    it(`refuses a name shorter than ${TEAM_NAME.min} or longer than ${TEAM_NAME.max} characters with a readable message`, async () => {
      const longest = 'x'.repeat(TEAM_NAME.max)
      const ok = await cast.owner.client.from('teams').update({ name: longest }).eq('id', cast.teamId).select('name')
      expect(ok.data).toEqual([{ name: longest }])
      for (const name of ['x'.repeat(TEAM_NAME.min - 1), ` ${'x'.repeat(TEAM_NAME.min - 1)} `, 'x'.repeat(TEAM_NAME.max + 1)]) {
        const { error } = await cast.owner.client.from('teams').update({ name }).eq('id', cast.teamId)
        expect(error?.message).toBe('Team name must be between 2 and 60 characters')
      }
      expect(await teamName()).toBe(longest)
      must(await cast.owner.client.from('teams').update({ name: 'Harbour Realty' }).eq('id', cast.teamId).select('id'), 'restore name')
    })

    it.each(['member', 'outsider', 'siteAdmin'] as const)('does not let the %s rename the team', async (who) => {
      const { data, error } = await cast[who].client
        .from('teams')
        .update({ name: 'Renamed' })
        .eq('id', cast.teamId)
        .select('id')
      expect(error).toBeNull()
      expect(data).toEqual([])
      expect(await teamName()).toBe('Harbour Realty')
    })

    it('refuses a visitor, and refuses changing anything but the name', async () => {
      expect((await cast.visitor.from('teams').update({ name: 'Anon' }).eq('id', cast.teamId)).error?.code).toBe('42501')
      const creator = await cast.owner.client.from('teams').update({ created_by: cast.member.id }).eq('id', cast.teamId)
      expect(creator.error?.code).toBe('42501')
    })
  })

  describe('delete', () => {
    it.each(['teamAdmin', 'member', 'outsider', 'siteAdmin'] as const)('does not let the %s delete the team', async (who) => {
      const { data, error } = await cast[who].client.from('teams').delete().eq('id', cast.teamId).select('id')
      expect(error).toBeNull()
      expect(data).toEqual([])
      expect(await behind(cast, 'teams', { id: cast.teamId })).toHaveLength(1)
    })

    it('refuses a visitor', async () => {
      expect((await cast.visitor.from('teams').delete().eq('id', cast.teamId)).error?.code).toBe('42501')
    })

    it('lets the owner delete a team, taking members, invitations and credits with it', async () => {
      const doomed = await createTeam(cast.owner, 'Short-lived Team')
      const invite = await cast.owner.client.from('team_invitations').insert({ team_id: doomed, email: 'later@example.test' })
      expect(invite.error).toBeNull()
      const { data, error } = await cast.owner.client.from('teams').delete().eq('id', doomed).select('id')
      expect(error).toBeNull()
      expect(data).toEqual([{ id: doomed }])
      for (const table of ['team_members', 'team_invitations', 'credit_ledger']) {
        expect(await behind(cast, table, { team_id: doomed })).toEqual([])
      }
      const [profile] = await behind<{ last_team_id: string | null }>(cast, 'profiles', { id: cast.owner.id })
      expect(profile.last_team_id).not.toBe(doomed)
    })
  })
})
