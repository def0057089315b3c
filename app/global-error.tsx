'use client'

import { useEffect } from 'react'
import { ApplicationErrorText } from '@/components/site/application-error'
import { reportError } from '@/lib/monitoring/browser'
import './globals.css'

/** Replaces the root layout when it fails itself, so it brings its own document and styles. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error)
    // to Sentry when it is configured (a server error was reported by the server already: it has a digest)
    if (!(error instanceof Error && 'digest' in error && error.digest)) reportError(error, { boundary: 'root' })
  }, [error])
  return (
    <html lang="en">
      <body className="bg-canvas font-sans text-ink">
        <title>Application error</title>
        <main className="flex min-h-dvh items-center justify-center px-4 py-16">
          <div className="w-full max-w-xl rounded-2xl border border-border bg-surface p-8">
            <ApplicationErrorText error={error} />
            <button
              type="button"
              onClick={() => retry()}
              className="mt-6 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  )
}
