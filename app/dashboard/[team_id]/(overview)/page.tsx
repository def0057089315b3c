import type { Metadata } from 'next'
import Link from 'next/link'
import { ArrowRight, Building2, Clapperboard, Coins, Plus, UsersRound } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { StatCard } from '@/components/dashboard/stat-card'
import { ActivityFeed } from '@/components/teams/activity-feed'
import { formatAddress } from '@/components/listings/format'
import { VideoList } from '@/components/videos/video-list'
import { RENDER_CREDIT_COST } from '@/lib/constants'
import { getCreditBalance } from '@/lib/credits/queries'
import { listListings } from '@/lib/listings/queries'
import { formatCredits } from '@/lib/credits/labels'
import { getMyProfile } from '@/lib/profile/queries'
import { recentActivity } from '@/lib/teams/activity'
import { requireTeam } from '@/lib/teams/context'
import { listMembers } from '@/lib/teams/queries'
import { getRecentVideos } from '@/lib/videos/queries'
import { getRecentRuns } from '@/lib/render/queries'
import { RecentRenders } from '@/components/videos/recent-renders'
import { TrialImportCard } from '@/components/try/trial-import'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { trialToImport } from '@/lib/trials/offer'

export const metadata: Metadata = { title: 'Team home' }

function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0]
  return first ? `Welcome back, ${first}` : 'Welcome back'
}

export default async function TeamHomePage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team_id } = await params
  const { user, team } = await requireTeam(team_id)
  const base = `/dashboard/${team.id}`
  const [balance, members, activity, profile, videos, listings, runs, trial] = await Promise.all([
    getCreditBalance(team.id),
    listMembers(team.id),
    recentActivity(team.id),
    getMyProfile(user.id),
    getRecentVideos(team.id, 5),
    listListings(team.id, { pageSize: 3 }),
    getRecentRuns(team.id),
    // a trial the person made before signing up and has not brought into a team yet
    createClient().then((db) => trialToImport(db as unknown as Db, user.id)),
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

      {trial ? <TrialImportCard trial={trial} teamId={team.id} teamName={team.name} /> : null}

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
        <section aria-labelledby="videos-title" className="min-w-0 space-y-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="videos-title" className="text-base font-semibold text-ink">
              Recent videos
            </h2>
            {listings.total ? (
              <Link href={`${base}/props`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
                {listings.total === 1 ? 'Your property' : `All ${listings.total} properties`} <ArrowRight aria-hidden className="size-3.5" />
              </Link>
            ) : null}
          </div>
          {videos.length ? (
            <VideoList
              label="Recent videos"
              rows={videos.map((v) => ({
                id: v.id,
                href: `${base}/props/${v.listing_id}/${v.id}`,
                title: v.title,
                template: v.template,
                format: v.format,
                status: v.status,
                seconds: v.seconds,
                updatedAt: v.updated_at,
                thumbUrl: v.thumb_url,
                listingTitle: v.listing_title,
              }))}
            />
          ) : listings.rows.length ? (
            <div className="rounded-xl border border-dashed border-border-strong bg-surface p-5 sm:p-6">
              <div className="flex items-start gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-5">
                  <Clapperboard aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">No videos yet</h3>
                  <p className="mt-0.5 text-sm text-muted">Pick a property and turn its photos and facts into a video.</p>
                </div>
              </div>
              <ul className="mt-4 divide-y divide-border rounded-lg border border-border" aria-label="Properties to make a video of">
                {listings.rows.map((listing) => (
                  <li key={listing.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                    <Link href={`${base}/props/${listing.id}`} className="min-w-0 hover:text-brand-700">
                      <span className="block truncate text-sm font-medium text-ink">{listing.title}</span>
                      <span className="block truncate text-xs text-muted">{formatAddress(listing)}</span>
                    </Link>
                    <ButtonLink variant="outline" size="sm" href={`${base}/props/${listing.id}/create-video`} aria-label={`Create a video of ${listing.title}`}>
                      <Clapperboard aria-hidden /> Create video
                    </ButtonLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <EmptyState
              icon={<Clapperboard />}
              title="No properties yet"
              description="Register a property with its photos and facts, then turn it into a video your team can share."
              action={
                <ButtonLink href={`${base}/props/register`}>
                  <Plus aria-hidden /> Register a property
                </ButtonLink>
              }
            />
          )}
        </section>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Recent renders</CardTitle>
            </CardHeader>
            <CardBody>
              <RecentRenders runs={runs} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recent activity</CardTitle>
            </CardHeader>
            <CardBody>
              <ActivityFeed items={activity} />
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  )
}
