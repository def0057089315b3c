import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../supabase/local/jwt.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'
import { assembleCast, behind, must, type Cast, type Person } from './cast.ts'

// Issue 11 (high): a session that merely claims an address must not see or take the invitation
// sent to it. Proof is the emailed token, or an address confirmed by following a link.
describe('joining a team needs proof of the invited address', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  /** A session for an account whose address is not confirmed (as any gap in sign-up would give). */
  async function unconfirmedClaimant(email: string): Promise<Person> {
    const created = await cast.service.auth.admin.createUser({ email, password: 'correct-horse-9', email_confirm: false })
    if (created.error || !created.data.user) throw new Error(`create unconfirmed user: ${created.error?.message}`)
    const id = created.data.user.id
    const token = await signJwt(cast.standIn.config, {
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      is_anonymous: false,
      exp: Math.floor(Date.now() / 1000) + 600,
    })
    const client = clientFor(cast.standIn, 'anon', { global: { headers: { Authorization: `Bearer ${token}` } } })
    return { client, id, email }
  }

  async function invite(email: string): Promise<{ id: string; token: string }> {
    return must(
      await cast.owner.client.from('team_invitations').insert({ team_id: cast.teamId, email, role: 'member' }).select('id, token').single(),
      'invite',
    ) as { id: string; token: string }
  }

  it('hides the invitation, its token and the team from an unconfirmed account with the invited address', async () => {
    const victim = uniqueEmail('victim')
    const invitation = await invite(victim)
    const claimant = await unconfirmedClaimant(victim)

    const rows = await claimant.client.from('team_invitations').select('id, token')
    expect(rows.error).toBeNull()
    expect(rows.data).toEqual([])
    const team = await claimant.client.from('teams').select('id').eq('id', cast.teamId)
    expect(team.data).toEqual([])
    // nor can it decline (delete) the invitation meant for the real owner of the address
    const declined = await claimant.client.from('team_invitations').delete().eq('id', invitation.id).select('id')
    expect(declined.data).toEqual([])
    expect(await behind(cast, 'team_invitations', { id: invitation.id })).toHaveLength(1)
  })

  it('refuses an anonymous session that adds the invited address, even holding the token', async () => {
    const victim = uniqueEmail('anon-victim')
    const invitation = await invite(victim)
    const anon = clientFor(cast.standIn)
    must(await anon.auth.signInAnonymously(), 'anonymous sign-in')
    const accepted = await anon.rpc('accept_team_invitation', { p_token: invitation.token })
    expect(accepted.error?.message).toBe('Create an account with the invited email address to accept')
    expect(await behind(cast, 'team_members', { team_id: cast.teamId, user_id: (await anon.auth.getUser()).data.user!.id })).toEqual([])
  })

  it('lets the holder of the emailed token join with the invited address, and nobody with another address', async () => {
    const invited = uniqueEmail('token-holder')
    const invitation = await invite(invited)
    const wrong = await cast.outsider.client.rpc('accept_team_invitation', { p_token: invitation.token })
    expect(wrong.error?.message).toBe('This invitation was sent to a different email address')

    const holder = await unconfirmedClaimant(invited)
    must(await holder.client.rpc('accept_team_invitation', { p_token: invitation.token }), 'accept with token')
    expect(await behind(cast, 'team_members', { team_id: cast.teamId, user_id: holder.id })).toHaveLength(1)
  })

  it('refuses a malformed token without looking it up', async () => {
    for (const token of ['', ' ', "' or 1=1 --", 'x'.repeat(5000), '0'.repeat(47)]) {
      const { error } = await cast.outsider.client.rpc('accept_team_invitation', { p_token: token })
      expect(error?.message).toBe('This invitation does not exist or was withdrawn')
    }
  })

  it('shows a confirmed invitee their invitation (with the token to accept it) and lets them decline', async () => {
    const invited = uniqueEmail('confirmed')
    const invitation = await invite(invited)
    const person = clientFor(cast.standIn)
    must(await person.auth.signUp({ email: invited, password: 'correct-horse-9' }), 'sign up (autoconfirm)')
    const rows = must(await person.from('team_invitations').select('id, token'), 'read own invitation')
    expect(rows).toEqual([{ id: invitation.id, token: invitation.token }])
    const declined = must(await person.from('team_invitations').delete().eq('id', invitation.id).select('id'), 'decline')
    expect(declined).toEqual([{ id: invitation.id }])
  })
})
