import type { PostHog } from 'posthog-js'
import type { FlagBootstrap, FlagName } from '@/lib/flags/definitions'
import { browserSaysOptOut, writeOptOutCookie } from './consent'
import { INGEST_PATH, REPLAY_BLOCK_SELECTOR } from './constants'
import type { AnalyticsEvent, EventProperties } from './events'
import { replayMasking, stripStoredAddresses } from './replay-privacy'
import { stripUrls } from './url-privacy'

/*
 * PostHog in the browser (docs/observability.md): loaded only when the server says it is configured
 * and this person is not left out, and only after the page is interactive (components/observability);
 * nothing of it is in the first page load. Captures made before it is ready wait (a few); when it is
 * off they are dropped. Every request goes to this site's /ingest.
 */

export interface BrowserAnalyticsConfig {
  key: string
  uiHost: string
  /** the session's user (trial sessions included: a trial and the account it becomes are one person) */
  user: { id: string } | null
  /** the signed-up account's stored opt-out; null for visitors and trial sessions */
  accountOptOut: boolean | null
}

type Task = (posthog: PostHog) => void
const MAX_WAITING = 50

let state: 'pending' | 'loading' | 'ready' | 'off' = 'pending'
/** which start is current: one switched off (or restarted) while its code was loading must not init */
let generation = 0
let instance: PostHog | null = null
let lastConfig: BrowserAnalyticsConfig | null = null
let bootstrap: FlagBootstrap | null = null
/** the path a `$pageleave` was sent for, until the next page's view */
let leftPath: string | null = null
const tasks: Task[] = []
/** the catalogue's check, loaded with PostHog (./events holds zod) */
let parseEvent: typeof import('./events').parseEvent | null = null
const flagListeners = new Set<() => void>()

function whenReady(task: Task): void {
  if (state === 'ready' && instance) task(instance)
  else if (state !== 'off' && tasks.length < MAX_WAITING) tasks.push(task)
}

/** Sends a catalogue event (lib/analytics/events.ts); a no-op when analytics is off. */
export function capture<E extends AnalyticsEvent>(event: E, properties: EventProperties<E>): void {
  // checked against the catalogue (zod) when PostHog is ready: the schemas load with PostHog, after
  // the page is interactive and only where it is configured. A page that captured on view used to
  // load zod's 390 KB at once and run it inside Lighthouse's window (npm run lighthouse).
  whenReady((posthog) => {
    const checked = parseEvent?.(event, properties)
    if (checked) posthog.capture(event, checked)
  })
}

/** Dashboard pages: events belong to the team being worked in. */
export function groupTeam(teamId: string): void {
  whenReady((posthog) => posthog.group('team', teamId))
}

/** The flags a server-rendered page used, so posthog-js starts with the same answer (no flicker). */
export function provideFlagBootstrap(value: FlagBootstrap): void {
  if (state === 'pending' || state === 'loading') bootstrap ??= value
}

/**
 * Records that this person saw `value` of an experiment flag ($feature_flag_called), only when the
 * value came from PostHog: a default shown because the service did not answer is no exposure.
 */
export function exposeFlag(name: FlagName, value: string | boolean, source: FlagBootstrap['source']): void {
  if (source !== 'service') return
  whenReady((posthog) => posthog.capture('$feature_flag_called', { $feature_flag: name, $feature_flag_response: value }))
}

/**
 * An App Router navigation is starting (instrumentation-client.ts). posthog-js sends `$pageleave`
 * only when the document unloads, and a navigation inside the app replaces the page without
 * unloading it, so almost no page was ever left. It is sent here, while the page being left is still
 * the current one (its address, and posthog-js's time-on-page and scroll for it). Only when the path
 * changes, as posthog-js's own `$pageview` on history changes; once per page, however many
 * navigations start before the address changes.
 */
export function leavingPage(href: string): void {
  if (state !== 'ready' || !instance) return
  let next: URL
  try {
    next = new URL(href, window.location.href)
  } catch {
    return
  }
  const here = window.location.pathname
  if (next.origin !== window.location.origin || next.pathname === here || leftPath === here) return
  leftPath = here
  instance.capture('$pageleave')
}

/** PostHog's current answer for a flag (undefined until loaded); never records an exposure. */
export function readFlag(name: FlagName): boolean | string | undefined {
  if (state === 'ready' && instance) return instance.getFeatureFlag(name, { send_event: false })
  return bootstrap?.values[name]
}

export function subscribeFlags(listener: () => void): () => void {
  flagListeners.add(listener)
  return () => flagListeners.delete(listener)
}

