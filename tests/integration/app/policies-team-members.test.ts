import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCast, behind, createTeam, everyone, join, must, newTeammate, signUp, type Cast } from './cast.ts'

// team_members: select members/admins; role changes by owner (team admins only move members);
// removal by owner, by team admin for members, or by yourself; a team always keeps an owner.
describe('team_members policies', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const LAST_OWNER = 'A team needs at least one owner. Make someone else an owner first, or delete the team.'
  const roleOf = async (userId: string, teamId = cast.teamId) =>
    (await behind<{ role: string }>(cast, 'team_members', { team_id: teamId, user_id: userId }))[0]?.role

  describe('select', () => {
    it('refuses a visitor without a session', async () => {
      expect((await cast.visitor.from('team_members').select('user_id')).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'member'] as const)('shows the %s every member of the team with roles', async (who) => {
      const { data, error } = await cast[who].client
        .from('team_members')
        .select('user_id, role')
        .eq('team_id', cast.teamId)
        .order('role')
      expect(error).toBeNull()
      expect(data).toEqual([
        { user_id: cast.teamAdmin.id, role: 'admin' },
        { user_id: cast.member.id, role: 'member' },
        { user_id: cast.owner.id, role: 'owner' },
      ])
    })

    it('hides the roster from a member of another team', async () => {
      const { data } = await cast.outsider.client.from('team_members').select('user_id').eq('team_id', cast.teamId)
      expect(data).toEqual([])
    })

    it('shows a site administrator every membership', async () => {
      const { data } = await cast.siteAdmin.client.from('team_members').select('team_id')
      expect(new Set((data ?? []).map((m) => m.team_id))).toEqual(new Set([cast.teamId, cast.otherTeamId]))
    })
  })

  describe('insert', () => {
    it('refuses adding a membership directly, for anyone (invitations are the way in)', async () => {
      const row = { team_id: cast.teamId, user_id: cast.outsider.id, role: 'member' }
      for (const [who, client] of everyone(cast)) {
        expect((await client.from('team_members').insert(row)).error?.code, who).toBe('42501')
      }
      expect(await roleOf(cast.outsider.id)).toBeUndefined()
    })
  })

  describe('update role', () => {
    it('lets the owner promote and demote', async () => {
      const mate = await newTeammate(cast, 'member')
      const up = await cast.owner.client.from('team_members').update({ role: 'admin' })
        .match({ team_id: cast.teamId, user_id: mate.id }).select('role')
      expect(up.data).toEqual([{ role: 'admin' }])
      const down = await cast.owner.client.from('team_members').update({ role: 'member' })
        .match({ team_id: cast.teamId, user_id: mate.id }).select('role')
      expect(down.data).toEqual([{ role: 'member' }])
    })

    it('lets a team admin promote a member to admin, but not to owner', async () => {
      const mate = await newTeammate(cast, 'member')
      const toOwner = await cast.teamAdmin.client.from('team_members').update({ role: 'owner' })
        .match({ team_id: cast.teamId, user_id: mate.id })
      expect(toOwner.error?.code).toBe('42501')
      expect(await roleOf(mate.id)).toBe('member')
      const toAdmin = await cast.teamAdmin.client.from('team_members').update({ role: 'admin' })
        .match({ team_id: cast.teamId, user_id: mate.id }).select('role')
      expect(toAdmin.data).toEqual([{ role: 'admin' }])
    })

    it('does not let a team admin change the owner or another admin', async () => {
      const otherAdmin = await newTeammate(cast, 'admin')
      for (const target of [cast.owner.id, otherAdmin.id]) {
        const { data, error } = await cast.teamAdmin.client.from('team_members').update({ role: 'member' })
          .match({ team_id: cast.teamId, user_id: target }).select('role')
        expect(error).toBeNull()
        expect(data).toEqual([])
      }
      expect(await roleOf(cast.owner.id)).toBe('owner')
      expect(await roleOf(otherAdmin.id)).toBe('admin')
    })

    it.each(['member', 'outsider', 'siteAdmin'] as const)('does not let the %s change roles', async (who) => {
      const { data } = await cast[who].client.from('team_members').update({ role: 'owner' })
        .match({ team_id: cast.teamId, user_id: cast.member.id }).select('role')
      expect(data).toEqual([])
      expect(await roleOf(cast.member.id)).toBe('member')
    })

    it('refuses a visitor, and refuses moving a membership to another team or user', async () => {
      const anon = await cast.visitor.from('team_members').update({ role: 'owner' }).eq('user_id', cast.member.id)
      expect(anon.error?.code).toBe('42501')
      const move = await cast.owner.client.from('team_members').update({ team_id: cast.otherTeamId })
        .match({ team_id: cast.teamId, user_id: cast.member.id })
      expect(move.error?.code).toBe('42501')
    })

    it('refuses demoting the last owner', async () => {
      const { error } = await cast.owner.client.from('team_members').update({ role: 'admin' })
        .match({ team_id: cast.teamId, user_id: cast.owner.id })
      expect(error?.message).toBe(LAST_OWNER)
      expect(await roleOf(cast.owner.id)).toBe('owner')
    })
  })

  describe('delete', () => {
    it('lets a member leave by deleting their own row', async () => {
      const mate = await newTeammate(cast, 'member')
      const { data } = await mate.client.from('team_members').delete()
        .match({ team_id: cast.teamId, user_id: mate.id }).select('user_id')
      expect(data).toEqual([{ user_id: mate.id }])
    })

    it('lets a team admin remove a member but not another admin or the owner', async () => {
      const mate = await newTeammate(cast, 'member')
      const otherAdmin = await newTeammate(cast, 'admin')
      const removed = await cast.teamAdmin.client.from('team_members').delete()
        .match({ team_id: cast.teamId, user_id: mate.id }).select('user_id')
      expect(removed.data).toEqual([{ user_id: mate.id }])
      for (const target of [otherAdmin.id, cast.owner.id]) {
        const kept = await cast.teamAdmin.client.from('team_members').delete()
          .match({ team_id: cast.teamId, user_id: target }).select('user_id')
        expect(kept.data).toEqual([])
      }
      expect(await roleOf(otherAdmin.id)).toBe('admin')
    })

    it('lets a removed member keep editing their profile, with the team no longer their last one', async () => {
      const mate = await newTeammate(cast, 'member')
      must(await cast.owner.client.from('team_members').delete()
        .match({ team_id: cast.teamId, user_id: mate.id }).select('user_id'), 'remove')
      const { data, error } = await mate.client.from('profiles').update({ full_name: 'Former Mate' })
        .eq('id', mate.id).select('full_name, last_team_id')
      expect(error).toBeNull()
      expect(data).toEqual([{ full_name: 'Former Mate', last_team_id: null }])
    })

    it('lets the owner remove an admin', async () => {
      const otherAdmin = await newTeammate(cast, 'admin')
      const { data } = await cast.owner.client.from('team_members').delete()
        .match({ team_id: cast.teamId, user_id: otherAdmin.id }).select('user_id')
      expect(data).toEqual([{ user_id: otherAdmin.id }])
    })

    it.each(['member', 'outsider', 'siteAdmin'] as const)('does not let the %s remove someone else', async (who) => {
      const { data } = await cast[who].client.from('team_members').delete()
        .match({ team_id: cast.teamId, user_id: cast.teamAdmin.id }).select('user_id')
      expect(data).toEqual([])
      expect(await roleOf(cast.teamAdmin.id)).toBe('admin')
    })

    it('refuses a visitor', async () => {
      expect((await cast.visitor.from('team_members').delete().eq('user_id', cast.member.id)).error?.code).toBe('42501')
    })

    it('refuses removing the last owner, and allows it once there is a second owner', async () => {
      const founder = await signUp(cast.standIn, 'founder')
      const teamId = await createTeam(founder, 'Two Owners Realty')
      const alone = await founder.client.from('team_members').delete().match({ team_id: teamId, user_id: founder.id })
      expect(alone.error?.message).toBe(LAST_OWNER)
      expect(await roleOf(founder.id, teamId)).toBe('owner')

      const partner = await signUp(cast.standIn, 'partner')
      await join(founder, partner, teamId, 'admin')
      const promoted = await founder.client.from('team_members').update({ role: 'owner' })
        .match({ team_id: teamId, user_id: partner.id }).select('role')
      expect(promoted.data).toEqual([{ role: 'owner' }])
      const left = await founder.client.from('team_members').delete()
        .match({ team_id: teamId, user_id: founder.id }).select('user_id')
      expect(left.data).toEqual([{ user_id: founder.id }])
      expect(await roleOf(partner.id, teamId)).toBe('owner')
    })
  })
})
