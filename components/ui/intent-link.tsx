'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useRef, type ComponentProps } from 'react'

/**
 * A <Link> that prefetches its page when a person reaches for it (pointer over it, keyboard focus, a
 * touch), not when it scrolls into view. For links on every page (the team's sections): by viewport
 * each dashboard page load sent a dozen prefetch requests, each a server render, while the page itself
 * was still loading (docs/editor.md, fifth round). A click before any intent still navigates.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: Omit<ComponentProps<typeof Link>, 'prefetch'> & { href: string }) {
  const router = useRouter()
  const done = useRef(false)
  const reach = () => {
    if (done.current) return
    done.current = true
    router.prefetch(href)
  }
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        reach()
        onMouseEnter?.(event)
      }}
      onFocus={(event) => {
        reach()
        onFocus?.(event)
      }}
      onTouchStart={(event) => {
        reach()
        onTouchStart?.(event)
      }}
      {...rest}
    />
  )
}
