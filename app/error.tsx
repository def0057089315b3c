'use client'

import { useEffect } from 'react'
import { ApplicationErrorText } from '@/components/site/application-error'
import { reportError } from '@/lib/monitoring/browser'

/** Any unhandled failure below the root layout. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error)
    // to Sentry when it is configured (a server error was reported by the server already: it has a digest)
    if (!(error instanceof Error && 'digest' in error && error.digest)) reportError(error, { boundary: 'page' })
  }, [error])
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="w-full max-w-xl rounded-2xl border border-border bg-surface p-8 shadow-card">
        <ApplicationErrorText error={error} />
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => retry()}
            className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            Try again
          </button>
          {/* a full reload, not a client navigation: the app may be in a broken state */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="inline-flex h-10 items-center rounded-lg border border-border-strong px-4 text-sm font-medium text-ink hover:bg-canvas">
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  )
}
