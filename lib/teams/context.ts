import 'server-only'
import { cache } from 'react'
import { notFound } from 'next/navigation'
import { requireUser } from '@/lib/auth/user'
import { setMonitoringTeam } from '@/lib/monitoring/scope'
import { findTeamForUser } from '@/lib/teams/queries'

/**
 * The signed-in user and the team of a /dashboard/[team_id] route. A malformed id, a team that
 * does not exist and a team the user is not in all look the same: not found. Visitors are first
 * redirected by proxy.ts with their exact path; the team root here is only the fallback `next`.
 * Called by the layout and by each page (pages render in parallel with layouts); cached per request.
 */
export const requireTeam = cache(async (teamId: string) => {
  const user = await requireUser(`/dashboard/${encodeURIComponent(teamId)}`)
  const team = await findTeamForUser(teamId, user.id)
  if (!team) notFound()
  setMonitoringTeam(team.id)
  return { user, team, canManage: team.role === 'owner' || team.role === 'admin' }
})

export type TeamContext = Awaited<ReturnType<typeof requireTeam>>
