import 'server-only'
import { z } from 'zod'
import { createClient } from '@/lib/supabase/server'
import { VIDEO_FORMAT_IDS } from '@/remotion/constants'
import { shareIdSchema } from './shared-video'

/*
 * The showcase as visitors see it: `public.showcase_videos` answers approved videos that are still
 * shared and rendered, newest first, with a total for paging. Rows are parsed before use.
 */

export const SHOWCASE_PAGE_SIZE = 12

export const showcaseQuerySchema = z.object({
  format: z.enum(VIDEO_FORMAT_IDS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
})
export type ShowcaseQuery = z.infer<typeof showcaseQuerySchema>

const rowSchema = z.object({
  share_id: shareIdSchema,
  title: z.string(),
  listing_title: z.string().nullable(),
  city: z.string().nullable(),
  format: z.enum(VIDEO_FORMAT_IDS),
  poster_path: z.string().nullable(),
  updated_at: z.string(),
  total: z.coerce.number().int().min(0),
})
/** A tile: `name` is the listing's title, as on the share page it opens (the video's name without one). */
export type ShowcaseVideo = Omit<z.infer<typeof rowSchema>, 'total' | 'title' | 'listing_title'> & { name: string }

export async function listShowcase(query: ShowcaseQuery): Promise<{ videos: ShowcaseVideo[]; total: number }> {
  const db = await createClient()
  const { data, error } = await db.rpc('showcase_videos', {
    p_format: query.format ?? undefined,
    p_limit: SHOWCASE_PAGE_SIZE,
    p_offset: (query.page - 1) * SHOWCASE_PAGE_SIZE,
  })
  if (error) throw new Error(`reading the showcase failed: ${error.message}`)
  const rows = z.array(rowSchema).parse(data ?? [])
  return {
    videos: rows.map(({ total: _t, title, listing_title, ...video }) => ({ ...video, name: listing_title ?? title })),
    total: rows[0]?.total ?? 0,
  }
}
