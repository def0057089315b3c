import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITATION_DAYS } from '../../../lib/constants.ts'
import { assembleCast, behind, everyone, must, signUp, type Cast, type Person } from './cast.ts'

// team_invitations: owners/team admins see, create and withdraw; the invitee sees, declines and accepts.
describe('team_invitations policies and accepting', () => {
  let cast: Cast
  let invitee: Person
  let inviteId: string
  let inviteToken: string
  beforeAll(async () => {
    cast = await assembleCast()
    invitee = await signUp(cast.standIn, 'invitee')
    const row = must(
      await cast.owner.client.from('team_invitations')
        .insert({ team_id: cast.teamId, email: invitee.email.toUpperCase(), role: 'member' })
        .select('id, token, email, role, invited_by, expires_at, accepted_at')
        .single(),
      'invite',
    ) as { id: string; token: string; email: string; role: string; invited_by: string; expires_at: string; accepted_at: null }
    inviteId = row.id
    inviteToken = row.token
    expect(row).toMatchObject({ email: invitee.email, role: 'member', invited_by: cast.owner.id, accepted_at: null })
    const days = (Date.parse(row.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(INVITATION_DAYS - 0.01)
    expect(days).toBeLessThan(INVITATION_DAYS + 0.01)
    expect(row.token).toMatch(/^[0-9a-f]{48}$/)
  })
  afterAll(() => cast?.standIn.stop())

  const invite = (by: Person, email: string, role: 'admin' | 'member' = 'member') =>
    by.client.from('team_invitations').insert({ team_id: cast.teamId, email, role }).select('id, token')

  describe('select', () => {
    it('refuses a visitor without a session', async () => {
      expect((await cast.visitor.from('team_invitations').select('id')).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'siteAdmin'] as const)("shows the team's invitations to the %s", async (who) => {
      const { data } = await cast[who].client.from('team_invitations').select('id').eq('team_id', cast.teamId)
      expect((data ?? []).map((r) => r.id)).toContain(inviteId)
    })

    it("shows a plain member only the invitation that brought them in, not the team's others", async () => {
      const { data, error } = await cast.member.client.from('team_invitations').select('email, accepted_at').eq('team_id', cast.teamId)
      expect(error).toBeNull()
      expect(data).toEqual([{ email: cast.member.email, accepted_at: expect.any(String) }])
    })

    it("hides the team's invitations from a member of another team", async () => {
      const { data, error } = await cast.outsider.client.from('team_invitations').select('id').eq('team_id', cast.teamId)
      expect(error).toBeNull()
      expect(data).toEqual([])
    })

    it('shows the invitee their own invitation and the name of the inviting team', async () => {
      const mine = await invitee.client.from('team_invitations').select('id, token')
      expect(mine.data).toEqual([{ id: inviteId, token: inviteToken }])
      const team = await invitee.client.from('teams').select('name')
      expect(team.data).toEqual([{ name: 'Harbour Realty' }])
    })
  })

  describe('insert', () => {
    it('lets the owner invite an admin and a team admin invite a member', async () => {
      expect((await invite(cast.owner, 'future.admin@example.test', 'admin')).error).toBeNull()
      expect((await invite(cast.teamAdmin, 'future.member@example.test')).error).toBeNull()
    })

    it('does not let a team admin invite another admin', async () => {
      const { error } = await invite(cast.teamAdmin, 'would.be.admin@example.test', 'admin')
      expect(error?.code).toBe('42501')
      expect(await behind(cast, 'team_invitations', { email: 'would.be.admin@example.test' })).toEqual([])
    })

    it.each(['member', 'outsider', 'siteAdmin'] as const)('does not let the %s invite anyone', async (who) => {
      const { error } = await invite(cast[who], `from.${who.toLowerCase()}@example.test`)
      expect(error?.code).toBe('42501')
      expect(error?.message).toBe('Only team owners and admins can invite people')
      expect(await behind(cast, 'team_invitations', { email: `from.${who.toLowerCase()}@example.test` })).toEqual([])
    })

    it('refuses a visitor', async () => {
      const { error } = await cast.visitor.from('team_invitations').insert({ team_id: cast.teamId, email: 'a@example.test' })
      expect(error?.code).toBe('42501')
    })

    it('refuses a second pending invitation, an existing member and a malformed email', async () => {
      expect((await invite(cast.owner, invitee.email)).error?.message).toBe(`An invitation to ${invitee.email} is already pending`)
      expect((await invite(cast.owner, cast.member.email)).error?.message).toBe(`${cast.member.email} is already a member of this team`)
      expect((await invite(cast.owner, 'not-an-email')).error?.message).toBe('Enter a valid email address')
    })

    it('refuses setting the token, the inviter or the expiry by hand', async () => {
      const { error } = await cast.owner.client.from('team_invitations')
        .insert({ team_id: cast.teamId, email: 'chosen@example.test', token: 'guessable' })
      expect(error?.code).toBe('42501')
    })
  })

  describe('update and delete', () => {
    it('refuses editing an invitation, for anyone', async () => {
      for (const [who, client] of [...everyone(cast), ['invitee', invitee.client] as const]) {
        const { error } = await client.from('team_invitations')
          .update({ expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString() }).eq('id', inviteId)
        expect(error?.code, who).toBe('42501')
      }
    })

    it.each(['member', 'outsider', 'siteAdmin'] as const)('does not let the %s withdraw an invitation', async (who) => {
      const { data } = await cast[who].client.from('team_invitations').delete().eq('id', inviteId).select('id')
      expect(data).toEqual([])
      expect(await behind(cast, 'team_invitations', { id: inviteId })).toHaveLength(1)
    })

    it('lets the owner withdraw an invitation and the invitee decline one', async () => {
      const withdrawn = must(await invite(cast.owner, 'withdrawn@example.test'), 'invite')[0]
      const del = await cast.owner.client.from('team_invitations').delete().eq('id', withdrawn.id).select('id')
      expect(del.data).toEqual([{ id: withdrawn.id }])

      const decliner = await signUp(cast.standIn, 'decliner')
      const declined = must(await invite(cast.teamAdmin, decliner.email), 'invite')[0]
      const dec = await decliner.client.from('team_invitations').delete().eq('id', declined.id).select('id')
      expect(dec.data).toEqual([{ id: declined.id }])
    })
  })

  describe('accept_team_invitation()', () => {
    it('refuses someone signed in with a different email', async () => {
      const { error } = await cast.outsider.client.rpc('accept_team_invitation', { p_token: inviteToken })
      expect(error?.message).toBe('This invitation was sent to a different email address')
      expect(await behind(cast, 'team_members', { team_id: cast.teamId, user_id: cast.outsider.id })).toEqual([])
    })

    it('refuses an unknown token and a visitor', async () => {
      const unknown = await invitee.client.rpc('accept_team_invitation', { p_token: 'f'.repeat(48) })
      expect(unknown.error?.message).toBe('This invitation does not exist or was withdrawn')
      const anon = await cast.visitor.rpc('accept_team_invitation', { p_token: inviteToken })
      expect(anon.error?.code).toBe('42501')
    })

    it('refuses an expired invitation', async () => {
      const late = await signUp(cast.standIn, 'late')
      const row = must(await invite(cast.owner, late.email), 'invite')[0]
      must(await cast.service.from('team_invitations')
        .update({ expires_at: new Date(Date.now() - 60_000).toISOString() }).eq('id', row.id).select('id'), 'expire')
      const { error } = await late.client.rpc('accept_team_invitation', { p_token: row.token })
      expect(error?.message).toBe('This invitation has expired; ask for a new one')
      expect(await behind(cast, 'team_members', { team_id: cast.teamId, user_id: late.id })).toEqual([])
      // an expired invitation does not block a fresh one
      expect((await invite(cast.owner, late.email)).error).toBeNull()
    })

    it('adds the invitee with the invited role, marks the invitation used and refuses it a second time', async () => {
      const { data, error } = await invitee.client.rpc('accept_team_invitation', { p_token: inviteToken })
      expect(error).toBeNull()
      expect(data).toBe(cast.teamId)
      const [membership] = await behind<{ role: string }>(cast, 'team_members', { team_id: cast.teamId, user_id: invitee.id })
      expect(membership.role).toBe('member')
      const [used] = await behind<{ accepted_at: string | null }>(cast, 'team_invitations', { id: inviteId })
      expect(used.accepted_at).not.toBeNull()
      const [profile] = await behind<{ last_team_id: string }>(cast, 'profiles', { id: invitee.id })
      expect(profile.last_team_id).toBe(cast.teamId)

      const again = await invitee.client.rpc('accept_team_invitation', { p_token: inviteToken })
      expect(again.error?.message).toBe('This invitation has already been used')
    })
  })
})