function identify(posthog: PostHog, user: BrowserAnalyticsConfig['user']) {
  const identified = posthog.get_property('$user_state') === 'identified'
  if (!user) {
    // signed out (or the session ended): the next person on this browser starts anonymous
    if (identified) posthog.reset()
    return
  }
  if (identified && posthog.get_distinct_id() === user.id) return
  if (identified) posthog.reset()
  posthog.identify(user.id)
}

export async function startAnalytics(config: BrowserAnalyticsConfig): Promise<void> {
  lastConfig = config
  if (state === 'ready' && instance) return identify(instance, config.user)
  if (state !== 'pending') return
  state = 'loading'
  const mine = ++generation
  try {
    const [{ default: posthog }, , events] = await Promise.all([import('posthog-js'), import('posthog-js/dist/posthog-recorder'), import('./events')])
    parseEvent = events.parseEvent
    // switched off (the person opted out) while the code was loading: nothing starts
    if (mine !== generation || state !== 'loading') return
    posthog.init(config.key, {
      api_host: INGEST_PATH,
      ui_host: config.uiHost,
      defaults: '2026-01-30',
      persistence: 'localStorage+cookie',
      person_profiles: 'identified_only',
      // the catalogue's events, page views and page leaves only
      autocapture: false,
      capture_pageview: 'history_change',
      // page leaves: posthog-js's own when the document unloads, leavingPage below for navigations in the app
      capture_pageleave: true,
      capture_dead_clicks: false,
      capture_exceptions: false,
      capture_performance: false,
      enable_heatmaps: false,
      disable_surveys: true,
      disable_product_tours: true,
      disable_conversations: true,
      disable_web_experiments: true,
      // flags are evaluated by the server for the pages that use them and handed over as the bootstrap
      // (lib/flags/server.ts): the browser never asks /flags itself, on any page, signed in or not
      advanced_disable_feature_flags: true,
      // the recorder is bundled above: no script is ever loaded from PostHog
      disable_external_dependency_loading: true,
      advanced_disable_toolbar_metrics: true,
      respect_dnt: true,
      mask_personal_data_properties: true,
      // autocapture is off; should the project's settings turn it on, it records no text or attributes
      mask_all_text: true,
      mask_all_element_attributes: true,
      disable_capture_url_hashes: true,
      enable_recording_console_log: false,
      // replays: every text, input and personal attribute masked, players left out (lib/analytics/replay-privacy.ts)
      session_recording: replayMasking(REPLAY_BLOCK_SELECTOR),
      bootstrap: bootstrap
        ? { distinctID: bootstrap.distinctId, isIdentifiedID: bootstrap.identified, featureFlags: bootstrap.source === 'service' ? bootstrap.values : undefined }
        : undefined,
      // every address in every event without its query and fragment (links carry one-time codes and
      // ids there): properties, $set and $set_once; and the first page's address posthog-js keeps
      // for the person (it goes into each /flags request) the moment it is stored
      before_send: (event) => {
        if (!event) return event
        if (event.event === '$pageview') leftPath = null
        stripUrls(event.properties)
        stripUrls(event.$set)
        stripUrls(event.$set_once)
        stripStoredAddresses(posthog)
        return event
      },
    })
    // a first page stored by an earlier version with its query: stripped before the next /flags request
    stripStoredAddresses(posthog)
    posthog.register({ $geoip_disable: true })
    posthog.onFeatureFlags(() => flagListeners.forEach((listener) => listener()))
    identify(posthog, config.user)
    instance = posthog
    state = 'ready'
    for (const task of tasks.splice(0)) task(posthog)
    flagListeners.forEach((listener) => listener())
  } catch (error) {
    console.warn('[analytics] PostHog could not be loaded', error)
    stopAnalytics()
  }
}

/** Off for this page: not configured, or this person is left out. Waiting captures are dropped. */
export function stopAnalytics(): void {
  generation += 1
  tasks.length = 0
  if (instance) {
    instance.opt_out_capturing()
    instance.stopSessionRecording()
  }
  state = 'off'
}

/** The profile page's switch, applied at once in this browser (the server stores it for the account). */
export function applyOptOut(optedOut: boolean): void {
  writeOptOutCookie(optedOut)
  if (optedOut) return stopAnalytics()
  if (browserSaysOptOut()) return
  if (instance) {
    instance.opt_in_capturing()
    state = 'ready'
  } else if (lastConfig) {
    state = 'pending'
    void startAnalytics({ ...lastConfig, accountOptOut: false })
  }
}
