import type { NextConfig } from 'next'
import { HSTS, STATIC_SECURITY_HEADERS } from './lib/security/headers'

const nextConfig: NextConfig = {
  // e2e builds into its own folder so a test build never replaces the developer's
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // ws ships optional native add-ons; keep it out of the server bundle
  serverExternalPackages: ['ws', '@electric-sql/pglite'],
  // the e2e build skips Next's own type check: `npm test` runs `tsc --noEmit` first anyway
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  poweredByHeader: false,
  // the stylesheet (Tailwind: one small file) goes into the page's <head> instead of a render-blocking
  // request: one round trip less before the first paint on a slow link (measured: npm run lighthouse)
  experimental: { inlineCss: true },
  reactStrictMode: true,
  // the addresses the README and `npm run dev` print: Next blocks its development resources (and so
  // hydration) for origins it was not told about
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // the Content-Security-Policy needs a nonce per request, so it is set in proxy.ts
  async headers() {
    const headers = [...STATIC_SECURITY_HEADERS]
    if (process.env.NODE_ENV === 'production') headers.push({ key: 'Strict-Transport-Security', value: HSTS })
    return [{ source: '/:path*', headers }]
  },
}

export default nextConfig
