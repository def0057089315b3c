import type { Metadata } from 'next'
import { Building2, Clapperboard, Coins, Plus, UsersRound } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { StatCard } from '@/components/dashboard/stat-card'
import { ActivityFeed } from '@/components/teams/activity-feed'
import { RENDER_CREDIT_COST } from '@/lib/constants'
import { getCreditBalance } from '@/lib/credits/queries'
import { formatCredits } from '@/lib/credits/labels'
import { getMyProfile } from '@/lib/profile/queries'
import { recentActivity } from '@/lib/teams/activity'
import { requireTeam } from '@/lib/teams/context'
import { listMembers } from '@/lib/teams/queries'

export const metadata: Metadata = { title: 'Team home' }

function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0]
  return first ? `Welcome back, ${first}` : 'Welcome back'
}

export default async function TeamHomePage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team_id } = await params
  const { user, team } = await requireTeam(team_id)
  const base = `/dashboard/${team.id}`
  const [balance, members, activity, profile] = await Promise.all([
    getCreditBalance(team.id),
    listMembers(team.id),
    recentActivity(team.id),
    getMyProfile(user.id),
  ])
  const renders = Math.floor(balance / RENDER_CREDIT_COST)

  return (
    <>
      <PageHeader
        eyebrow={team.name}
        title={greeting(profile?.fullName ?? null)}
        description="Turn a listing into a branded, narrated video — register the property, pick a template, render."
        actions={
          <ButtonLink href={`${base}/props/register`}>
            <Plus aria-hidden /> Register a property
          </ButtonLink>
        }
      />

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Credits"
          value={<span data-testid="credit-balance">{balance}</span>}
          icon={<Coins />}
          hint={`Enough for ${renders} ${renders === 1 ? 'render' : 'renders'} · ${formatCredits(RENDER_CREDIT_COST)} each`}
          href={`${base}/account#credits`}
          linkLabel="Credit history"
        />
        <StatCard
          label="Team members"
          value={members.length}
          icon={<UsersRound />}
          hint={members.length === 1 ? 'Just you so far' : `${members.filter((m) => m.role !== 'member').length} can manage the team`}
          href={`${base}/account#members`}
          linkLabel="Invite teammates"
        />
        <StatCard
          label="Your role"
          value={<span className="capitalize">{team.role}</span>}
          icon={<Building2 />}
          hint={team.role === 'member' ? 'You can create listings and videos' : 'You can manage members and billing'}
          href={`${base}/profile`}
          linkLabel="Your profile"
        />
      </div>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="videos-title" className="space-y-3">
          <h2 id="videos-title" className="text-base font-semibold text-ink">
            Listings and videos
          </h2>
          <EmptyState
            icon={<Clapperboard />}
            title="No properties yet"
            description="Register a property with its photos and facts, then turn it into a video your team can share. Your listings and their videos will be counted here."
            action={
              <ButtonLink href={`${base}/props/register`}>
                <Plus aria-hidden /> Register a property
              </ButtonLink>
            }
          />
        </section>

        <Card>
          <CardHeader>
            <CardTitle>Recent activity</CardTitle>
          </CardHeader>
          <CardBody>
            <ActivityFeed items={activity} />
          </CardBody>
        </Card>
      </div>
    </>
  )
}
