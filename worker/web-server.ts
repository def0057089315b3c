import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { safeFetch } from '@/lib/security/safe-fetch'

/*
 * The worker's own little server for the render page, on 127.0.0.1 and a random port:
 *  - GET /index.html, /render.js: the bundled page; GET /public/…: the app's public/ (fonts)
 *  - GET /media/{job}/{n}: the job's pictures and tracks. The page must load them from its own
 *    origin: a cross-origin picture painted into the canvas would taint it and the encoder would
 *    refuse the frame. Only URLs the worker registered for a running job are fetched (no open proxy),
 *    under an unguessable job key; Range requests pass through (audio is read in pieces).
 *  - PUT /upload/{job}/{part}: the page sends its finished part back; written into the job's folder.
 * The job's URLs are fetched with safeFetch (lib/security/safe-fetch.ts), only from the origins the
 * worker gave the job (the configured Supabase project's), at every redirect too (issue 24).
 * It is also Chromium's proxy (worker/web-renderer.ts starts it with --proxy-server pointing
 * here and loopback not bypassed), so every request the render page makes arrives here: those for
 * this server are served, any other host, port or CONNECT is refused and recorded in `refused`.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.woff2': 'font/woff2', '.woff': 'font/woff',
  '.ttf': 'font/ttf', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.wav': 'audio/wav', '.json': 'application/json',
}
const PASS_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified']

interface Job {
  media: string[]
  /** origins the job's media may be fetched from (the worker's configured Supabase project) */
  origins: string[]
  uploads: Map<number, string>
}

/** A job's media upstream: at most this many bytes, headers within this many ms. */
const MEDIA_MAX_BYTES = 200 * 1024 * 1024
const MEDIA_TIMEOUT_MS = 30_000

export class WebRenderServer {
  private server: http.Server | null = null
  private jobs = new Map<string, Job>()
  origin = ''
  /** requests this server refused to pass on (another host through the proxy, a media URL outside its origins) */
  readonly refused: string[] = []

  constructor(private readonly bundleDir: string, private readonly publicDir: string) {}

  async start(): Promise<string> {
    if (this.server) return this.origin
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(error instanceof Error ? error.message : 'error')
      })
    })
    // a CONNECT (https through the proxy) goes nowhere
    server.on('connect', (req: http.IncomingMessage, socket: import('node:stream').Duplex) => {
      this.refused.push(`CONNECT ${req.url}`)
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.server = server
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return this.origin
  }

  /**
   * Registers a job: its remote URLs are swapped for same-origin ones, fetched only from `origins`;
   * parts PUT for it land at `uploads`.
   */
  openJob(urls: string[], uploads: Map<number, string>, origins: readonly string[] = []): { key: string; local: (url: string) => string; close: () => void } {
    const key = randomBytes(18).toString('base64url')
    const media = [...new Set(urls)]
    this.jobs.set(key, { media, origins: [...origins], uploads })
    return {
      key,
      local: (url) => `${this.origin}/media/${key}/${media.indexOf(url)}`,
      close: () => void this.jobs.delete(key),
    }
  }

  uploadUrl(key: string, part: number): string {
    return `${this.origin}/upload/${key}/${part}`
  }

  async close(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise((resolve) => server.close(resolve))
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // through the proxy a request names its full URL: only this server's own origin is served
    const url = new URL(req.url ?? '/', this.origin || 'http://127.0.0.1')
    if (url.origin !== this.origin && this.origin) {
      this.refused.push(`${req.method} ${url.href}`)
      return void res.writeHead(403, { 'content-type': 'text/plain' }).end('not fetched by the render worker')
    }
    const [, first, key, item] = url.pathname.split('/')
    if (req.method === 'PUT' && first === 'upload') {
      const target = this.jobs.get(key ?? '')?.uploads.get(Number(item))
      if (!target) return void res.writeHead(404).end()
      await pipeline(req, createWriteStream(target))
      return void res.writeHead(204).end()
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end()
    if (first === 'media') {
      const job = this.jobs.get(key ?? '')
      const source = job?.media[Number(item)]
      if (!job || !source) return void res.writeHead(404).end()
      const range = req.headers.range
      let upstream: Response
      try {
        upstream = await safeFetch(source, {
          headers: range ? { range } : {},
          method: req.method === 'HEAD' ? 'HEAD' : 'GET',
          origins: job.origins,
          trustedOrigins: job.origins,
          maxBytes: MEDIA_MAX_BYTES,
          timeoutMs: MEDIA_TIMEOUT_MS,
        })
      } catch (error) {
        this.refused.push(`GET ${source}: ${error instanceof Error ? error.message : error}`)
        return void res.writeHead(403, { 'content-type': 'text/plain' }).end('not fetched by the render worker')
      }
      const headers: Record<string, string> = { 'cache-control': 'no-store' }
      for (const name of PASS_HEADERS) {
        const value = upstream.headers.get(name)
        if (value) headers[name] = value
      }
      res.writeHead(upstream.status, headers)
      if (!upstream.body || req.method === 'HEAD') return void res.end()
      await pipeline(Readable.fromWeb(upstream.body as never), res)
      return
    }
    const file = first === 'public'
      ? path.join(this.publicDir, ...url.pathname.split('/').slice(2).map(decodeURIComponent))
      : path.join(this.bundleDir, url.pathname === '/' ? 'index.html' : url.pathname.slice(1))
    const base = first === 'public' ? this.publicDir : this.bundleDir
    if (!file.startsWith(base + path.sep)) return void res.writeHead(404).end()
    await sendFile(file, req, res)
  }
}

/** One file, whole or the Range asked for (audio is read in pieces); `headers` are added to every answer. */
export async function sendFile(file: string, req: http.IncomingMessage, res: http.ServerResponse, headers: Record<string, string> = {}): Promise<void> {
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return void res.writeHead(404).end()
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
  const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
  if (match && (match[1] || match[2])) {
    const start = match[1] ? Number(match[1]) : Math.max(0, info.size - Number(match[2]))
    const end = match[1] && match[2] ? Math.min(Number(match[2]), info.size - 1) : info.size - 1
    if (start > end) return void res.writeHead(416, { ...headers, 'content-range': `bytes */${info.size}` }).end()
    res.writeHead(206, { ...headers, 'content-type': type, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${info.size}`, 'accept-ranges': 'bytes' })
    if (req.method === 'HEAD') return void res.end()
    await pipeline(createReadStream(file, { start, end }), res)
    return
  }
  res.writeHead(200, { ...headers, 'content-type': type, 'content-length': info.size, 'accept-ranges': 'bytes' })
  if (req.method === 'HEAD') return void res.end()
  await pipeline(createReadStream(file), res)
}

/** Every http(s) URL in the props (pictures, tracks): the page loads them through the worker's server. */
export function collectUrls(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && /^https?:\/\//.test(value)) out.push(value)
  else if (Array.isArray(value)) value.forEach((v) => collectUrls(v, out))
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collectUrls(v, out))
  return out
}

/** The props with every http(s) URL replaced by `local(url)`. */
export function swapUrls<T>(value: T, local: (url: string) => string): T {
  if (typeof value === 'string' && /^https?:\/\//.test(value)) return local(value) as T
  if (Array.isArray(value)) return value.map((v) => swapUrls(v, local)) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapUrls(v, local)])) as T
  return value
}
