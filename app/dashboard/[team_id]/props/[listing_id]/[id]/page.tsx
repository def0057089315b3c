import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ChevronLeft, Pencil } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { DeleteVideoButton } from '@/components/videos/delete-video-button'
import { NeedsRepair } from '@/components/videos/needs-repair'
import { formatLabel, formatSize, formatUpdated, templateName } from '@/components/videos/format'
import { missingNarration, missingNarrationMessage } from '@/lib/narration/video'
import { RenderCard } from '@/components/videos/render-card'
import { ShareCard } from '@/components/videos/share-card'
import { siteUrl } from '@/lib/env'
import { Storyboard } from '@/components/videos/storyboard'
import { VideoPlayer } from '@/components/videos/video-player'
import { PlayerPreload } from '@/components/videos/player-preload'
import { TemplateFontPreloads } from '@/lib/videos/preload-fonts'
import { VideoStatusBadge } from '@/components/videos/video-status-badge'
import { RENDER_CREDIT_COST } from '@/lib/constants'
import { getCreditBalance } from '@/lib/credits/queries'
import { getRenderRuns } from '@/lib/render/queries'
import { brandingLeakMessage, brandingLeaks } from '@/lib/render/unbranded'
import { formatDuration, validateVideoProps } from '@/lib/videos/schema'
import { getVideo } from '@/lib/videos/queries'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'
import { timelineFor } from '@/remotion/catalog'
import { posterFrame } from '@/remotion/duration'
import { plural } from '@/lib/plural'

export const metadata: Metadata = { title: 'Video' }

export default async function VideoPage({ params }: { params: Promise<{ team_id: string; listing_id: string; id: string }> }) {
  const { team_id, listing_id, id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id, id)
  const [video, balance, runs] = await Promise.all([getVideo(team.id, listing_id, id), getCreditBalance(team.id), getRenderRuns(team.id, id)])
  if (!video) notFound()
  const listingHref = `/dashboard/${team.id}/props/${video.listing.id}`
  // props are parsed on read: nothing below touches the stored JSON unless it fits the template
  const checked = validateVideoProps(video.template, video.format, video.props, team.id)
  // open on the title card once its text is in (frame 0 is still fading in), like the thumbnails
  const poster = checked.ok ? posterFrame(timelineFor(video.template, checked.props)) : 0
  const scenes = checked.ok ? checked.props.scenes : []
  const scripted = scenes.filter((scene) => scene.script?.trim()).length

  const facts: [string, string][] = [
    ['Template', templateName(video.template)],
    ['Format', `${formatLabel(video.format)}${formatSize(video.format) ? ` · ${formatSize(video.format)}` : ''}`],
    ['Frame rate', checked.ok ? `${checked.details.fps} fps` : `${video.fps} fps`],
    ['Duration', checked.ok ? `${formatDuration(checked.details.seconds)} · ${checked.details.durationInFrames.toLocaleString('en-US')} frames` : '–'],
    ['Scenes', String(scenes.length)],
    ['Music', checked.ok && checked.props.music ? `On · volume ${Math.round(checked.props.music.volume * 100)}%` : 'None'],
    ['Narration script', scripted ? `${scripted} of ${plural(scenes.length, 'scene')}` : 'None'],
    ['Updated', formatUpdated(video.updated_at)],
    ['Created', formatUpdated(video.created_at)],
  ]

  return (
    <>
      <Link href={listingHref} className="mb-4 inline-flex max-w-full items-center gap-1 text-sm font-medium text-muted hover:text-ink">
        <ChevronLeft aria-hidden className="size-4 shrink-0" /> <span className="truncate">{video.listing.title}</span>
      </Link>
      <div className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          <VideoStatusBadge status={video.status} />
          <h1 className="text-2xl font-semibold tracking-tight break-words text-ink sm:text-[1.75rem]">{video.title}</h1>
          <p className="text-sm text-muted">
            {templateName(video.template)} · {formatLabel(video.format)}
            {checked.ok ? ` · ${formatDuration(checked.details.seconds)}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <DeleteVideoButton teamId={team.id} videoId={video.id} title={video.title} listingHref={listingHref} />
          <ButtonLink href={`${listingHref}/${video.id}/edit`}>
            <Pencil aria-hidden /> Edit video
          </ButtonLink>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          <section aria-label="Preview" className="space-y-3">
            {checked.ok ? <PlayerPreload /> : null}
            {checked.ok ? <TemplateFontPreloads template={video.template} /> : null}
            {checked.ok ? (
              <VideoPlayer
                template={video.template}
                format={video.format}
                props={checked.props}
                urls={video.urls}
                maxHeight="65vh"
              seekRequest={{ frame: poster }}
                label={`Preview of ${video.title}`}
              />
            ) : (
              <NeedsRepair teamId={team.id} videoId={video.id} problem={checked.error} backHref={listingHref} backLabel="Back to the property" />
            )}
            <p className="text-sm text-muted">
              A live preview of the draft — what you see is what the render will produce.
            </p>
          </section>
          {scenes.length ? <Storyboard scenes={scenes} urls={video.urls} /> : null}
        </div>

        <aside className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardBody>
              <dl className="divide-y divide-border text-sm" data-testid="video-facts">
                <div className="flex items-center justify-between gap-4 pb-2.5">
                  <dt className="text-muted">Status</dt>
                  <dd>
                    <VideoStatusBadge status={video.status} />
                  </dd>
                </div>
                {facts.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-4 py-2.5 last:pb-0">
                    <dt className="text-muted">{label}</dt>
                    <dd className="text-right font-medium text-ink tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>
          <RenderCard
            // a new server render (after router.refresh) starts from the server's runs
            key={runs[0]?.id ?? 'none'}
            teamId={team.id}
            videoId={video.id}
            cost={RENDER_CREDIT_COST}
            balance={balance}
            accountHref={`/dashboard/${team.id}/account#credits`}
            blockedReason={checked.ok ? null : 'This video needs repair before it can render.'}
            fps={checked.ok ? checked.details.fps : video.fps}
            initialRuns={runs}
            unbrandedLeak={checked.ok ? brandingLeakMessage(brandingLeaks(checked.props)) : null}
            unspoken={checked.ok ? missingNarrationMessage(missingNarration(checked.props, video.voice_id)) : null}
          />
          <ShareCard
            teamId={team.id}
            videoId={video.id}
            shareUrl={`${siteUrl()}/share/${video.share_id}`}
            shared={video.is_shared}
            showcase={video.showcase}
            rendered={Boolean(video.output_path)}
          />
        </aside>
      </div>
    </>
  )
}
