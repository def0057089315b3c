import type { Metadata } from 'next'
import { Building2 } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Property' }

export default async function PropertyPage({ params }: { params: Promise<{ team_id: string; listing_id: string }> }) {
  const { team_id, listing_id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id)
  return (
    <FeatureFrame
      title="Property"
      description="Facts, photo gallery, status and the videos made from this listing."
      icon={<Building2 />}
      arrives="Listing details arrive with the listings and videos work."
      back={{ href: `/dashboard/${team.id}/props`, label: 'Properties' }}
    />
  )
}
