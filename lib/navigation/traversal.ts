// Whether the page now showing came from Back or Forward. Next tells instrumentation-client.ts the
// kind of each navigation ('traverse' for the history buttons); a page that must show the database's
// state (the try steps, components/try/fresh-on-return.tsx) takes the flag once when it mounts.

/** how long after a Back/Forward its page may mount and still count as that navigation's */
const WITHIN_MS = 5_000
let traversedAt: number | null = null

export function noteNavigation(navigationType: 'push' | 'replace' | 'traverse'): void {
  traversedAt = navigationType === 'traverse' ? performance.now() : null
}

/** True once for the first page to mount after a Back or Forward (and not after any other navigation). */
export function takeTraversal(): boolean {
  const recent = traversedAt !== null && performance.now() - traversedAt < WITHIN_MS
  traversedAt = null
  return recent
}
