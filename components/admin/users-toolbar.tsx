'use client'

import { useRef } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input, Select } from '@/components/ui/input'

const FILTERS = [
  ['all', 'Everyone'],
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

/**
 * Search, filter and sort live in the URL (shareable, back-button friendly). A plain GET form, so it
 * works before JavaScript loads; the selects apply themselves once it has. Any change starts at page 1.
 */
export function UsersToolbar({ q, filter, sort }: { q: string; filter: string; sort: string }) {
  const router = useRouter()
  const pathname = usePathname()
  const form = useRef<HTMLFormElement>(null)

  function apply() {
    if (!form.current) return
    const params = new URLSearchParams()
    for (const [key, value] of new FormData(form.current).entries()) {
      if (typeof value !== 'string') continue
      const trimmed = value.trim()
      if (trimmed && !(key === 'filter' && trimmed === 'all') && !(key === 'sort' && trimmed === 'newest')) params.set(key, trimmed)
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
        <label htmlFor="user-search" className="sr-only">
          Search by email or name
        </label>
        <Input id="user-search" name="q" type="search" defaultValue={q} maxLength={100} placeholder="Search email or name" className="pl-9" />
      </div>
      <div className="flex gap-2">
        <label htmlFor="user-filter" className="sr-only">
          Show
        </label>
        <Select id="user-filter" name="filter" defaultValue={filter} onChange={apply} className="flex-1 sm:w-40">
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <label htmlFor="user-sort" className="sr-only">
          Sort
        </label>
        <Select id="user-sort" name="sort" defaultValue={sort} onChange={apply} className="flex-1 sm:w-44">
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
