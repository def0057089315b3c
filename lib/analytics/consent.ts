/*
 * Who is left out of analytics and replay (docs/observability.md): anyone whose browser sends
 * Do-Not-Track or Global Privacy Control, and anyone who switched it off on their profile page. The
 * account's choice is kept in the database (lib/analytics/preferences.ts) and mirrored in a cookie,
 * so the browser stays left out after signing out. Shared by the server and the browser.
 */

export const OPT_OUT_COOKIE = 'analytics_opt_out'
/** two years, renewed whenever the account's choice is seen again */
export const OPT_OUT_MAX_AGE_S = 63_072_000

interface HeaderSource {
  get(name: string): string | null
}

/** Do-Not-Track or Global Privacy Control, as the request's headers carry them. */
export function headersSayOptOut(headers: HeaderSource): boolean {
  return headers.get('dnt') === '1' || headers.get('sec-gpc') === '1'
}

/** The same signals as the browser exposes them. */
export function browserSaysOptOut(): boolean {
  if (typeof navigator === 'undefined') return false
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string }
  const win = typeof window === 'undefined' ? undefined : (window as Window & { doNotTrack?: string })
  return nav.doNotTrack === '1' || nav.doNotTrack === 'yes' || win?.doNotTrack === '1' || nav.msDoNotTrack === '1' || nav.globalPrivacyControl === true
}

export function cookieSaysOptOut(value: string | undefined | null): boolean {
  return value === '1'
}

/** Sets or clears the device's mirror of the account's choice (browser only). */
export function writeOptOutCookie(optedOut: boolean): void {
  if (typeof document === 'undefined') return
  const secure = location.protocol === 'https:' ? '; secure' : ''
  document.cookie = optedOut
    ? `${OPT_OUT_COOKIE}=1; path=/; max-age=${OPT_OUT_MAX_AGE_S}; samesite=lax${secure}`
    : `${OPT_OUT_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`
}

export function readOptOutCookie(): boolean {
  if (typeof document === 'undefined') return false
  return document.cookie.split('; ').some((part) => part === `${OPT_OUT_COOKIE}=1`)
}
