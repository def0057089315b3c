'use client'

import { SearchToolbar } from '@/components/ui/search-toolbar'

const FILTERS = [
  ['accounts', 'Accounts'],
  ['all', 'Everyone, trial visitors too'],
  ['admins', 'Administrators'],
  ['banned', 'Banned'],
  ['anonymous', 'Trial visitors'],
] as const

const SORTS = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['name', 'Name A–Z'],
  ['email', 'Email A–Z'],
  ['last_sign_in', 'Last signed in'],
] as const

/** Search, filter and sort of /admin/users, in the URL; any change starts at page 1. */
export function UsersToolbar({ q, filter, sort }: { q: string; filter: string; sort: string }) {
  return (
    <SearchToolbar
      id="user"
      search={{ label: 'Search by email or name', placeholder: 'Search email or name', value: q, maxLength: 100 }}
      selects={[
        { name: 'filter', label: 'Show', options: FILTERS, value: filter, fallback: 'accounts', className: 'flex-1 sm:w-52' },
        { name: 'sort', label: 'Sort', options: SORTS, value: sort, fallback: 'newest', className: 'flex-1 sm:w-44' },
      ]}
    />
  )
}
