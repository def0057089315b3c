import type { Metadata } from 'next'
import { Building2, Plus, SearchX } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { formatAddress } from '@/components/listings/format'
import { ListingsTable } from '@/components/listings/listings-table'
import { ListingsToolbar } from '@/components/listings/listings-toolbar'
import { Pagination } from '@/components/listings/pagination'
import { listListings } from '@/lib/listings/queries'
import { listingFilterSchema } from '@/lib/listings/schema'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Properties' }

type SearchParams = Record<string, string | string[] | undefined>

export default async function PropertiesPage({ params, searchParams }: { params: Promise<{ team_id: string }>; searchParams: Promise<SearchParams> }) {
  const { team } = await requireTeam((await params).team_id)
  const raw = await searchParams
  const one = (key: string) => (Array.isArray(raw[key]) ? raw[key][0] : raw[key])
  const filter = listingFilterSchema.parse({ q: one('q'), status: one('status'), sort: one('sort'), page: one('page') })
  const { rows, total } = await listListings(team.id, filter)
  const registerHref = `/dashboard/${team.id}/props/register`
  const filtered = Boolean(filter.q) || filter.status !== 'current'

  // the URL parameters other than the page, for the pagination links
  const kept: Record<string, string> = {}
  if (filter.q) kept.q = filter.q
  if (filter.status !== 'current') kept.status = filter.status
  if (filter.sort !== 'newest') kept.sort = filter.sort

  return (
    <>
      <PageHeader
        title="Properties"
        description="Every listing your team turns into videos."
        actions={
          <ButtonLink href={registerHref}>
            <Plus aria-hidden /> Register a property
          </ButtonLink>
        }
      />
      {total === 0 && !filtered ? (
        <EmptyState
          icon={<Building2 />}
          title="No properties yet"
          description="Register your first listing — its photos, facts and agent are what every video is made from. Archived listings stay under the Archived filter."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <ButtonLink href={registerHref}>
                <Plus aria-hidden /> Register a property
              </ButtonLink>
              <ButtonLink variant="outline" href={`/dashboard/${team.id}/props?status=archived`}>
                Show archived
              </ButtonLink>
            </div>
          }
        />
      ) : (
        <>
          <ListingsToolbar q={filter.q} status={filter.status} sort={filter.sort} />
          {rows.length ? (
            <ListingsTable
              teamId={team.id}
              rows={rows.map((row) => ({
                id: row.id,
                title: row.title,
                address: formatAddress(row),
                price: row.price,
                currency: row.currency,
                rentPeriod: row.rent_period,
                status: row.status,
                coverUrl: row.cover_thumb_url,
                videoCount: row.video_count,
              }))}
            />
          ) : (
            <EmptyState
              icon={<SearchX />}
              title="No listings match"
              description={filter.q ? `Nothing matches “${filter.q}” with these filters.` : 'No listing has this status.'}
              action={
                <ButtonLink variant="outline" href={`/dashboard/${team.id}/props`}>
                  Clear the filters
                </ButtonLink>
              }
            />
          )}
          <Pagination page={filter.page} pageSize={filter.pageSize} total={total} params={kept} basePath={`/dashboard/${team.id}/props`} />
        </>
      )}
    </>
  )
}
