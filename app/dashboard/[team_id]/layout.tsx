import type { ReactNode } from 'react'
import { DashboardShell } from '@/components/dashboard/dashboard-shell'
import { ObservedTeam } from '@/components/observability/observed-team'
import { avatarUrl } from '@/lib/profile/avatar-url'
import { getMyProfile, rememberLastTeam } from '@/lib/profile/queries'
import { requireTeam } from '@/lib/teams/context'
import { listMyTeams } from '@/lib/teams/queries'

export default async function TeamLayout({ children, params }: { children: ReactNode; params: Promise<{ team_id: string }> }) {
  const { team_id } = await params
  const { user, team } = await requireTeam(team_id)
  const [teams, profile] = await Promise.all([listMyTeams(user.id), getMyProfile(user.id)])
  if (profile?.lastTeamId !== team.id) await rememberLastTeam(user.id, team.id)

  return (
    <DashboardShell
      teamId={team.id}
      teams={teams}
      user={{ id: user.id, name: profile?.fullName ?? null, email: user.email ?? '', avatarUrl: avatarUrl(profile?.avatarPath) }}
    >
      <ObservedTeam teamId={team.id} />
      {children}
    </DashboardShell>
  )
}
