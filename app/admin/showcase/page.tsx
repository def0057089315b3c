import type { Metadata } from 'next'
import Link from 'next/link'
import { Clapperboard, SearchX } from 'lucide-react'
import { ShowcaseReview } from '@/components/admin/showcase-review'
import { Pagination } from '@/components/listings/pagination'
import { ButtonLink } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { formatLabel } from '@/components/videos/format-label'
import { requireAdmin } from '@/lib/auth/user'
import type { SearchParams } from '@/lib/auth/page-props'
import type { Db } from '@/lib/listings/refusal'
import { posterUrl } from '@/lib/share/poster'
import { countSubmissions, listSubmissions } from '@/lib/showcase/admin'
import { SHOWCASE_ADMIN_PAGE_SIZE, SHOWCASE_REVIEW_STATES, SHOWCASE_STATE_LABELS, showcaseFilterSchema } from '@/lib/showcase/schema'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Showcase' }

const EMPTY: Record<string, { title: string; description: string }> = {
  submitted: { title: 'Nothing is waiting for review', description: 'When a team submits a shared video to the showcase, it appears here to approve or decline.' },
  approved: { title: 'No approved videos yet', description: 'Approved videos appear on the public showcase while their team keeps them shared.' },
  rejected: { title: 'No declined videos', description: 'Declined submissions stay here; you can still approve one later.' },
}

/** Showcase submissions to approve (shown on /showcase to everyone) or decline. */
export default async function AdminShowcasePage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin()
  const raw = await searchParams
  const one = (key: string) => (Array.isArray(raw[key]) ? raw[key][0] : raw[key])
  const filter = showcaseFilterSchema.parse({ state: one('state'), page: one('page') })
  // the admin's own session: the videos policy and review_showcase check the flag themselves
  const db = (await createClient()) as unknown as Db
  const [{ items, total }, counts] = await Promise.all([listSubmissions(db, filter), countSubmissions(db)])
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

  return (
    <>
      <PageHeader
        title="Showcase"
        description="Videos teams submitted to the public showcase. An approved video is shown on /showcase for as long as its team keeps it shared; a declined one is not."
      />
      <nav aria-label="Filter by review state" className="flex gap-2 overflow-x-auto pb-1">
        {SHOWCASE_REVIEW_STATES.map((state) => (
          <Link
            key={state}
            href={state === 'submitted' ? '/admin/showcase' : `/admin/showcase?state=${state}`}
            aria-current={filter.state === state ? 'page' : undefined}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset',
              filter.state === state ? 'bg-brand-600 text-white ring-brand-600' : 'bg-surface text-muted ring-border-strong hover:bg-canvas hover:text-ink',
            )}
          >
            {SHOWCASE_STATE_LABELS[state]}
            <span className="tabular-nums opacity-80">{counts[state].toLocaleString('en-US')}</span>
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        {items.length > 0 ? (
          <>
            <ul className="space-y-3" aria-label="Submissions">
              {items.map((video) => (
                <li key={video.id} data-testid="showcase-submission" className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center">
                  <div className="relative aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-black sm:w-40">
                    {video.thumbnail_path && video.share_id && video.is_shared ? (
                      // eslint-disable-next-line @next/next/no-img-element -- the scaled poster the share route serves
                      <img src={posterUrl(video.share_id, 480)} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover" />
                    ) : null}
                  </div>
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate font-semibold text-ink">{video.title}</h2>
                    <p className="mt-0.5 text-sm text-muted">
                      {video.teams?.name ?? 'A deleted team'} · {formatLabel(video.format)} ·{' '}
                      {new Date(video.updated_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}
                    </p>
                    {video.share_id && video.is_shared ? (
                      <a href={`/share/${video.share_id}`} target="_blank" rel="noreferrer" className="mt-1 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
                        Watch its share page
                      </a>
                    ) : (
                      <p className="mt-1 text-sm text-muted">No longer shared by its team.</p>
                    )}
                  </div>
                  <ShowcaseReview videoId={video.id} title={video.title} state={video.showcase} />
                </li>
              ))}
            </ul>
            <Pagination
              page={filter.page}
              pageSize={SHOWCASE_ADMIN_PAGE_SIZE}
              total={total}
              params={filter.state === 'submitted' ? {} : { state: filter.state }}
              basePath="/admin/showcase"
            />
          </>
        ) : filter.page > 1 && total > 0 ? (
          <EmptyState
            icon={<SearchX />}
            title="This page is past the end of the list"
            description={`There ${total === 1 ? 'is' : 'are'} ${plural(total, 'video', 'videos')} here, on fewer pages than that.`}
            action={<ButtonLink href={filter.state === 'submitted' ? '/admin/showcase' : `/admin/showcase?state=${filter.state}`}>Go to the first page</ButtonLink>}
          />
        ) : (
          <EmptyState icon={<Clapperboard />} title={EMPTY[filter.state].title} description={EMPTY[filter.state].description} />
        )}
      </div>
    </>
  )
}
