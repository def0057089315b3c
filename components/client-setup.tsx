'use client'

import '@/lib/zod-setup'

/** Side effects every page's browser bundle needs before anything else runs (see each import). */
export function ClientSetup() {
  return null
}
