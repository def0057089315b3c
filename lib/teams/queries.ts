import 'server-only'
import { cache } from 'react'
import { createClient } from '@/lib/supabase/server'
import type { TeamRole } from '@/lib/constants'
import { idSchema } from '@/lib/teams/schema'

/*
 * Reads go through the user's own session, so row-level security decides what exists for them.
 * Plain selects are merged in code rather than embedded, keeping each request one table wide.
 */

export type TeamSummary = { id: string; name: string; role: TeamRole }

export type TeamMember = {
  userId: string
  email: string | null
  fullName: string | null
  avatarPath: string | null
  role: TeamRole
  joinedAt: string
}

export type PendingInvitation = {
  id: string
  email: string
  role: 'admin' | 'member'
  token: string
  expiresAt: string
  createdAt: string
}

/** Every team the user belongs to, for the switcher and for /dashboard. */
export const listMyTeams = cache(async (userId: string): Promise<TeamSummary[]> => {
  const supabase = await createClient()
  const { data: memberships, error } = await supabase
    .from('team_members')
    .select('team_id, role')
    .eq('user_id', userId)
  if (error) throw new Error(`Could not load your teams: ${error.message}`)
  if (!memberships.length) return []
  const { data: teams, error: teamsError } = await supabase
    .from('teams')
    .select('id, name')
    .in('id', memberships.map((m) => m.team_id))
  if (teamsError) throw new Error(`Could not load your teams: ${teamsError.message}`)
  const names = new Map(teams.map((t) => [t.id, t.name]))
  return memberships
    .filter((m) => names.has(m.team_id))
    .map((m) => ({ id: m.team_id, name: names.get(m.team_id)!, role: m.role as TeamRole }))
    .sort((a, b) => a.name.localeCompare(b.name))
})

/** The team as this user sees it, or null when it is malformed, missing or not theirs. */
export const findTeamForUser = cache(async (teamId: string, userId: string) => {
  if (!idSchema.safeParse(teamId).success) return null
  const supabase = await createClient()
  const [{ data: team }, { data: membership }] = await Promise.all([
    supabase.from('teams').select('id, name, created_at').eq('id', teamId).maybeSingle(),
    supabase.from('team_members').select('role').eq('team_id', teamId).eq('user_id', userId).maybeSingle(),
  ])
  // Administrators can read every team, but the dashboard is for members: they use /admin instead.
  if (!team || !membership) return null
  return { id: team.id, name: team.name, createdAt: team.created_at, role: membership.role as TeamRole }
})

export async function listMembers(teamId: string): Promise<TeamMember[]> {
  const supabase = await createClient()
  const { data: rows, error } = await supabase
    .from('team_members')
    .select('user_id, role, created_at')
    .eq('team_id', teamId)
  if (error) throw new Error(`Could not load the members: ${error.message}`)
  const profiles = await profilesById(rows.map((r) => r.user_id))
  return rows
    .map((r) => {
      const profile = profiles.get(r.user_id)
      return {
        userId: r.user_id,
        email: profile?.email ?? null,
        fullName: profile?.full_name ?? null,
        avatarPath: profile?.avatar_path ?? null,
        role: r.role as TeamRole,
        joinedAt: r.created_at,
      }
    })
    .sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.joinedAt.localeCompare(b.joinedAt))
}

/** Teammates' profiles (RLS shows those who share a team with the user). */
export async function profilesById(ids: string[]) {
  if (!ids.length) return new Map<string, ProfileCard>()
  const supabase = await createClient()
  const { data, error } = await supabase
    .from('profiles')
    .select('id, email, full_name, avatar_path')
    .in('id', [...new Set(ids)])
  if (error) throw new Error(`Could not load the profiles: ${error.message}`)
  return new Map(data.map((p) => [p.id, p]))
}

export type ProfileCard = { id: string; email: string | null; full_name: string | null; avatar_path: string | null }

export async function listPendingInvitations(teamId: string): Promise<PendingInvitation[]> {
  const supabase = await createClient()
  const { data, error } = await supabase
    .from('team_invitations')
    .select('id, email, role, token, expires_at, created_at')
    .eq('team_id', teamId)
    .is('accepted_at', null)
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false })
  if (error) throw new Error(`Could not load the invitations: ${error.message}`)
  return data.map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role as 'admin' | 'member',
    token: i.token,
    expiresAt: i.expires_at,
    createdAt: i.created_at,
  }))
}

export type MyInvitation = {
  id: string
  token: string
  teamId: string
  teamName: string
  role: 'admin' | 'member'
  expiresAt: string
}

/**
 * Open invitations addressed to the user's email. RLS lets an invitee read their own invitation
 * rows and the name of the inviting team (teams_select_invited), nothing more.
 */
export async function listMyInvitations(email: string): Promise<MyInvitation[]> {
  const supabase = await createClient()
  const { data, error } = await supabase
    .from('team_invitations')
    .select('id, token, team_id, role, expires_at')
    .eq('email', email.toLowerCase())
    .is('accepted_at', null)
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false })
  if (error) throw new Error(`Could not load your invitations: ${error.message}`)
  if (!data.length) return []
  const { data: teams, error: teamsError } = await supabase
    .from('teams')
    .select('id, name')
    .in('id', data.map((i) => i.team_id))
  if (teamsError) throw new Error(`Could not load your invitations: ${teamsError.message}`)
  const names = new Map(teams.map((t) => [t.id, t.name]))
  return data.map((i) => ({
    id: i.id,
    token: i.token,
    teamId: i.team_id,
    teamName: names.get(i.team_id) ?? 'A team',
    role: i.role as 'admin' | 'member',
    expiresAt: i.expires_at,
  }))
}

export function roleRank(role: TeamRole): number {
  return role === 'owner' ? 0 : role === 'admin' ? 1 : 2
}
