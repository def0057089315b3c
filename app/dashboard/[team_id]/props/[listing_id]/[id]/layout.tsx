import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'
import { videoExists } from '@/lib/videos/queries'

/** An unknown video answers 404, decided before the video's loading skeleton streams (see the listing layout). */
export default async function VideoLayout({ children, params }: { children: ReactNode; params: Promise<{ team_id: string; listing_id: string; id: string }> }) {
  const { team_id, listing_id, id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(id)
  if (!(await videoExists(team.id, listing_id, id))) notFound()
  return children
}
