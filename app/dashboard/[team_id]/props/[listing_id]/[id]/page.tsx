import type { Metadata } from 'next'
import { Film } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Video' }

export default async function VideoPage({ params }: { params: Promise<{ team_id: string; listing_id: string; id: string }> }) {
  const { team_id, listing_id, id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id, id)
  return (
    <FeatureFrame
      title="Video"
      description="Preview, render to MP4, follow the render live, download and share."
      icon={<Film />}
      arrives="Video previews, renders and sharing arrive with the listings and videos work."
      back={{ href: `/dashboard/${team.id}/props/${listing_id}`, label: 'Property' }}
    />
  )
}
