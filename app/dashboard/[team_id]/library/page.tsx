import type { Metadata } from 'next'
import { Images } from 'lucide-react'
import { FeatureFrame } from '@/components/dashboard/feature-frame'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Library' }

export default async function LibraryPage({ params }: { params: Promise<{ team_id: string }> }) {
  await requireTeam((await params).team_id)
  return (
    <FeatureFrame
      title="Library"
      description="Your team's photos, videos, audio, logos and voices in one place."
      icon={<Images />}
      arrives="The media library arrives with the listings and videos work, when photos and videos are first uploaded."
    />
  )
}
