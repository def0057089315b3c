import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { listingExists } from '@/lib/listings/queries'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

/**
 * An unknown (or another team's) listing answers 404. The check sits here, above every loading
 * skeleton of the listing's pages: a not-found thrown after a skeleton has streamed would keep the
 * 200 already sent.
 */
export default async function ListingLayout({ children, params }: { children: ReactNode; params: Promise<{ team_id: string; listing_id: string }> }) {
  const { team_id, listing_id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id)
  if (!(await listingExists(team.id, listing_id))) notFound()
  return children
}
