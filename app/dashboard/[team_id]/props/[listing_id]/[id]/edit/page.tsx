import type { Metadata } from 'next'
import { PencilRuler } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Edit video' }

export default async function EditVideoPage({
  params,
}: {
  params: Promise<{ team_id: string; listing_id: string; id: string }>
}) {
  const { team_id, listing_id, id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id, id)
  return (
    <FeatureFrame
      title="Edit video"
      description="Scenes, captions, title and agent cards, brand colour, music, voice and script, with a live preview."
      icon={<PencilRuler />}
      arrives="The video editor with its live preview arrives with the listings and videos work."
      back={{ href: `/dashboard/${team.id}/props/${listing_id}/${id}`, label: 'Video' }}
    />
  )
}
