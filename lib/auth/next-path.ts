/** Where a signed-in person lands when no (valid) `next` was given. */
export const DEFAULT_NEXT_PATH = '/dashboard'

const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid'

/** A path that a browser would read as another host: `//host`, `/\\host` (backslashes count as slashes). */
const OTHER_HOST = /^[/\\][/\\]/

/**
 * Keeps `next` to a path on this site: "/dashboard/x?tab=1" passes; "https://evil.test",
 * "//evil.test", "/\\evil.test", "/.//evil.test", "javascript:…" and anything with control
 * characters fall back. The check runs on the normalised result too, because normalising is what
 * turns "/.//evil.test" and "/./\\evil.test" into "//evil.test".
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback
  if (/[\u0000-\u001f\u007f-\u009f\s]/.test(value)) return fallback
  if (!value.startsWith('/') || OTHER_HOST.test(value)) return fallback
  let url: URL
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback
  const result = `${url.pathname}${url.search}${url.hash}`
  if (!result.startsWith('/') || OTHER_HOST.test(result)) return fallback
  // a server or proxy that decodes the path once more must not find another host either
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return fallback
  }
  if (OTHER_HOST.test(decoded) || /[\u0000-\u001f\u007f]/.test(decoded)) return fallback
  // the result must be a fixed point: parsing it again gives the same path on the same site
  const again = new URL(result, PLACEHOLDER_ORIGIN)
  if (again.origin !== PLACEHOLDER_ORIGIN || `${again.pathname}${again.search}${again.hash}` !== result) return fallback
  // never bounce back into the auth pages themselves
  const page = decoded.replace(/\/+$/, '')
  if (page === '/auth/login' || page === '/auth/signup' || page === '/auth/second-factor') return fallback
  return result
}

/** `/auth/login?next=…` for a path the visitor tried to open. */
export function loginPath(next: string): string {
  return `/auth/login?next=${encodeURIComponent(safeNextPath(next))}`
}

/** The page that asks for the second factor (an administrator, or anyone with an authenticator), then goes on to `next`. */
export function secondFactorPath(next: string): string {
  return `/auth/second-factor?next=${encodeURIComponent(safeNextPath(next))}`
}
