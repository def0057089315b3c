// Runs in the browser before the app hydrates. Deliberately tiny: error reporting itself loads only
// when the server says Sentry is configured, after the page is interactive (lib/monitoring/browser.ts);
// until then uncaught errors are kept for it. Navigations become spans once it is loaded, and the
// page they leave gets its $pageleave (PostHog sends one by itself only when the document unloads).
import { leavingPage } from './lib/analytics/browser'
import { listenForEarlyErrors, routerTransitionStart } from './lib/monitoring/browser'
import { noteNavigation } from './lib/navigation/traversal'

listenForEarlyErrors()

export function onRouterTransitionStart(href: string, navigationType: 'push' | 'replace' | 'traverse'): void {
  noteNavigation(navigationType)
  leavingPage(href)
  routerTransitionStart(href, navigationType)
}
