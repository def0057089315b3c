import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import { stripUrls } from './url-privacy'

/*
 * The /ingest relay's second layer (docs/observability.md): whatever posthog-js posts (events,
 * replay batches) is read, every address in it loses
 * its query string and fragment (lib/analytics/url-privacy.ts), and it goes on in the encoding it
 * came in. posthog-js sends three: gzip (the body starts with 1f 8b), a form `data=<base64 of the
 * JSON>` (compression=base64, and beacons), or plain JSON. A body in none of them is not passed on.
 */

const gunzipAsync = promisify(gunzip)
const gzipAsync = promisify(gzip)
/** a gzip body may not unpack to more than this (a small bomb must not fill the server's memory) */
export const MAX_UNPACKED_BYTES = 32_000_000

type Encoding = 'gzip' | 'form' | 'json'

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
}

async function decode(bytes: Buffer): Promise<{ encoding: Encoding; value: unknown }> {
  if (isGzip(bytes)) {
    const unpacked = await gunzipAsync(bytes, { maxOutputLength: MAX_UNPACKED_BYTES })
    return { encoding: 'gzip', value: JSON.parse(unpacked.toString('utf8')) }
  }
  const text = bytes.toString('utf8')
  if (text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? ''
    return { encoding: 'form', value: JSON.parse(Buffer.from(data, 'base64').toString('utf8')) }
  }
  return { encoding: 'json', value: JSON.parse(text) }
}

async function encode(encoding: Encoding, value: unknown): Promise<Buffer> {
  const json = JSON.stringify(value)
  if (encoding === 'gzip') return gzipAsync(Buffer.from(json, 'utf8'))
  if (encoding === 'form') return Buffer.from(`data=${encodeURIComponent(Buffer.from(json, 'utf8').toString('base64'))}`, 'utf8')
  return Buffer.from(json, 'utf8')
}

/** The body with every address stripped of its query and fragment, same encoding; null when it cannot be read. */
export async function stripIngestBody(body: ArrayBuffer): Promise<ArrayBuffer | null> {
  if (body.byteLength === 0) return body
  try {
    const { encoding, value } = await decode(Buffer.from(body))
    stripUrls(value)
    const out = await encode(encoding, value)
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer
  } catch {
    return null
  }
}
