import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import { analyticsConfig, type AnalyticsConfig } from './config'
import { parseEvent, type AnalyticsEvent, type EventProperties } from './events'
import { readAccountOptOut } from './preferences-read'

/*
 * Events the server sends itself (the render worker: render_succeeded / render_failed), through
 * PostHog's capture API (POST {host}/batch/). Only when PostHog is configured, only for people who
 * have not opted out, never throwing: analytics must not fail a render.
 */

export interface ServerEvent<E extends AnalyticsEvent> {
  event: E
  /** the account the event is about (its PostHog distinct id is the user id, as the browser identifies it) */
  userId: string
  teamId?: string | null
  properties: EventProperties<E>
}

const CAPTURE_TIMEOUT_MS = 3_000

export interface ServerCaptureOptions {
  config?: AnalyticsConfig | null
  /** reads the account's opt-out (the worker's service client) */
  db: SupabaseClient<Database>
  fetch?: typeof fetch
  log?: (...parts: unknown[]) => void
}

/** Sends one event; answers whether it was accepted (false when off, opted out, invalid or refused). */
export async function captureServerEvent<E extends AnalyticsEvent>(
  { event, userId, teamId, properties }: ServerEvent<E>,
  { config = analyticsConfig(), db, fetch: doFetch = fetch, log = console.warn }: ServerCaptureOptions,
): Promise<boolean> {
  if (!config) return false
  const checked = parseEvent(event, properties)
  if (!checked) return false
  if (await readAccountOptOut(db, userId)) return false
  try {
    const response = await doFetch(`${config.host}/batch/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: config.key,
        batch: [
          {
            event,
            distinct_id: userId,
            timestamp: new Date().toISOString(),
            properties: {
              ...checked,
              ...(teamId ? { $groups: { team: teamId } } : {}),
              $lib: 'listing-studio-server',
              // the server's address says nothing about the person
              $geoip_disable: true,
            },
          },
        ],
      }),
      signal: AbortSignal.timeout(CAPTURE_TIMEOUT_MS),
    })
    if (!response.ok) log(`[analytics] ${event} refused: HTTP ${response.status}`)
    return response.ok
  } catch (error) {
    log(`[analytics] ${event} not sent:`, error instanceof Error ? error.message : error)
    return false
  }
}
