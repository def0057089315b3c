import type { Metadata } from 'next'
import { ClipboardList } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Register a property' }

export default async function RegisterPropertyPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team } = await requireTeam((await params).team_id)
  return (
    <FeatureFrame
      title="Register a property"
      description="Address, price, facts, photos and the listing agent."
      icon={<ClipboardList />}
      arrives="The property form with photo upload arrives with the listings and videos work."
      back={{ href: `/dashboard/${team.id}/props`, label: 'Properties' }}
    />
  )
}
