import type { MetadataRoute } from 'next'
import { siteUrl } from '@/lib/env'
import { shareIdSchema } from '@/lib/share/shared-video'
import { createClient } from '@/lib/supabase/server'

// The public pages, and the share pages of the showcase's approved videos (shared pages that are not
// in the showcase stay out: their owners share the link, not the search engines).
export const dynamic = 'force-dynamic'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl()
  const pages: MetadataRoute.Sitemap = [
    { url: `${base}/`, changeFrequency: 'weekly', priority: 1 },
    { url: `${base}/showcase`, changeFrequency: 'daily', priority: 0.8 },
    { url: `${base}/try`, changeFrequency: 'monthly', priority: 0.7 },
    { url: `${base}/privacy`, changeFrequency: 'yearly', priority: 0.2 },
    { url: `${base}/terms`, changeFrequency: 'yearly', priority: 0.2 },
  ]
  const db = await createClient()
  const { data } = await db.rpc('showcase_videos', { p_limit: 48, p_offset: 0 })
  for (const row of (data ?? []) as { share_id: unknown; updated_at: unknown }[]) {
    const shareId = shareIdSchema.safeParse(row.share_id)
    if (!shareId.success) continue
    pages.push({ url: `${base}/share/${shareId.data}`, lastModified: typeof row.updated_at === 'string' ? row.updated_at : undefined, changeFrequency: 'monthly', priority: 0.5 })
  }
  return pages
}
