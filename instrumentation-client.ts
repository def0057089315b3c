// Runs in the browser before the app hydrates. Deliberately tiny: error reporting itself loads only
// when the server says Sentry is configured, after the page is interactive (lib/monitoring/browser.ts);
// until then uncaught errors are kept for it. Navigations become spans once it is loaded.
import { listenForEarlyErrors, routerTransitionStart } from './lib/monitoring/browser'

listenForEarlyErrors()

export const onRouterTransitionStart = routerTransitionStart
