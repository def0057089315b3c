'use client'

import { useEffect } from 'react'
import { capture } from '@/lib/analytics/browser'
import type { AnalyticsEvent, EventProperties } from '@/lib/analytics/events'

/** Sends a catalogue event once when a server-rendered page is shown (e.g. share_viewed). */
export function CaptureOnView<E extends AnalyticsEvent>({ event, properties }: { event: E; properties: EventProperties<E> }) {
  const key = JSON.stringify(properties)
  useEffect(() => {
    capture(event, JSON.parse(key) as EventProperties<E>)
  }, [event, key])
  return null
}
