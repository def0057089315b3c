import type { PostHog, SessionRecordingOptions } from 'posthog-js'
import { withoutQuery } from './url-privacy'

/*
 * What a session replay may hold (docs/observability.md): the page's layout and styles, where the
 * person moved and clicked, which pages they saw (addresses without query or fragment). Not what
 * any page says: names, emails, listing addresses, postal codes, agents' details, typed text. So
 * the masking is by default, not by marking elements one by one: every text node and every input
 * is recorded as asterisks of the same length, attributes that carry words (alt, title, labels,
 * placeholders…) likewise, addresses in attributes lose their query and fragment (signed photo
 * URLs carry their token there), mailto:/tel: links are masked whole, and `.ph-no-capture`
 * elements (the video players) are left out entirely. The project's "Privacy and masking" setting
 * in PostHog cannot loosen this: posthog-js lets these options win over the remote configuration.
 */

/** rrweb's own default for masked text, used for attributes too: same length, no content. */
export function maskText(text: string): string {
  return text.replace(/\S/g, '*')
}

/** attributes that hold words a person or a listing is described with */
const TEXT_ATTRIBUTES = new Set([
  'alt',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-placeholder',
  'placeholder',
  'label',
  'content',
  'value',
  'download',
  'summary',
  'abbr',
  'srcdoc',
  'data-testid',
])
/** attributes that hold an address */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'ping', 'data', 'xlink:href'])
const PERSONAL_SCHEME = /^\s*(mailto|tel|sms|callto|geo):/i

function maskUrl(value: string): string {
  return PERSONAL_SCHEME.test(value) ? maskText(value) : withoutQuery(value)
}

/** An attribute as the replay records it (rrweb's maskAttributeFn). */
export function maskAttribute(name: string, value: string): string {
  const key = name.toLowerCase()
  if (TEXT_ATTRIBUTES.has(key)) return maskText(value)
  if (URL_ATTRIBUTES.has(key)) return maskUrl(value)
  // "a.jpg?token=… 1x, b.jpg?token=… 2x"
  if (key === 'srcset' || key === 'imagesrcset') return value.replace(/(^|,)\s*([^\s,]+)/g, (_, comma: string, url: string) => `${comma}${comma ? ' ' : ''}${maskUrl(url)}`)
  // background-image: url("…?token=…")
  if (key === 'style') return value.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_, quote: string, url: string) => `url(${quote}${maskUrl(url)}${quote})`)
  return value
}

/** A page address or network entry the replay records: without query and fragment, no headers or bodies. */
function maskNetworkEntry<T extends { name?: string; url?: string }>(entry: T): T {
  const masked = { ...entry, requestHeaders: undefined, responseHeaders: undefined, requestBody: null, responseBody: null }
  if (typeof entry.name === 'string') masked.name = maskUrl(entry.name)
  if (typeof entry.url === 'string') masked.url = maskUrl(entry.url)
  return masked
}

export function replayMasking(blockSelector: string): SessionRecordingOptions {
  return {
    maskAllInputs: true,
    maskTextSelector: '*',
    maskTextFn: maskText,
    maskAttributeFn: maskAttribute,
    blockSelector,
    recordHeaders: false,
    recordBody: false,
    // frames of a canvas could show anything the page draws; the remote configuration cannot turn this on
    captureCanvas: { recordCanvas: false },
    maskCapturedNetworkRequestFn: maskNetworkEntry,
  }
}

type StoredVisit = { r?: unknown; u?: unknown }

/**
 * posthog-js keeps the first page's address and referrer for the person (`$initial_person_info`,
 * in its cookie) and sends them with every /flags request as `$initial_current_url` and
 * `$initial_referrer`, outside before_send. Stored without query and fragment, they go nowhere
 * with them. Called after each capture (the moment posthog-js stores them) and at start.
 */
export function stripStoredAddresses(posthog: PostHog): void {
  const persistence = posthog.persistence
  const stored = persistence?.props?.$initial_person_info as StoredVisit | undefined
  if (!persistence || !stored || typeof stored !== 'object') return
  const r = typeof stored.r === 'string' ? withoutQuery(stored.r) : stored.r
  const u = typeof stored.u === 'string' ? withoutQuery(stored.u) : stored.u
  if (r !== stored.r || u !== stored.u) persistence.register({ $initial_person_info: { ...stored, r, u } })
}
