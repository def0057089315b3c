import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'

/*
 * Serves the saved listing pages of tests/fixtures/listing-pages (issue 29) as a portal would:
 * `/<name>.html` with `{{origin}}` replaced by this server's origin, and any `….jpg|png|webp` address
 * as a real photo (1600×1067, its colour from its name) so an import has something to fetch.
 * Used by the e2e stack (tests/e2e/server.ts) and the import tests; the app reaches it only
 * because LISTING_IMPORT_ALLOWED_HOSTS names it.
 */

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'listing-pages')
const photos = new Map<string, Promise<Buffer>>()

function photo(name: string, format: 'jpeg' | 'png' | 'webp', grain: boolean): Promise<Buffer> {
  const key = `${name}.${format}.${grain}`
  let made = photos.get(key)
  if (!made) {
    const hash = createHash('sha256').update(name).digest()
    const background = { r: 60 + (hash[0] % 160), g: 60 + (hash[1] % 160), b: 60 + (hash[2] % 160) }
    // grain: a photo's detail, so a JPEG weighs what a portal's does (about 1 MB), for the bench
    const base = grain ? sharp({ create: { width: 1600, height: 1067, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }) : sharp({ create: { width: 1600, height: 1067, channels: 3, background } })
    made = base
      .composite([{ input: { create: { width: 800, height: 530, channels: 3, background: { r: 250 - background.r / 2, g: 240, b: 220 } } }, top: 268, left: 400 }])
      .toFormat(format)
      .toBuffer()
    photos.set(key, made)
  }
  return made
}

export interface PagesServerOptions {
  port?: number
  host?: string
  /** pages served beside the fixtures (name → HTML with {{origin}}) */
  extraPages?: Record<string, string>
  /** photos with grain (realistic sizes) instead of flat colour */
  grain?: boolean
}

export async function startListingPagesServer(options: PagesServerOptions = {}): Promise<{ origin: string; close: () => Promise<void> }> {
  const { port = 0, host = '127.0.0.1', extraPages = {}, grain = false } = options
  let origin = ''
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fixture')
      const image = /^\/((?:[\w.-]+\/)*[\w.-]+)\.(jpe?g|png|webp)$/.exec(url.pathname)
      if (image) {
        const format = image[2] === 'png' ? 'png' : image[2] === 'webp' ? 'webp' : 'jpeg'
        res.writeHead(200, { 'content-type': `image/${format}`, 'cache-control': 'no-store' })
        res.end(await photo(image[1], format, grain))
        return
      }
      const page = /^\/([\w-]+)\.html$/.exec(url.pathname)
      if (!page) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
        return
      }
      const html = Object.hasOwn(extraPages, page[1]) ? extraPages[page[1]] : await readFile(path.join(DIR, `${page[1]}.html`), 'utf8').catch(() => null)
      if (html === null) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
        return
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(html.replaceAll('{{origin}}', origin))
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  origin = `http://${host}:${(server.address() as AddressInfo).port}`
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
