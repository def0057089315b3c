'use client'

import { useLinkStatus } from 'next/link'
import { cn } from './cn'

/**
 * Inside a <Link>: a spinner while the navigation that link started is under way. The video page and
 * the editor have no loading skeleton (a skeleton holds their content back: docs/editor.md, fifth
 * round), so the link itself says it is opening them.
 */
export function LinkPending({ className }: { className?: string }) {
  const { pending } = useLinkStatus()
  if (!pending) return null
  return <span aria-hidden data-testid="link-pending" className={cn('size-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent', className)} />
}
