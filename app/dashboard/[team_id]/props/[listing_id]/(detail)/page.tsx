import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ChevronLeft, Clapperboard, Film, MapPin, Pencil } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { AgentCard } from '@/components/agents/agent-card'
import { formatAddress } from '@/components/listings/format'
import { Gallery } from '@/components/listings/gallery'
import { ListingActions } from '@/components/listings/listing-actions'
import { ListingFacts } from '@/components/listings/listing-facts'
import { StatusBadge } from '@/components/listings/status-badge'
import { VideoList } from '@/components/videos/video-list'
import type { ListingStatus } from '@/lib/constants'
import { getListing } from '@/lib/listings/queries'
import { getListingVideos } from '@/lib/videos/queries'
import { requireTeam } from '@/lib/teams/context'
import { requireIdShape } from '@/lib/teams/route-ids'

export const metadata: Metadata = { title: 'Property' }

export default async function PropertyPage({ params }: { params: Promise<{ team_id: string; listing_id: string }> }) {
  const { team_id, listing_id } = await params
  const { team } = await requireTeam(team_id)
  requireIdShape(listing_id)
  const [listing, videos] = await Promise.all([getListing(team.id, listing_id), getListingVideos(team.id, listing_id)])
  if (!listing) notFound()
  const base = `/dashboard/${team.id}/props/${listing.id}`

  return (
    <>
      <Link href={`/dashboard/${team.id}/props`} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
        <ChevronLeft aria-hidden className="size-4" /> Properties
      </Link>
      <div className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex items-center gap-2">
            <StatusBadge status={listing.status} />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">{listing.title}</h1>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <MapPin aria-hidden className="size-4 shrink-0" /> {formatAddress(listing)}
            {listing.postal_code ? ` ${listing.postal_code}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ButtonLink variant="outline" href={`${base}/edit`}>
            <Pencil aria-hidden /> Edit
          </ButtonLink>
          <ButtonLink href={`${base}/create-video`}>
            <Clapperboard aria-hidden /> Create video
          </ButtonLink>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Gallery
            coverId={listing.cover?.id ?? null}
            photos={listing.photos.map((p) => ({ id: p.id, url: p.url, thumbUrl: p.thumb_url, caption: p.caption, name: p.name }))}
          />
          <section aria-labelledby="videos-heading" className="space-y-3">
            <div className="flex items-center justify-between gap-3">
              <h2 id="videos-heading" className="text-base font-semibold text-ink">
                Videos{videos.length ? <span className="ml-1.5 font-normal text-muted">{videos.length}</span> : null}
              </h2>
              {videos.length ? (
                <ButtonLink variant="outline" size="sm" href={`${base}/create-video`}>
                  <Clapperboard aria-hidden /> New video
                </ButtonLink>
              ) : null}
            </div>
            {videos.length ? (
              <VideoList
                label={`Videos of ${listing.title}`}
                rows={videos.map((v) => ({
                  id: v.id,
                  href: `${base}/${v.id}`,
                  title: v.title,
                  template: v.template,
                  format: v.format,
                  status: v.status,
                  seconds: v.seconds,
                  updatedAt: v.updated_at,
                  thumbUrl: v.thumb_url,
                }))}
              />
            ) : (
              <EmptyState
                icon={<Film />}
                title="No videos yet"
                description={
                  listing.photos.length
                    ? "Turn this listing's photos and facts into a narrated, branded video."
                    : 'Add photos to this listing first: each photo becomes a scene of the video.'
                }
                action={
                  listing.photos.length ? (
                    <ButtonLink href={`${base}/create-video`}>
                      <Clapperboard aria-hidden /> Create video
                    </ButtonLink>
                  ) : (
                    <ButtonLink variant="outline" href={`${base}/edit`}>
                      <Pencil aria-hidden /> Add photos
                    </ButtonLink>
                  )
                }
              />
            )}
          </section>
          <Card>
            <CardHeader>
              <CardTitle>Facts</CardTitle>
            </CardHeader>
            <CardBody className="space-y-5">
              <ListingFacts
                facts={{
                  offer: listing.offer,
                  rentPeriod: listing.rent_period,
                  propertyType: listing.property_type,
                  price: listing.price,
                  currency: listing.currency,
                  bedrooms: listing.bedrooms,
                  bathrooms: listing.bathrooms,
                  floorArea: listing.floor_area,
                  areaUnit: listing.area_unit,
                  yearBuilt: listing.year_built,
                }}
              />
              {listing.description ? <p className="whitespace-pre-line text-sm leading-relaxed text-ink">{listing.description}</p> : null}
              {listing.features.length ? (
                <ul className="flex flex-wrap gap-1.5" aria-label="Features">
                  {listing.features.map((feature) => (
                    <li key={feature} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-800 ring-1 ring-brand-200">
                      {feature}
                    </li>
                  ))}
                </ul>
              ) : null}
            </CardBody>
          </Card>
        </div>
        <aside className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Agent</CardTitle>
            </CardHeader>
            <CardBody>
              <AgentCard
                agentsHref={`/dashboard/${team.id}/agents`}
                agent={
                  listing.agent
                    ? {
                        fullName: listing.agent.full_name,
                        title: listing.agent.title,
                        email: listing.agent.email,
                        phone: listing.agent.phone,
                        brokerage: listing.agent.brokerage,
                        photoUrl: listing.agent.photo_url,
                        brandColor: listing.agent.brand_color,
                      }
                    : null
                }
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Manage</CardTitle>
            </CardHeader>
            <CardBody>
              <ListingActions teamId={team.id} listingId={listing.id} title={listing.title} status={listing.status as ListingStatus} videoCount={Math.max(listing.video_count, videos.length)} />
            </CardBody>
          </Card>
        </aside>
      </div>
    </>
  )
}
