import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCast, behind, createTeam, join, must, newTeammate, passSecondFactor, signUp, type Cast } from './cast.ts'

describe('leave_team(), set_user_admin() and is_admin()', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  describe('leave_team()', () => {
    it('lets a member leave and forgets the team as their last one', async () => {
      const mate = await newTeammate(cast, 'member')
      const { error } = await mate.client.rpc('leave_team', { p_team_id: cast.teamId })
      expect(error).toBeNull()
      expect(await behind(cast, 'team_members', { team_id: cast.teamId, user_id: mate.id })).toEqual([])
      const [profile] = await behind<{ last_team_id: string | null }>(cast, 'profiles', { id: mate.id })
      expect(profile.last_team_id).toBeNull()
      expect((await mate.client.from('teams').select('id').eq('id', cast.teamId)).data).toEqual([])
    })

    it('refuses the last owner with a message the UI can show', async () => {
      const { error } = await cast.owner.client.rpc('leave_team', { p_team_id: cast.teamId })
      expect(error?.code).toBe('P0001')
      expect(error?.message).toBe('A team needs at least one owner. Make someone else an owner first, or delete the team.')
      expect(await behind(cast, 'team_members', { team_id: cast.teamId, user_id: cast.owner.id })).toHaveLength(1)
    })

    it('refuses someone who is not in the team, and a visitor', async () => {
      const { error } = await cast.outsider.client.rpc('leave_team', { p_team_id: cast.teamId })
      expect(error?.message).toBe('You are not a member of this team')
      expect((await cast.visitor.rpc('leave_team', { p_team_id: cast.teamId })).error?.code).toBe('42501')
    })

    it('lets an owner leave when another owner remains', async () => {
      const founder = await signUp(cast.standIn, 'co-founder')
      const teamId = await createTeam(founder, 'Co-owned Realty')
      const partner = await signUp(cast.standIn, 'co-partner')
      await join(founder, partner, teamId, 'admin')
      must(
        await founder.client.from('team_members').update({ role: 'owner' })
          .match({ team_id: teamId, user_id: partner.id }).select('role'),
        'promote partner',
      )
      expect((await founder.client.rpc('leave_team', { p_team_id: teamId })).error).toBeNull()
      expect(await behind(cast, 'team_members', { team_id: teamId })).toEqual([
        expect.objectContaining({ user_id: partner.id, role: 'owner' }),
      ])
    })
  })

  describe('is_admin() and set_user_admin()', () => {
    it('tells each user whether they are a site administrator', async () => {
      expect((await cast.siteAdmin.client.rpc('is_admin')).data).toBe(true)
      expect((await cast.owner.client.rpc('is_admin')).data).toBe(false)
      expect((await cast.visitor.rpc('is_admin')).error?.code).toBe('42501')
    })

    it.each(['owner', 'member'] as const)('refuses the %s making anyone an administrator, themselves included', async (who) => {
      for (const target of [cast[who].id, cast.outsider.id]) {
        const { error } = await cast[who].client.rpc('set_user_admin', { p_user_id: target, p_is_admin: true })
        expect(error?.message).toBe('Only administrators can change who is an administrator')
      }
      const [row] = await behind<{ is_admin: boolean }>(cast, 'profiles', { id: cast[who].id })
      expect(row.is_admin).toBe(false)
    })

    it('lets a site administrator make and unmake another administrator', async () => {
      const made = await cast.siteAdmin.client.rpc('set_user_admin', { p_user_id: cast.outsider.id, p_is_admin: true })
      expect(made.error).toBeNull()
      // an administrator now, acting once their session passes a second factor
      expect((await cast.outsider.client.rpc('admin_standing')).data).toBe('second_factor')
      await passSecondFactor(cast.outsider.client)
      expect((await cast.outsider.client.rpc('is_admin')).data).toBe(true)
      const unmade = await cast.siteAdmin.client.rpc('set_user_admin', { p_user_id: cast.outsider.id, p_is_admin: false })
      expect(unmade.error).toBeNull()
      expect((await cast.outsider.client.rpc('is_admin')).data).toBe(false)
    })

    it('does not let an administrator change their own flag, nor name an unknown user', async () => {
      const self = await cast.siteAdmin.client.rpc('set_user_admin', { p_user_id: cast.siteAdmin.id, p_is_admin: false })
      expect(self.error?.message).toBe('You cannot change your own administrator status')
      expect((await cast.siteAdmin.client.rpc('is_admin')).data).toBe(true)
      const ghost = await cast.siteAdmin.client.rpc('set_user_admin', { p_user_id: crypto.randomUUID(), p_is_admin: true })
      expect(ghost.error?.message).toBe('No such user')
    })

    it('refuses a visitor', async () => {
      const { error } = await cast.visitor.rpc('set_user_admin', { p_user_id: cast.member.id, p_is_admin: true })
      expect(error?.code).toBe('42501')
    })
  })
})
