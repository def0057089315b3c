import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { cache } from 'react'
import { CaptureOnView } from '@/components/observability/capture-on-view'
import { LogoMark } from '@/components/site/logo'
import { AgentCard } from '@/components/share/agent-card'
import { siteUrl } from '@/lib/env'
import { posterUrl } from '@/lib/share/poster'
import { findSharedVideo, sharedLocale, sharedTitle, signAgentMedia } from '@/lib/share/shared-video'
import { VIDEO_FORMATS } from '@/remotion/constants'
import { formatArea, formatCount, formatLocality, formatPrice, OFFER_LABELS, PROPERTY_TYPE_LABELS } from '@/remotion/format'

/*
 * A shared video's public page: the rendered MP4 in a plain <video> with its poster (no Player, no
 * client JavaScript of its own), the listing's facts, the agent's card, and the tags that make the
 * link unfurl as a video. Not-found (HTTP 404) unless the video is shared and rendered; unsharing
 * takes it down at the next request (nothing is cached). Every absolute URL comes from SITE_URL.
 */

const load = cache(findSharedVideo)

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const video = await load((await params).id)
  if (!video) return { title: 'Video not found', robots: { index: false } }
  const base = siteUrl()
  const page = `${base}/share/${video.share_id}`
  const { width, height } = VIDEO_FORMATS[video.format]
  const price = formatPrice(video.listing, sharedLocale(video))?.full
  const title = sharedTitle(video)
  const description = [formatLocality(video.listing.address), price].filter(Boolean).join(' · ')
  const poster = video.poster_path ? [{ url: `${page}/poster`, width, height, alt: title }] : undefined
  return {
    title,
    description,
    alternates: { canonical: page },
    openGraph: {
      type: 'video.other',
      url: page,
      title,
      description,
      siteName: 'Listing Studio',
      images: poster,
      videos: [{ url: `${page}/video`, secureUrl: page.startsWith('https:') ? `${page}/video` : undefined, type: 'video/mp4', width, height }],
    },
    twitter: { card: 'summary_large_image', title, description, images: poster?.map((p) => p.url) },
  }
}

export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  const video = await load((await params).id)
  if (!video) notFound()
  const { listing } = video
  const price = formatPrice(listing, sharedLocale(video))
  const title = sharedTitle(video)
  const agentMedia = await signAgentMedia(video.agent, video.team_id)
  const { width, height } = VIDEO_FORMATS[video.format]
  const facts = [
    listing.bedrooms != null ? `${formatCount(listing.bedrooms)} bed` : null,
    listing.bathrooms != null ? `${formatCount(listing.bathrooms)} bath` : null,
    listing.area ? formatArea(listing.area) : null,
    PROPERTY_TYPE_LABELS[listing.propertyType],
  ].filter(Boolean)
  const isGif = video.output_codec === 'gif'
  // 720 px wide covers a phone's screen at its pixel ratio and the page's widest column
  const poster = posterUrl(video.share_id, 720)
  return (
    <main className="min-h-screen bg-canvas">
      {/* the poster is the page's largest paint: asked for from the <head>, ahead of the scripts. A
          <link> element, which React hoists there; preload() from react-dom reached the page only as
          an RSC hint that the browser read after React had loaded (docs/sharing.md) */}
      {video.poster_path && !isGif ? <link rel="preload" as="image" href={poster} fetchPriority="high" /> : null}
      <CaptureOnView event="share_viewed" properties={{ share_id: video.share_id }} />
      <div className="container-page max-w-5xl py-8 sm:py-12">
        <div className={video.format === 'landscape' ? 'space-y-8' : 'grid gap-8 md:grid-cols-[minmax(0,26rem)_1fr] md:items-start'}>
          <div className="overflow-hidden rounded-2xl bg-black shadow-lg" style={{ aspectRatio: `${width} / ${height}` }}>
            {isGif ? (
              // eslint-disable-next-line @next/next/no-img-element -- the render itself, served by its own route
              <img src={`/share/${video.share_id}/video`} alt={title} className="h-full w-full object-contain" />
            ) : (
              <video
                controls
                playsInline
                preload="metadata"
                poster={video.poster_path ? poster : undefined}
                className="h-full w-full"
                aria-label={title}
              >
                <source src={`/share/${video.share_id}/video`} type={video.output_codec === 'vp9' || video.output_codec === 'vp8' ? 'video/webm' : 'video/mp4'} />
                Your browser cannot play this video. <a href={`/share/${video.share_id}/video`}>Download it</a>.
              </video>
            )}
          </div>
          <section className="space-y-6">
            <div>
              <p className="text-sm font-medium text-brand-700">{OFFER_LABELS[listing.offer]}</p>
              <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{title}</h1>
              <p className="mt-2 text-muted">{[listing.address.line, formatLocality(listing.address)].filter(Boolean).join(', ')}</p>
              {price ? <p className="mt-3 text-2xl font-semibold text-ink">{price.full}</p> : null}
              {facts.length ? (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label="Facts">
                  {facts.map((fact) => (
                    <li key={fact} className="rounded-full bg-surface px-3 py-1 text-sm text-ink ring-1 ring-border">
                      {fact}
                    </li>
                  ))}
                </ul>
              ) : null}
              {listing.features?.length ? (
                <ul className="mt-4 list-inside list-disc text-sm text-muted" aria-label="Features">
                  {listing.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              ) : null}
            </div>
            {video.agent ? <AgentCard agent={video.agent} photoUrl={agentMedia.photo} logoUrl={agentMedia.logo} /> : null}
          </section>
        </div>
        <footer className="mt-12 flex items-center justify-between border-t border-border pt-6 text-sm text-subtle">
          <Link href="/" className="inline-flex items-center gap-2 hover:text-ink">
            Made with <LogoMark className="size-5" /> <span className="font-semibold text-ink">Listing Studio</span>
          </Link>
          <Link href="/try" className="font-medium text-brand-700 hover:underline">
            Make a video of your listing
          </Link>
        </footer>
      </div>
    </main>
  )
}
