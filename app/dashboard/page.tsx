import { redirect } from 'next/navigation'
import { adminStanding, requireUser } from '@/lib/auth/user'
import { getMyProfile } from '@/lib/profile/queries'
import { listMyTeams } from '@/lib/teams/queries'

/**
 * The dashboard entry: back to the last team used, else any team; with no team, a site administrator
 * goes to /admin (they sign in to administer, not to make videos) and everyone else to team creation.
 */
export default async function DashboardEntry() {
  const user = await requireUser('/dashboard')
  const [teams, profile] = await Promise.all([listMyTeams(user.id), getMyProfile(user.id)])
  const last = teams.find((t) => t.id === profile?.lastTeamId) ?? teams[0]
  if (last) redirect(`/dashboard/${last.id}`)
  // an administrator still to pass a second factor goes to /admin too, which asks for it
  redirect((await adminStanding()) !== 'none' ? '/admin' : '/dashboard/create')
}
