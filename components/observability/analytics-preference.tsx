'use client'

import { useState, useSyncExternalStore } from 'react'
import { toast } from 'sonner'
import { setAnalyticsPreference } from '@/lib/analytics/actions'
import { applyOptOut } from '@/lib/analytics/browser'
import { browserSaysOptOut } from '@/lib/analytics/consent'
import { analyticsPreferenceSchema } from '@/lib/analytics/schema'

const noSubscription = () => () => {}

/** The profile page's switch: share usage analytics and session replays, or not (stored for the account). */
export function AnalyticsPreference({ optedOut: initial, configured }: { optedOut: boolean; configured: boolean }) {
  const [optedOut, setOptedOut] = useState(initial)
  const [pending, setPending] = useState(false)
  const browserSignal = useSyncExternalStore(noSubscription, browserSaysOptOut, () => false)

  async function toggle(share: boolean) {
    const request = analyticsPreferenceSchema.safeParse({ optedOut: !share })
    if (!request.success) return void toast.error(request.error.issues[0]?.message ?? 'Choose again.')
    setPending(true)
    setOptedOut(request.data.optedOut)
    const id = toast.loading(share ? 'Turning usage analytics on…' : 'Turning usage analytics off…')
    const result = await setAnalyticsPreference(request.data).catch(() => null)
    setPending(false)
    if (!result?.ok) {
      setOptedOut(!request.data.optedOut)
      toast.error(result?.error ?? 'We could not reach the server. Check your connection and try again.', { id })
      return
    }
    applyOptOut(result.data.optedOut)
    toast.success(result.data.optedOut ? 'Usage analytics and session replays are off for your account' : 'Usage analytics is on for your account', { id })
  }

  return (
    <div className="space-y-3">
      <label className="flex items-start justify-between gap-4 text-sm">
        <span>
          <span className="block font-medium text-ink">Share usage analytics and session replays</span>
          <span className="mt-0.5 block text-muted">
            Which pages you use (addresses without their query) and what you do there, and recordings of your sessions
            that keep the layout and your clicks but mask every word on the page and everything you type. Never your
            name or email. Error reports are not affected.
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-label="Share usage analytics and session replays"
          checked={!optedOut}
          disabled={pending}
          onChange={(event) => void toggle(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
      </label>
      {!configured ? (
        <p className="text-sm text-subtle" data-testid="analytics-state">
          Usage analytics is not turned on for this site, so nothing is collected now. Your choice applies if it is.
        </p>
      ) : browserSignal ? (
        <p className="text-sm text-subtle" data-testid="analytics-state">
          Your browser asks sites not to track you (Do Not Track or Global Privacy Control), so nothing is collected in
          this browser whatever you choose here.
        </p>
      ) : null}
    </div>
  )
}
