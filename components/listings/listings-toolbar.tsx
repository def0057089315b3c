'use client'

import { SearchToolbar } from '@/components/ui/search-toolbar'
import { LISTING_STATUSES } from '@/lib/constants'
import { STATUS_LABELS } from './format'

const STATUSES = [
  ['current', 'All but archived'],
  ['all', 'Every status'],
  ...LISTING_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const),
] as const

const SORTS = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['updated', 'Recently updated'],
  ['price_high', 'Price: high to low'],
  ['price_low', 'Price: low to high'],
  ['title', 'Title A–Z'],
] as const

/** Search, status and sort of a team's listings, in the URL. */
export function ListingsToolbar({ q, status, sort }: { q: string; status: string; sort: string }) {
  return (
    <SearchToolbar
      id="listing"
      search={{ label: 'Search by title, address or city', placeholder: 'Search title, address or city', value: q }}
      selects={[
        { name: 'status', label: 'Status', options: STATUSES, value: status, fallback: 'current', className: 'flex-1 sm:w-40' },
        { name: 'sort', label: 'Sort', options: SORTS, value: sort, fallback: 'newest', className: 'flex-1 sm:w-48' },
      ]}
    />
  )
}
