import type { Metadata } from 'next'
import { UsersRound } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Agents' }

export default async function AgentsPage({ params }: { params: Promise<{ team_id: string }> }) {
  await requireTeam((await params).team_id)
  return (
    <FeatureFrame
      title="Agents"
      description="The people who appear on your videos' end cards."
      icon={<UsersRound />}
      arrives="Agent profiles — photo, contact details, brokerage and brand colour — arrive with the listings and videos work."
    />
  )
}
