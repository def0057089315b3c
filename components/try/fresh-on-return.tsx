'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef } from 'react'
import { takeTraversal } from '@/lib/navigation/traversal'

// the server renders this page's state once per request; each render carries its own token
const mounted = new Set<string>()
/** a refresh that has not brought a new render by then is asked again (once) */
const RETRY_MS = 2_000

/**
 * The try steps show what the database holds, drawn on the server. Browser Back (and Forward) shows
 * the page from the router's cache as it was drawn then — the property step blank, with the photos it
 * had then (issue 26). So the page is drawn again from the server at once when it came by Back or
 * Forward (Next names the navigation: lib/navigation/traversal.ts), or when its render's token was
 * already seen in this tab (another way to the cached page). The new render brings a new token; if
 * none has come within two seconds (a refresh can be lost to a navigation still settling), it asks
 * once more. A normal visit costs nothing; a reload or a second tab is a fresh request anyway.
 */
export function FreshOnReturn({ token }: { token: string }) {
  const router = useRouter()
  // React's development double effect: the second run of the same mount does nothing
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (handled.current === token) return
    handled.current = token
    const traversed = takeTraversal()
    const seen = mounted.has(token)
    mounted.add(token)
    if (!traversed && !seen) return
    router.refresh()
    const retry = window.setTimeout(() => router.refresh(), RETRY_MS)
    // the new render arrived (a new token) or the page was left: no second ask
    return () => window.clearTimeout(retry)
  }, [token, router])
  return null
}
