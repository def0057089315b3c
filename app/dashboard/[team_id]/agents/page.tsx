import type { Metadata } from 'next'
import { PageHeader } from '@/components/ui/page-header'
import { AgentsManager } from '@/components/agents/agents-manager'
import { listAgents } from '@/lib/agents/queries'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Agents' }

export default async function AgentsPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team } = await requireTeam((await params).team_id)
  const agents = await listAgents(team.id)
  return (
    <>
      <PageHeader title="Agents" description="The people who appear on your videos' end cards." />
      <AgentsManager
        teamId={team.id}
        agents={agents.map((a) => ({
          id: a.id,
          fullName: a.full_name,
          title: a.title,
          email: a.email,
          phone: a.phone,
          brokerage: a.brokerage,
          licenseNo: a.license_no,
          brandColor: a.brand_color,
          photoPath: a.photo_path,
          logoPath: a.logo_path,
          photoUrl: a.photo_url,
          logoUrl: a.logo_url,
          listingCount: a.listing_count,
        }))}
      />
    </>
  )
}
