import path from 'node:path'
import sharp from 'sharp'
import { POSTER_WIDTHS, type PosterWidth } from './poster'

/*
 * The poster at the widths the pages ask for (WebP), stored beside the render's poster.jpg. The
 * worker stores them when the render finishes; a render made before that (or by Lambda) gets each
 * one stored the first time a page asks for it. So a share page's largest paint is a stored file,
 * never a resize per request.
 */

type Bucket = {
  upload: (path: string, body: Buffer, options: { contentType: string; upsert: boolean; cacheControl?: string }) => Promise<{ error: { message: string } | null }>
  download: (path: string) => Promise<{ data: Blob | null; error: unknown }>
}

/** `…/renders/{run}/poster-480.webp` for `…/renders/{run}/poster.jpg`. */
export function webPosterPath(posterPath: string, width: PosterWidth): string {
  return `${path.posix.dirname(posterPath)}/poster-${width}.webp`
}

/** All of a poster's web copies (to remove them with it). */
export const webPosterPaths = (posterPath: string) => POSTER_WIDTHS.map((width) => webPosterPath(posterPath, width))

export async function scalePoster(poster: Buffer, width: PosterWidth): Promise<Buffer> {
  return sharp(poster).resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer()
}

/** One width scaled and stored beside the poster; a failure is logged (the page scales again next time). */
async function storeWebPoster(bucket: Bucket, posterPath: string, poster: Buffer, width: PosterWidth): Promise<Buffer> {
  const body = await scalePoster(poster, width)
  const { error } = await bucket.upload(webPosterPath(posterPath, width), body, { contentType: 'image/webp', upsert: true, cacheControl: '31536000' })
  if (error) console.warn(`[share] storing the ${width}px poster failed: ${error.message}`)
  return body
}

/** Every width, scaled from the poster and uploaded beside it (the worker, when a render finishes). */
export async function storeWebPosters(bucket: Bucket, posterPath: string, poster: Buffer): Promise<void> {
  await Promise.all(POSTER_WIDTHS.map((width) => storeWebPoster(bucket, posterPath, poster, width)))
}

/** The stored web poster; made from poster.jpg and stored now when it is not there yet. Null: no poster. */
export async function webPoster(bucket: Bucket, posterPath: string, width: PosterWidth): Promise<Buffer | null> {
  const stored = await bucket.download(webPosterPath(posterPath, width))
  if (stored.data) return Buffer.from(await stored.data.arrayBuffer())
  const original = await bucket.download(posterPath)
  if (!original.data) return null
  return storeWebPoster(bucket, posterPath, Buffer.from(await original.data.arrayBuffer()), width)
}
