import 'server-only'
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import { createAdminClient } from '@/lib/supabase/admin'
import { createClient } from '@/lib/supabase/server'
import { MEDIA } from '@/lib/constants'
import { signablePath } from '@/lib/media/signable'
import { RENDERS_BUCKET } from '@/lib/render/outcome'
import { isMediaRef, refPath } from '@/lib/videos/media-refs'
import { VIDEO_FORMAT_IDS } from '@/remotion/constants'
import type { PosterWidth } from './poster'
import { webPoster } from './web-posters'
import { agentSchema, listingSchema } from '@/remotion/schema'
import { localeForCountry } from '@/lib/videos/draft'

/*
 * A shared video as its public page sees it: `public.shared_video(share_id)` answers only for a
 * shared video with a finished render, and only the fields the page shows. Everything it returns is
 * parsed before use. The team's media (the agent's photo and logo) and the render itself live in
 * private buckets: the server signs them with the service key, for this page view only (an hour),
 * and the video and poster go through /share/{id}/video and /poster, which check sharing on every
 * request, so unsharing takes effect at once. Whatever the service key signs is checked first to lie
 * in the video's own team folder (`signablePath`): the agent's pictures in the media bucket, the
 * render and poster in the renders bucket; anything else is not signed, whatever the row says.
 */

export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12,64}$/)

const rowSchema = z.object({
  video_id: z.uuid(),
  team_id: z.uuid(),
  share_id: shareIdSchema,
  title: z.string(),
  format: z.enum(VIDEO_FORMAT_IDS),
  listing: listingSchema,
  agent: agentSchema.nullable(),
  brand_color: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullable(),
  output_path: z.string().min(1),
  poster_path: z.string().min(1).nullable(),
  output_codec: z.string().nullable(),
  updated_at: z.string(),
})
export type SharedVideo = z.infer<typeof rowSchema>

/**
 * What a share page calls the video: the listing's title ("Hillside modern with pool"), never the
 * video's own name, which carries the template ("… — Classic Tour", a word for the team, not buyers).
 */
export function sharedTitle(video: Pick<SharedVideo, 'title' | 'listing'>): string {
  return video.listing.title?.trim() || video.title
}

/**
 * The locale the video formats its numbers in (its listing's country, as the video's draft chose it:
 * lib/videos/draft.ts), so the page and the video write the same price: "$3,450,000" for an
 * Australian listing in AUD on both, never "A$3,450,000" on one of them.
 */
export function sharedLocale(video: Pick<SharedVideo, 'listing'>): string {
  return localeForCountry(video.listing.address.country)
}

/** The shared video behind `shareId`, or null (unknown, unshared, not rendered, or malformed id). */
export async function findSharedVideo(shareId: string, client?: SupabaseClient<Database>): Promise<SharedVideo | null> {
  if (!shareIdSchema.safeParse(shareId).success) return null
  const db = client ?? (await createClient())
  const { data, error } = await db.rpc('shared_video', { p_share_id: shareId })
  if (error) throw new Error(`reading a shared video failed: ${error.message}`)
  const row = (data as unknown[] | null)?.[0]
  if (!row) return null
  const parsed = rowSchema.safeParse(row)
  // a stored video that no longer fits the schema is not shown rather than shown broken
  return parsed.success ? parsed.data : null
}

/**
 * Signed URLs (one hour) for the agent's photo and logo, when they are library media of `teamId`
 * (the video's team); a reference outside that team's folder gets no URL.
 */
export async function signAgentMedia(
  agent: SharedVideo['agent'],
  teamId: string,
  admin: SupabaseClient<Database> = createAdminClient(),
): Promise<{ photo: string | null; logo: string | null }> {
  const refs = [agent?.photoSrc, agent?.logoSrc]
  const paths = refs.map((src) => (src && isMediaRef(src) ? signablePath(refPath(src), teamId) : null))
  if (!paths.some(Boolean)) return { photo: null, logo: null }
  const bucket = admin.storage.from(MEDIA.bucket)
  const signed = await Promise.all(paths.map((p) => (p ? bucket.createSignedUrl(p, 3600) : Promise.resolve({ data: null }))))
  return { photo: signed[0].data?.signedUrl ?? null, logo: signed[1].data?.signedUrl ?? null }
}

/**
 * GET /share/{id}/video and /poster: sharing checked on this request, then a redirect to a signed URL
 * valid for 10 minutes; unshared, unknown or without that file → 404.
 */
export async function sharedFileResponse(
  shareId: string,
  which: 'video' | 'poster',
  clients: { db?: SupabaseClient<Database>; admin?: SupabaseClient<Database> } = {},
): Promise<Response> {
  const video = await findSharedVideo(shareId, clients.db)
  const file = video && signablePath(which === 'video' ? video.output_path : video.poster_path, video.team_id)
  const { data } = file ? await (clients.admin ?? createAdminClient()).storage.from(RENDERS_BUCKET).createSignedUrl(file, 600) : { data: null }
  if (!data?.signedUrl) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  return new Response(null, { status: 302, headers: { location: data.signedUrl, 'cache-control': 'no-store' } })
}

/**
 * GET /share/{id}/poster?w=…: the poster at that width as WebP, served by us (no redirect, a fraction
 * of the bytes: the share page's and the showcase's largest paint on a phone). The scaled file is
 * stored when the render finishes (lib/share/web-posters.ts), so this is a read, not a resize. Sharing
 * is checked on this request; the browser may keep the picture five minutes, and asks again with its
 * ETag after that (a render's poster never changes: 304).
 */
export async function sharedPosterResponse(
  shareId: string,
  width: PosterWidth,
  ifNoneMatch: string | null = null,
  clients: { db?: SupabaseClient<Database>; admin?: SupabaseClient<Database> } = {},
): Promise<Response> {
  const video = await findSharedVideo(shareId, clients.db)
  const notFound = new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  const poster = video && signablePath(video.poster_path, video.team_id)
  if (!poster) return notFound
  const etag = `"${createHash('sha256').update(`${poster}:${width}`).digest('base64url').slice(0, 22)}"`
  const caching = { etag, 'cache-control': 'private, max-age=300' }
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers: caching })
  const body = await webPoster((clients.admin ?? createAdminClient()).storage.from(RENDERS_BUCKET), poster, width)
  if (!body) return notFound
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': 'image/webp', 'content-length': String(body.length), ...caching },
  })
}
