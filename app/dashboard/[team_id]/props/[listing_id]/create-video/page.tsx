import type { Metadata } from 'next'
import { Clapperboard } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Create a video' }

export default async function CreateVideoPage({ params }: { params: Promise<{ team_id: string; listing_id: string }> }) {
  const { team_id, listing_id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id)
  return (
    <FeatureFrame
      title="Create a video"
      description="Choose a template, format, voice and music; the narration is drafted from the listing."
      icon={<Clapperboard />}
      arrives="Video creation arrives with the listings and videos work."
      back={{ href: `/dashboard/${team.id}/props/${listing_id}`, label: 'Property' }}
    />
  )
}
