import type { NextConfig } from 'next'
import { withSentryConfig } from '@sentry/nextjs/config'
import { addCompileHints } from './lib/build/compile-hints'
import { releaseName } from './lib/monitoring/release'
import { HSTS, STATIC_SECURITY_HEADERS } from './lib/security/headers'

// the code's version (SENTRY_RELEASE, else the git commit): error reports and traces carry it
const release = releaseName()
// a build for `npm run bench:editor-profile`: keeps its browser source maps (never for a deployment)
const profiling = process.env.NEXT_BROWSER_SOURCEMAPS === '1'

const nextConfig: NextConfig = {
  // e2e builds into its own folder so a test build never replaces the developer's
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // ws ships optional native add-ons; keep it out of the server bundle
  serverExternalPackages: ['ws', '@electric-sql/pglite'],
  // the e2e build skips Next's own type check: `npm test` runs `tsc --noEmit` first anyway
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  poweredByHeader: false,
  // browser source maps only for the profiling benchmark's own build (scripts/bench/editor-profile.ts)
  productionBrowserSourceMaps: profiling,
  // the browser's zod comes configured (lib/zod-browser.ts), in the bundles that use it only
  turbopack: { resolveAlias: { zod: { browser: './lib/zod-browser.ts' } } },
  // The stylesheet is a file again, not inlined (experimental.inlineCss): Next put the 72 KB of CSS into
  // the page's <head> and twice more into its RSC payload, 251 KB of HTML for /privacy that the browser
  // parsed on every page. Lighthouse, same box and build, inlined → file: total blocking time 1.8 s →
  // 1.0 s on /, 1.4 s → 0.5 s on /showcase (docs/sharing.md, "Measured").
  reactStrictMode: true,
  compiler: {
    // Chrome's compile hint on the chunks every page runs at startup (lib/build/compile-hints.ts). Next
    // runs this once the client chunks are written; Sentry's source-map upload runs after it.
    runAfterProductionCompile: async ({ distDir }) => {
      const hinted = await addCompileHints(distDir)
      console.log(`[compile-hints] ${hinted.length} startup chunks marked allFunctionsCalledOnLoad`)
    },
  },
  // the addresses the README and `npm run dev` print: Next blocks its development resources (and so
  // hydration) for origins it was not told about
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  ...(release ? { env: { APP_RELEASE: release } } : {}),
  // PostHog's endpoints end in a slash (/ingest/e/, /ingest/flags/): Next's own redirect to the
  // slash-less address is switched off and redone below for every other path
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [{ source: '/:path((?!ingest/).+)/', destination: '/:path', permanent: true }]
  },
  // the Content-Security-Policy needs a nonce per request, so it is set in proxy.ts
  async headers() {
    const headers = [...STATIC_SECURITY_HEADERS]
    if (process.env.NODE_ENV === 'production') headers.push({ key: 'Strict-Transport-Security', value: HSTS })
    return [{ source: '/:path*', headers }]
  },
}

// Sentry's build step (docs/observability.md): the release name into the bundles and, only with
// SENTRY_AUTH_TOKEN (+ SENTRY_ORG, SENTRY_PROJECT), source maps uploaded to Sentry and then deleted.
// Without a token no source map is made or uploaded and the build makes no outside connection.
const uploadToken = process.env.SENTRY_AUTH_TOKEN?.trim() || undefined

export default withSentryConfig(nextConfig, {
  telemetry: false,
  silent: !process.env.CI,
  authToken: uploadToken,
  org: process.env.SENTRY_ORG,
  project: process.env.SENTRY_PROJECT,
  sentryUrl: process.env.SENTRY_URL,
  release: { name: release, create: Boolean(uploadToken) },
  sourcemaps: { disable: !uploadToken, deleteSourcemapsAfterUpload: !profiling },
  // the browser's envelopes go through app/api/diagnostics (any DSN, self-hosted included), not Sentry's rewrite
  tunnelRoute: undefined,
})
