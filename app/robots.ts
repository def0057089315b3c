import type { MetadataRoute } from 'next'
import { siteUrl } from '@/lib/env'

// Public pages may be crawled; the app, the admin area, trial projects and the API may not.
export default function robots(): MetadataRoute.Robots {
  const base = siteUrl()
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/dashboard', '/admin', '/api', '/auth', '/try/'] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  }
}
