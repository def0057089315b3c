import Link from 'next/link'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { buttonClasses } from '@/components/ui/button'

/** Previous/next links that keep every other URL parameter; pages count from 1. */
export function Pagination({ page, pageSize, total, params, basePath }: { page: number; pageSize: number; total: number; params: Record<string, string>; basePath: string }) {
  const pages = lastPage(total, pageSize)
  // past the end: the page itself says so and links to the last page ("41–40 of 40" says nothing)
  if (pages <= 1 || page > pages) return null
  const href = (to: number) => pageHref(basePath, params, to)
  const first = (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm text-muted">
      <p className="tabular-nums">
        {first}–{last} of {total.toLocaleString('en-US')}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link href={href(page - 1)} className={buttonClasses('outline', 'sm')} rel="prev">
            <ChevronLeft aria-hidden /> Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link href={href(page + 1)} className={buttonClasses('outline', 'sm')} rel="next">
            Next <ChevronRight aria-hidden />
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

/** The address of a page of a list, keeping the other URL parameters (page 1 has no page parameter). */
export function pageHref(basePath: string, params: Record<string, string>, page: number): string {
  const query = new URLSearchParams(params)
  if (page > 1) query.set('page', String(page))
  else query.delete('page')
  const text = query.toString()
  return text ? `${basePath}?${text}` : basePath
}

/** The last page of a list of `total` rows, `pageSize` a page (1 for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
