import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // e2e builds into its own folder so a test build never replaces the developer's
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // ws ships optional native add-ons; keep it out of the server bundle
  serverExternalPackages: ['ws', '@electric-sql/pglite'],
  // the e2e build skips Next's own type check: `npm test` runs `tsc --noEmit` first anyway
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  poweredByHeader: false,
  reactStrictMode: true,
}

export default nextConfig
