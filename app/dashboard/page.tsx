import { redirect } from 'next/navigation'
import { requireUser } from '@/lib/auth/user'
import { getMyProfile } from '@/lib/profile/queries'
import { listMyTeams } from '@/lib/teams/queries'

/** The dashboard entry: back to the last team used, else any team, else team creation. */
export default async function DashboardEntry() {
  const user = await requireUser('/dashboard')
  const [teams, profile] = await Promise.all([listMyTeams(user.id), getMyProfile(user.id)])
  const last = teams.find((t) => t.id === profile?.lastTeamId) ?? teams[0]
  redirect(last ? `/dashboard/${last.id}` : '/dashboard/create')
}
