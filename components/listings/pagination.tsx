import Link from 'next/link'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { buttonClasses } from '@/components/ui/button'

/** Previous/next links that keep every other URL parameter; pages count from 1. */
export function Pagination({ page, pageSize, total, params, basePath }: { page: number; pageSize: number; total: number; params: Record<string, string>; basePath: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const href = (to: number) => {
    const query = new URLSearchParams(params)
    if (to > 1) query.set('page', String(to))
    else query.delete('page')
    const text = query.toString()
    return text ? `${basePath}?${text}` : basePath
  }
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
