import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ChevronLeft } from 'lucide-react'
import { PageHeader } from '@/components/ui/page-header'
import { ListingForm } from '@/components/listings/listing-form'
import type { ListingStatus } from '@/lib/constants'
import { listAgents } from '@/lib/agents/queries'
import { getListing } from '@/lib/listings/queries'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Edit property' }

export default async function EditPropertyPage({ params }: { params: Promise<{ team_id: string; listing_id: string }> }) {
  const { team_id, listing_id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id)
  const [listing, agents] = await Promise.all([getListing(team.id, listing_id), listAgents(team.id)])
  if (!listing) notFound()
  return (
    <>
      <Link href={`/dashboard/${team.id}/props/${listing.id}`} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
        <ChevronLeft aria-hidden className="size-4" /> {listing.title}
      </Link>
      <PageHeader title="Edit property" description="Changes are saved when you press Save changes; new photos go up straight away." />
      <ListingForm
        teamId={team.id}
        agents={agents.map((a) => ({ id: a.id, full_name: a.full_name }))}
        listing={{
          id: listing.id,
          status: listing.status as ListingStatus,
          defaults: listing,
          features: listing.features,
          agentId: listing.agent_id,
          coverId: listing.cover_asset_id,
          photos: listing.photos.map((p) => ({ id: p.id, name: p.name, url: p.thumb_url ?? p.url, caption: p.caption ?? '' })),
        }}
      />
    </>
  )
}
