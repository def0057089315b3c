import type { Metadata } from 'next'
import Link from 'next/link'
import { ButtonLink } from '@/components/ui/button'
import { ShowcaseTile } from '@/components/share/showcase-tile'
import { SiteShell } from '@/components/site/site-shell'
import { listShowcase, SHOWCASE_PAGE_SIZE, showcaseQuerySchema } from '@/lib/share/showcase'

export const metadata: Metadata = {
  title: 'Showcase',
  description: 'Listing videos real-estate teams made with Listing Studio and chose to share.',
  alternates: { canonical: '/showcase' },
}

const FILTERS = [
  { value: undefined, label: 'All' },
  { value: 'landscape', label: 'Landscape' },
  { value: 'portrait', label: 'Portrait' },
  { value: 'square', label: 'Square' },
] as const

const href = (format: string | undefined, page: number) => {
  const params = new URLSearchParams()
  if (format) params.set('format', format)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `/showcase?${query}` : '/showcase'
}

export default async function ShowcasePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = await searchParams
  const query = showcaseQuerySchema.parse({ format: raw.format, page: raw.page })
  const { videos, total } = await listShowcase(query)
  const pages = Math.max(1, Math.ceil(total / SHOWCASE_PAGE_SIZE))
  return (
    <SiteShell>
      <div className="container-page py-12 sm:py-16">
        <p className="text-sm font-medium text-brand-700">Showcase</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Listing videos made with Listing Studio</h1>
        <p className="mt-3 max-w-2xl text-muted">Videos teams chose to share with everyone, approved by our editors. Point at one to play it.</p>
        <nav aria-label="Filter by format" className="mt-8 flex flex-wrap gap-2">
          {FILTERS.map((filter) => {
            const current = query.format === filter.value
            return (
              <Link
                key={filter.label}
                href={href(filter.value, 1)}
                aria-current={current ? 'page' : undefined}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ring-1 ${current ? 'bg-brand-600 text-white ring-brand-600' : 'bg-surface text-ink ring-border hover:bg-canvas'}`}
              >
                {filter.label}
              </Link>
            )
          })}
        </nav>
        {videos.length ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {videos.map((video, i) => (
              <li key={video.share_id}>
                <ShowcaseTile video={video} eager={i < 3} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8 rounded-2xl bg-surface p-10 text-center ring-1 ring-border">
            <p className="font-medium text-ink">{query.format ? 'No videos in this format yet.' : 'No videos in the showcase yet.'}</p>
            <p className="mt-1 text-sm text-muted">Teams submit their shared videos; ours could be first.</p>
            <ButtonLink href="/try" className="mt-4">Make your own</ButtonLink>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4 text-sm">
            {query.page > 1 ? <Link href={href(query.format, query.page - 1)} className="font-medium text-brand-700 hover:underline">Previous</Link> : null}
            <span className="text-muted">Page {query.page} of {pages}</span>
            {query.page < pages ? <Link href={href(query.format, query.page + 1)} className="font-medium text-brand-700 hover:underline">Next</Link> : null}
          </nav>
        ) : null}
      </div>
    </SiteShell>
  )
}
