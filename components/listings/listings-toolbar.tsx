'use client'

import { useRef } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input, Select } from '@/components/ui/input'
import { LISTING_STATUSES } from '@/lib/constants'
import { STATUS_LABELS } from './format'

const SORTS = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['updated', 'Recently updated'],
  ['price_high', 'Price: high to low'],
  ['price_low', 'Price: low to high'],
  ['title', 'Title A–Z'],
] as const

/**
 * Search, status and sort live in the URL (shareable, back-button friendly). It is a plain GET
 * form, so it works before JavaScript loads; the selects apply themselves once it has.
 */
export function ListingsToolbar({ q, status, sort }: { q: string; status: string; sort: string }) {
  const router = useRouter()
  const pathname = usePathname()
  const form = useRef<HTMLFormElement>(null)

  function apply() {
    if (!form.current) return
    const params = new URLSearchParams()
    for (const [key, value] of new FormData(form.current).entries()) {
      if (typeof value === 'string' && value && !(key === 'status' && value === 'current') && !(key === 'sort' && value === 'newest')) {
        params.set(key, value)
      }
    }
    const query = params.toString()
    router.push(query ? `${pathname}?${query}` : pathname)
  }

  return (
    <form
      ref={form}
      role="search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault()
        apply()
      }}
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center"
    >
      <div className="relative flex-1">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
        <label htmlFor="listing-search" className="sr-only">
          Search by title, address or city
        </label>
        <Input id="listing-search" name="q" type="search" defaultValue={q} placeholder="Search title, address or city" className="pl-9" />
      </div>
      <div className="flex gap-2">
        <label htmlFor="listing-status" className="sr-only">
          Status
        </label>
        <Select id="listing-status" name="status" defaultValue={status} onChange={apply} className="flex-1 sm:w-40">
          <option value="current">All but archived</option>
          <option value="all">Every status</option>
          {LISTING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <label htmlFor="listing-sort" className="sr-only">
          Sort
        </label>
        <Select id="listing-sort" name="sort" defaultValue={sort} onChange={apply} className="flex-1 sm:w-48">
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
    </form>
  )
}
