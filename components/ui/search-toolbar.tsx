'use client'

import { useRef } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input, Select } from '@/components/ui/input'

export interface ToolbarSelect {
  name: string
  /** the visually hidden label */
  label: string
  options: readonly (readonly [value: string, label: string])[]
  value: string
  /** the value that is the page's default: left out of the URL */
  fallback: string
  className?: string
}

/**
 * A list page's search box and selects, kept in the URL (shareable, back-button friendly). A plain
 * GET form, so it works before JavaScript loads; the selects apply themselves once it has. Values go
 * into the URL trimmed, and a select at its default is left out.
 */
export function SearchToolbar({ id, search, selects }: {
  /** prefix of the controls' ids */
  id: string
  search: { label: string; placeholder: string; value: string; maxLength?: number }
  selects: ToolbarSelect[]
}) {
  const router = useRouter()
  const pathname = usePathname()
  const form = useRef<HTMLFormElement>(null)
  const fallbacks = new Map(selects.map((s) => [s.name, s.fallback]))

  function apply() {
    if (!form.current) return
    const params = new URLSearchParams()
    for (const [key, value] of new FormData(form.current).entries()) {
      if (typeof value !== 'string') continue
      const trimmed = value.trim()
      if (trimmed && fallbacks.get(key) !== trimmed) params.set(key, trimmed)
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
        <label htmlFor={`${id}-search`} className="sr-only">
          {search.label}
        </label>
        <Input
          id={`${id}-search`}
          name="q"
          type="search"
          defaultValue={search.value}
          maxLength={search.maxLength}
          placeholder={search.placeholder}
          className="pl-9"
        />
      </div>
      <div className="flex gap-2">
        {selects.map((select) => (
          <div key={select.name} className="contents">
            <label htmlFor={`${id}-${select.name}`} className="sr-only">
              {select.label}
            </label>
            <Select id={`${id}-${select.name}`} name={select.name} defaultValue={select.value} onChange={apply} className={select.className}>
              {select.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        ))}
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
    </form>
  )
}
