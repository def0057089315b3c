import Link from 'next/link'
import { Building2, Film } from 'lucide-react'
import { formatPrice } from './format'
import { StatusBadge } from './status-badge'

export interface ListingRowView {
  id: string
  title: string
  address: string
  price: number | null
  currency: string
  rentPeriod: string | null
  status: string
  coverUrl: string | null
  videoCount: number
}

function Cover({ url, title, className }: { url: string | null; title: string; className: string }) {
  if (!url) {
    return (
      <div className={`${className} flex items-center justify-center bg-brand-50 text-brand-600`} aria-hidden>
        <Building2 className="size-5" />
      </div>
    )
  }
  // signed storage URLs: next/image would need every storage host configured
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={url} alt={`Cover of ${title}`} loading="lazy" className={`${className} object-cover`} />
}

/** Cards on phones, a table from md up; both link every row to its listing. */
export function ListingsTable({ teamId, rows }: { teamId: string; rows: ListingRowView[] }) {
  const href = (id: string) => `/dashboard/${teamId}/props/${id}`
  return (
    <>
      <ul className="grid gap-3 md:hidden" aria-label="Listings">
        {rows.map((row) => (
          <li key={row.id}>
            <Link href={href(row.id)} className="flex gap-3 rounded-xl border border-border bg-surface p-3 shadow-card hover:border-brand-300">
              <Cover url={row.coverUrl} title={row.title} className="size-20 shrink-0 rounded-lg" />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="truncate font-medium text-ink">{row.title}</p>
                <p className="truncate text-sm text-muted">{row.address}</p>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium tabular-nums text-ink">{formatPrice(row.price, row.currency, row.rentPeriod)}</span>
                  <StatusBadge status={row.status} />
                  <span className="inline-flex items-center gap-1 text-xs text-muted">
                    <Film aria-hidden className="size-3.5" /> {row.videoCount}
                    <span className="sr-only">{row.videoCount === 1 ? 'video' : 'videos'}</span>
                  </span>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-xl border border-border bg-surface shadow-card md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border bg-canvas text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Property</th>
              <th scope="col" className="px-4 py-3 font-medium">Price</th>
              <th scope="col" className="px-4 py-3 font-medium">Status</th>
              <th scope="col" className="px-4 py-3 text-right font-medium">Videos</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={row.id} className="hover:bg-canvas">
                <td className="px-4 py-3">
                  <Link href={href(row.id)} className="flex items-center gap-3">
                    <Cover url={row.coverUrl} title={row.title} className="h-12 w-16 shrink-0 rounded-md" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{row.title}</span>
                      <span className="block truncate text-muted">{row.address}</span>
                    </span>
                  </Link>
                </td>
                <td className="px-4 py-3 font-medium tabular-nums text-ink">{formatPrice(row.price, row.currency, row.rentPeriod)}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums text-muted">{row.videoCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
