'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef } from 'react'

// the server renders this page's state once per request; each render carries its own token
const mounted = new Set<string>()

/**
 * The try steps show what the database holds, drawn on the server. Browser Back (and Forward) shows
 * the page from the router's cache as it was first drawn — the property step blank, with the photos
 * it had then (issue 26). A render's token seen a second time in this tab means the page came from
 * that cache: it is drawn again from the server at once. A fresh request brings a new token, so a
 * normal visit costs nothing; a reload or a second tab is a fresh request anyway.
 */
export function FreshOnReturn({ token }: { token: string }) {
  const router = useRouter()
  const handled = useRef(false)
  useEffect(() => {
    if (handled.current) return
    handled.current = true
    if (mounted.has(token)) router.refresh()
    else mounted.add(token)
  }, [token, router])
  return null
}
