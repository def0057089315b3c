'use client'

import { useEffect } from 'react'
import { RotateCcw, TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** A failure inside a team page keeps the navigation and offers a retry instead of the generic error page. */
// `retry` (Next 16) refetches the server segment before re-rendering; `reset` alone would replay the same failure.
export default function TeamError({
  error,
  reset,
  retry,
}: {
  error: Error & { digest?: string }
  reset: () => void
  retry?: () => void
}) {
  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-danger-50 text-danger-600">
        <TriangleAlert aria-hidden className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-ink">This page could not load</h1>
      <p className="mt-2 text-sm text-muted">
        Something went wrong while loading this part of your dashboard. Your data is safe — try again, and if it keeps
        happening, let us know the reference below.
      </p>
      {error.digest ? <p className="mt-3 font-mono text-xs text-subtle">Reference: {error.digest}</p> : null}
      <Button className="mt-6" onClick={retry ?? reset}>
        <RotateCcw aria-hidden /> Try again
      </Button>
    </div>
  )
}
