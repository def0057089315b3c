import type { Metadata } from 'next'
import Link from 'next/link'
import { ChevronLeft } from 'lucide-react'
import { PageHeader } from '@/components/ui/page-header'
import { ListingForm } from '@/components/listings/listing-form'
import { listAgents } from '@/lib/agents/queries'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Register a property' }

export default async function RegisterPropertyPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team } = await requireTeam((await params).team_id)
  const agents = await listAgents(team.id)
  return (
    <>
      <Link href={`/dashboard/${team.id}/props`} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
        <ChevronLeft aria-hidden className="size-4" /> Properties
      </Link>
      <PageHeader title="Register a property" description="Address, price, facts, photos and the listing agent. Save it as a draft until it is ready." />
      <ListingForm teamId={team.id} agents={agents.map((agent) => ({ id: agent.id, full_name: agent.full_name }))} />
    </>
  )
}
