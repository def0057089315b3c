import path from 'node:path'
import sharp from 'sharp'
import { imageTransformations } from '@/lib/env'
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
  createSignedUrl: (
    path: string,
    expiresIn: number,
    options?: { transform?: { width?: number; quality?: number } },
  ) => Promise<{ data: { signedUrl: string } | null; error: unknown }>
}

/**
 * Storage's renderer scales the poster (a signed transform URL, asked as a browser asks: WebP
 * accepted, which is how Storage picks WebP; storage-js's types only name `format: 'origin'`).
 */
export async function renderedByStorage(bucket: Bucket, posterPath: string, width: PosterWidth): Promise<Buffer | null> {
  const { data } = await bucket.createSignedUrl(posterPath, 60, { transform: { width, quality: WEB_QUALITY } })
  if (!data?.signedUrl) return null
  const res = await fetch(data.signedUrl, { headers: { accept: 'image/webp' }, signal: AbortSignal.timeout(20_000) })
  if (!res.ok || res.headers.get('content-type') !== 'image/webp') return null
  return Buffer.from(await res.arrayBuffer())
}

const WEB_QUALITY = 72

/** `…/renders/{run}/poster-480.webp` for `…/renders/{run}/poster.jpg`. */
export function webPosterPath(posterPath: string, width: PosterWidth): string {
  return `${path.posix.dirname(posterPath)}/poster-${width}.webp`
}

/** All of a poster's web copies (to remove them with it). */
export const webPosterPaths = (posterPath: string) => POSTER_WIDTHS.map((width) => webPosterPath(posterPath, width))

export async function scalePoster(poster: Buffer, width: PosterWidth): Promise<Buffer> {
  return sharp(poster).resize({ width, withoutEnlargement: true }).webp({ quality: WEB_QUALITY }).toBuffer()
}

/** A scaled poster stored beside the original; a failure is logged (the page scales again next time). */
async function saveWebPoster(bucket: Bucket, posterPath: string, width: PosterWidth, body: Buffer): Promise<Buffer> {
  const { error } = await bucket.upload(webPosterPath(posterPath, width), body, { contentType: 'image/webp', upsert: true, cacheControl: '31536000' })
  if (error) console.warn(`[share] storing the ${width}px poster failed: ${error.message}`)
  return body
}

/** One width scaled here (sharp) and stored beside the poster. */
async function storeWebPoster(bucket: Bucket, posterPath: string, poster: Buffer, width: PosterWidth): Promise<Buffer> {
  return saveWebPoster(bucket, posterPath, width, await scalePoster(poster, width))
}

/** Every width, scaled from the poster and uploaded beside it (the worker, when a render finishes). */
export async function storeWebPosters(bucket: Bucket, posterPath: string, poster: Buffer): Promise<void> {
  await Promise.all(POSTER_WIDTHS.map((width) => storeWebPoster(bucket, posterPath, poster, width)))
}

/**
 * The stored web poster; made from poster.jpg and stored now when it is not there yet. With Storage's
 * image transformations on (`imageTransformations()`), Storage scales it and the app only stores the
 * answer; off (hosted projects without the add-on), sharp scales it here. Null: no poster.
 */
export async function webPoster(bucket: Bucket, posterPath: string, width: PosterWidth, transforms = imageTransformations()): Promise<Buffer | null> {
  const stored = await bucket.download(webPosterPath(posterPath, width))
  if (stored.data) return Buffer.from(await stored.data.arrayBuffer())
  if (transforms) {
    const body = await renderedByStorage(bucket, posterPath, width).catch(() => null)
    if (body) return saveWebPoster(bucket, posterPath, width, body)
  }
  const original = await bucket.download(posterPath)
  if (!original.data) return null
  return storeWebPoster(bucket, posterPath, Buffer.from(await original.data.arrayBuffer()), width)
}
