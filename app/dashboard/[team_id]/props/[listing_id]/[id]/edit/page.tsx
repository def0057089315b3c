import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { VideoEditor } from '@/components/editor/video-editor'
import type { EditorProps } from '@/components/editor/doc'
import { NeedsRepair } from '@/components/videos/needs-repair'
import { PlayerPreload } from '@/components/videos/player-preload'
import { getEditorData } from '@/lib/videos/queries'
import { TemplateFontPreloads } from '@/lib/videos/preload-fonts'
import { validateVideoProps } from '@/lib/videos/schema'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Edit video' }

const fileName = (path: string) => path.split('/').pop() ?? path

export default async function EditVideoPage({
  params,
}: {
  params: Promise<{ team_id: string; listing_id: string; id: string }>
}) {
  const { team_id, listing_id, id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id, id)
  const data = await getEditorData(team.id, listing_id, id)
  if (!data) notFound()
  const { video, listing } = data
  const base = `/dashboard/${team.id}/props/${listing.id}`
  // props are parsed on read: a row that no longer fits its template gets the repair panel, not a crash
  const checked = validateVideoProps(video.template, video.format, video.props, team.id)
  if (!checked.ok) {
    return (
      <NeedsRepair teamId={team.id} videoId={video.id} problem={checked.error} backHref={`${base}/${video.id}`} backLabel="Back to the video" />
    )
  }

  return (
    <>
      <TemplateFontPreloads template={video.template} />
      {/* the editor opens on the Player: its code comes with the page's scripts */}
      <PlayerPreload />
      <VideoEditor
        // the editor keeps its own state (and version) while it is open; a server refresh does not reset it
        key={video.id}
        teamId={team.id}
        videoId={video.id}
        version={video.version}
        details={checked.details}
        listingTitle={listing.title}
        initial={{
          title: video.title,
          template: video.template,
          format: video.format,
          voiceId: video.voice_id,
          props: checked.props as EditorProps,
        }}
        photos={data.photos.map((p) => ({ id: p.id, ref: p.ref, url: p.url, thumbUrl: p.thumbUrl, caption: p.caption, name: fileName(p.path) }))}
        audio={data.audio.map((a) => ({ id: a.id, name: a.name, ref: a.ref, url: a.url, durationSeconds: a.duration_s }))}
        agents={data.agents.map((a) => ({
          id: a.id,
          fullName: a.full_name,
          title: a.title,
          phone: a.phone,
          email: a.email,
          brokerage: a.brokerage,
          licenseNo: a.license_no,
          brandColor: a.brand_color,
          photoRef: a.photoRef,
          logoRef: a.logoRef,
        }))}
        voices={data.voices}
        urls={data.urls}
        links={{
          video: `${base}/${video.id}`,
          listing: base,
          editListing: `${base}/edit`,
          agents: `/dashboard/${team.id}/agents`,
          library: `/dashboard/${team.id}/library`,
        }}
      />
    </>
  )
}
