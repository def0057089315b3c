'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** The host the visitor loaded, read in the browser (the server has no idea what they typed). */
function useHost(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hostname,
    () => '',
  )
}

/**
 * The spec's generic error text. Errors that carry a digest were thrown on the server (Next
 * replaces their message with the digest); anything else broke in the browser.
 */
export function ApplicationErrorText({ error }: { error: unknown }) {
  const host = useHost()
  const digest = typeof error === 'object' && error !== null && 'digest' in error ? String((error as { digest?: unknown }).digest ?? '') : ''
  const serverSide = digest !== ''
  return (
    <>
      <h1 className="text-base leading-7 font-medium text-ink">
        {serverSide
          ? `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`
          : `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`}
      </h1>
      {digest ? <p className="mt-3 font-mono text-sm text-muted">Digest: {digest}</p> : null}
    </>
  )
}
