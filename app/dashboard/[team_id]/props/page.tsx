import type { Metadata } from 'next'
import { Building2, Plus } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Properties' }

export default async function PropertiesPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team } = await requireTeam((await params).team_id)
  return (
    <FeatureFrame
      title="Properties"
      description="Every listing your team turns into videos."
      icon={<Building2 />}
      arrives="The listings table — search, status filters and sorting — arrives with the listings and videos work."
      actions={
        <ButtonLink href={`/dashboard/${team.id}/props/register`}>
          <Plus aria-hidden /> Register a property
        </ButtonLink>
      }
    />
  )
}
