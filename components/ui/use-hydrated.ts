'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while the server's HTML is shown and during hydration, true once React owns the page.
 * Text typed into a server-rendered field before hydration is not seen by React's state (and was
 * merged with it afterwards), so forms that keep their own state stay disabled until this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
