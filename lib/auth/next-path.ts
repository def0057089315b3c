/** Where a signed-in person lands when no (valid) `next` was given. */
export const DEFAULT_NEXT_PATH = '/dashboard'

const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid'

/**
 * Keeps `next` to a path on this site: "/dashboard/x?tab=1" passes; "https://evil.test",
 * "//evil.test", "/\\evil.test", "javascript:…" and anything with control characters fall back.
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  let url: URL
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback
  // never bounce back into the auth pages themselves
  if (url.pathname === '/auth/login' || url.pathname === '/auth/signup') return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** `/auth/login?next=…` for a path the visitor tried to open. */
export function loginPath(next: string): string {
  return `/auth/login?next=${encodeURIComponent(safeNextPath(next))}`
}
