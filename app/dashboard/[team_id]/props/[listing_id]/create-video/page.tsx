import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ChevronLeft, ImagePlus } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { CreateVideoForm } from '@/components/videos/create-video-form'
import { getCreateVideoData } from '@/lib/videos/queries'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'
import { leftOutByTemplate } from '@/lib/narration/draft/left-out'

export const metadata: Metadata = { title: 'Create a video' }

export default async function CreateVideoPage({ params }: { params: Promise<{ team_id: string; listing_id: string }> }) {
  const { team_id, listing_id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id)
  const data = await getCreateVideoData(team.id, listing_id)
  if (!data) notFound()
  const base = `/dashboard/${team.id}/props/${data.listing.id}`

  return (
    <>
      <Link href={base} className="mb-4 inline-flex max-w-full items-center gap-1 text-sm font-medium text-muted hover:text-ink">
        <ChevronLeft aria-hidden className="size-4 shrink-0" /> <span className="truncate">{data.listing.title}</span>
      </Link>
      <PageHeader
        title="Create a video"
        description={`Turn “${data.listing.title}” into a narrated, branded video. Choose the look now; every scene can be changed in the editor.`}
      />
      {data.photos.length === 0 ? (
        <EmptyState
          icon={<ImagePlus />}
          title="Add photos first"
          description="A video is built from the listing's photos, one scene each. This listing has none yet: add at least one, then come back."
          action={<ButtonLink href={`${base}/edit`}>Add photos to the property</ButtonLink>}
        />
      ) : (
        <CreateVideoForm
          teamId={team.id}
          listingId={data.listing.id}
          listingTitle={data.listing.title}
          drafts={data.draft}
          urls={data.urls}
          thumbs={Object.fromEntries(data.photos.filter((p) => p.thumbUrl).map((p) => [p.ref, p.thumbUrl!]))}
          initialScripts={data.scripts}
          leftOut={leftOutByTemplate(data.listing, data.draft, data.agent)}
          agentName={data.agent?.full_name ?? null}
          voices={data.voices.map((v) => ({ id: v.id, name: v.name, language: v.language, gender: v.gender, sampleUrl: v.sampleUrl, provider_voice_id: v.provider_voice_id }))}
          teamVoiceId={data.teamVoiceId}
          audio={data.audio.map((a) => ({ id: a.id, name: a.name, url: a.url, seconds: a.duration_s === null ? null : Number(a.duration_s) }))}
          libraryHref={`/dashboard/${team.id}/library?kind=audio`}
        />
      )}
    </>
  )
}
