'use server'

import { revalidatePath } from 'next/cache'
import { ActionError, userAction } from '@/lib/safe-action'
import { sendEmail } from '@/lib/email/send'
import { siteUrl } from '@/lib/env'
import { INVITATION_DAYS } from '@/lib/constants'
import { failWith } from '@/lib/teams/errors'
import {
  acceptInvitationSchema,
  changeMemberRoleSchema,
  createTeamSchema,
  declineInvitationSchema,
  deleteTeamSchema,
  inviteMemberSchema,
  leaveTeamSchema,
  removeMemberSchema,
  renameTeamSchema,
  revokeInvitationSchema,
} from '@/lib/teams/schema'

/*
 * Every write runs as the signed-in user: RLS and the SQL functions decide who may do what, and
 * their refusals come back as messages. Updates and deletes ask for the changed rows back, because
 * a write that RLS filters out is not an error in PostgREST: it simply changes nothing.
 */

function refreshTeam(teamId: string) {
  revalidatePath(`/dashboard/${teamId}`, 'layout')
}

export const createTeam = userAction(createTeamSchema, async ({ name }, { supabase }) => {
  const { data: teamId, error } = await supabase.rpc('create_team', { p_name: name })
  if (error) failWith(error)
  revalidatePath('/dashboard', 'layout')
  return { teamId: teamId as string }
})

export const renameTeam = userAction(renameTeamSchema, async ({ teamId, name }, { supabase }) => {
  const { data, error } = await supabase.from('teams').update({ name }).eq('id', teamId).select('id, name')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('Only owners and admins can rename the team.')
  refreshTeam(teamId)
  return { name: data[0].name }
})

export const inviteMember = userAction(inviteMemberSchema, async ({ teamId, email, role }, { supabase, user }) => {
  const { data: invitation, error } = await supabase
    .from('team_invitations')
    .insert({ team_id: teamId, email, role })
    .select('id, token')
    .single()
  if (error) failWith(error, 'Only owners can invite admins, and only owners and admins can invite people.')

  const [{ data: team }, { data: inviter }] = await Promise.all([
    supabase.from('teams').select('name').eq('id', teamId).single(),
    supabase.from('profiles').select('full_name').eq('id', user.id).single(),
  ])
  const teamName = team?.name ?? 'a team'
  const inviterName = inviter?.full_name || user.email || 'A teammate'
  const url = `${siteUrl()}/dashboard/create?invite=${invitation.token}`
  const subject = `${inviterName} invited you to ${teamName} on Listing Studio`
  const text = [
    `${inviterName} invited you to join ${teamName} on Listing Studio as ${role === 'admin' ? 'an admin' : 'a member'}.`,
    '',
    `Accept the invitation: ${url}`,
    '',
    `The link works for ${INVITATION_DAYS} days. Sign in or create an account with ${email} to accept it.`,
    'If you did not expect this email, you can ignore it.',
  ].join('\n')
  const html = `<p>${escapeHtml(inviterName)} invited you to join <strong>${escapeHtml(teamName)}</strong> on Listing Studio as ${role === 'admin' ? 'an admin' : 'a member'}.</p><p><a href="${url}">Accept the invitation</a></p><p>The link works for ${INVITATION_DAYS} days. Sign in or create an account with ${escapeHtml(email)} to accept it.</p>`

  let emailed = false
  try {
    emailed = (await sendEmail({ to: email, subject, text, html, links: [{ label: 'Accept the invitation', url }] })).delivered
  } catch (sendError) {
    // the invitation stands (it can be revoked and sent again); the person must know no email left
    console.error('[teams] invitation email failed', sendError)
    refreshTeam(teamId)
    throw new ActionError(`The invitation was saved, but the email to ${email} could not be sent. Revoke it and try again.`)
  }
  refreshTeam(teamId)
  return { email, emailed }
})

export const revokeInvitation = userAction(revokeInvitationSchema, async ({ teamId, invitationId }, { supabase }) => {
  const { data, error } = await supabase
    .from('team_invitations')
    .delete()
    .eq('id', invitationId)
    .eq('team_id', teamId)
    .select('email')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('That invitation was already used or withdrawn.')
  refreshTeam(teamId)
  return { email: data[0].email }
})

export const changeMemberRole = userAction(changeMemberRoleSchema, async ({ teamId, userId, role }, { supabase }) => {
  const { data, error } = await supabase
    .from('team_members')
    .update({ role })
    .eq('team_id', teamId)
    .eq('user_id', userId)
    .select('role')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('You cannot change this member’s role.')
  refreshTeam(teamId)
  return { role }
})

export const removeMember = userAction(removeMemberSchema, async ({ teamId, userId }, { supabase }) => {
  const { data, error } = await supabase
    .from('team_members')
    .delete()
    .eq('team_id', teamId)
    .eq('user_id', userId)
    .select('user_id')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('You cannot remove this member.')
  refreshTeam(teamId)
  return { userId }
})

export const acceptInvitation = userAction(acceptInvitationSchema, async ({ token }, { supabase }) => {
  const { data: teamId, error } = await supabase.rpc('accept_team_invitation', { p_token: token })
  if (error) failWith(error)
  revalidatePath('/dashboard', 'layout')
  return { teamId: teamId as string }
})

export const declineInvitation = userAction(declineInvitationSchema, async ({ invitationId }, { supabase }) => {
  const { data, error } = await supabase
    .from('team_invitations')
    .delete()
    .eq('id', invitationId)
    .is('accepted_at', null)
    .select('id')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('That invitation was already used or withdrawn.')
  revalidatePath('/dashboard/create')
  return { invitationId }
})

export const leaveTeam = userAction(leaveTeamSchema, async ({ teamId }, { supabase }) => {
  const { error } = await supabase.rpc('leave_team', { p_team_id: teamId })
  if (error) failWith(error)
  revalidatePath('/dashboard', 'layout')
  return { teamId }
})

export const deleteTeam = userAction(deleteTeamSchema, async ({ teamId, confirmName }, { supabase }) => {
  const { data: team, error: loadError } = await supabase.from('teams').select('name').eq('id', teamId).maybeSingle()
  if (loadError) failWith(loadError)
  if (!team) throw new ActionError('That team no longer exists.')
  if (team.name !== confirmName) {
    throw new ActionError('The name you typed does not match the team name.', {
      confirmName: `Type ${team.name} exactly to confirm.`,
    })
  }
  const { data, error } = await supabase.from('teams').delete().eq('id', teamId).select('id')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('Only an owner can delete the team.')
  revalidatePath('/dashboard', 'layout')
  return { teamId }
})

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
