'use client'

import { useEffect, useSyncExternalStore } from 'react'
import { exposeFlag, provideFlagBootstrap, readFlag, subscribeFlags } from '@/lib/analytics/browser'
import { flagDefault, resolveFlag, type FlagBootstrap, type FlagName, type FlagValue } from './definitions'

/** The bootstraps whose exposures were recorded. */
const recorded = new WeakSet<FlagBootstrap>()

/**
 * Rendered by a page that read flags on the server (getFlags): hands what it rendered with to
 * posthog-js (bootstrap: the same answer in the browser, no flicker) and records the experiments the
 * person was shown ($feature_flag_called), once PostHog is loaded. Nothing when analytics is off.
 */
export function FlagBootstrapper({ bootstrap, exposed = [] }: { bootstrap: FlagBootstrap | null; exposed?: FlagName[] }) {
  const names = exposed.join(',')
  useEffect(() => {
    if (!bootstrap) return
    provideFlagBootstrap(bootstrap)
    // one exposure per page view: each view brings its own bootstrap object, and React's development
    // double effect (StrictMode) runs this twice for the same one
    if (recorded.has(bootstrap)) return
    recorded.add(bootstrap)
    // only what PostHog answered with a known value: an unknown variant shows the default but is no exposure
    for (const name of names ? (names.split(',') as FlagName[]) : []) {
      if (bootstrap.answered.includes(name)) exposeFlag(name, bootstrap.values[name], bootstrap.source)
    }
  }, [bootstrap, names])
  return null
}

/**
 * A flag in a client component: the page's server bootstrap (FlagBootstrapper), else the default.
 * The browser never asks /flags itself (lib/analytics/browser.ts); the value is always one
 * lib/flags/definitions.ts allows. Reading records no exposure.
 */
export function useFlag<N extends FlagName>(name: N): FlagValue<N> {
  return useSyncExternalStore(
    subscribeFlags,
    () => resolveFlag(name, readFlag(name)),
    () => flagDefault(name),
  )
}
