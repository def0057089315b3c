/*
 * Addresses sent to PostHog carry no query string and no fragment (docs/observability.md): this
 * app's links put one-time codes, tokens and ids there (a password reset's `code`, a confirmation's
 * `token_hash`, `next=`…). Used in the browser (posthog-js's before_send and replay masking,
 * lib/analytics/browser.ts) and again by the /ingest relay on everything it passes on
 * (lib/analytics/ingest-privacy.ts), so one rule holds at both layers.
 */

/** `https://site/path?code=1#frag` → `https://site/path`; anything without `?` or `#` is unchanged. */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}

/** A string that is a URL with a scheme and authority (http://, https://, ws://, chrome-extension://…). */
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i
/** Property names that hold an address even when it is relative: $current_url, $referrer, $initial_referrer, $session_entry_url, href, $prev_pageview_pathname… */
const URL_KEY = /(url|href|referrer|referer|pathname|uri|location)$/i
/** deep enough for a capture batch: body → batch → [i] → $set_once → key; never the DOM of a replay */
const MAX_DEPTH = 8

function scrubString(key: string, value: string): string {
  return URL_KEY.test(key) || ABSOLUTE_URL.test(value) ? withoutQuery(value) : value
}

/**
 * Removes the query string and fragment of every address in `node`, in place: every string under
 * a URL-like property name, and every absolute URL anywhere. A replay's recording
 * (`$snapshot_data`) is left to `stripReplayUrls`.
 */
export function stripUrls(node: unknown, depth = 0): void {
  if (depth > MAX_DEPTH || !node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      const value: unknown = node[i]
      if (typeof value === 'string') node[i] = scrubString('', value)
      else stripUrls(value, depth + 1)
    }
    return
  }
  const record = node as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (typeof value === 'string') record[key] = scrubString(key, value)
    else if (key === '$snapshot_data') stripReplayUrls(value)
    else stripUrls(value, depth + 1)
  }
}

// rrweb event types whose data is small and may name the page: Meta ({ href }), Custom
// (posthog-js's $pageview / $url_changed { href }), Plugin (network requests { name })
const META = 4
const CUSTOM = 5
const PLUGIN = 6

/** The addresses in a replay batch's rrweb events (page changes, network entries); the DOM snapshots are masked in the browser. */
export function stripReplayUrls(items: unknown): void {
  if (!Array.isArray(items)) return
  for (const item of items) {
    if (!item || typeof item !== 'object') continue
    const { type, data } = item as { type?: unknown; data?: unknown }
    if ((type === META || type === CUSTOM || type === PLUGIN) && data && typeof data === 'object') stripUrls(data, 2)
  }
}
