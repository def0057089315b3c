import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebRenderServer } from '../../../worker/web-server.ts'

// The render worker's local server (issue 12): it serves the render page, the app's public files and
// a job's registered media, and takes a job's parts back. Hostile paths, keys and parts get nothing.

describe("the render worker's local server", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-server-'))
  const bundle = path.join(root, 'bundle')
  const publicDir = path.join(root, 'public')
  const secret = path.join(root, 'secret.txt')
  const server = new WebRenderServer(bundle, publicDir)
  let upstream: http.Server
  let upstreamUrl = ''
  const fetched: string[] = []

  beforeAll(async () => {
    for (const dir of [bundle, publicDir]) mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(bundle, 'index.html'), '<p>page</p>')
    writeFileSync(path.join(publicDir, 'font.woff2'), Buffer.from('0123456789'))
    writeFileSync(secret, 'do not serve')
    upstream = http.createServer((req, res) => {
      fetched.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('picture')
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    await server.start()
  })
  afterAll(async () => {
    await server.close()
    await new Promise((resolve) => upstream.close(resolve))
  })

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${p}`, { headers })

  it('serves the page and public files (with ranges) and nothing outside them', async () => {
    expect(await (await get('/index.html')).text()).toBe('<p>page</p>')
    const part = await get('/public/font.woff2', { range: 'bytes=2-4' })
    expect([part.status, await part.text()]).toEqual([206, '234'])
    for (const hostile of ['/public/%2e%2e/secret.txt', '/public/..%2fsecret.txt', '/..%2fsecret.txt', '/public/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/%2e%2e/secret.txt', '/public/', '/public/%00']) {
      const response = await get(hostile)
      expect(response.status, hostile).not.toBe(200)
      expect(await response.text(), hostile).not.toContain('do not serve')
    }
  })

  it("fetches only a live job's registered media, under its key", async () => {
    const uploads = new Map<number, string>()
    const job = server.openJob([`${upstreamUrl}/photo.jpg`], uploads, [upstreamUrl])
    expect(await (await fetch(job.local(`${upstreamUrl}/photo.jpg`))).text()).toBe('picture')
    expect(fetched).toEqual(['/photo.jpg'])
    for (const hostile of [`/media/${job.key}/1`, `/media/${job.key}/-1`, `/media/${job.key}/constructor`, `/media/not-the-key/0`, `/media//0`]) {
      expect((await get(hostile)).status, hostile).toBe(404)
    }
    job.close()
    expect((await fetch(job.local(`${upstreamUrl}/photo.jpg`))).status).toBe(404)
    expect(fetched).toHaveLength(1)
  })

  it("fetches a job's media only from the job's origins (issue 24)", async () => {
    const before = fetched.length
    // no origin given: nothing remote, not even a registered URL
    const bare = server.openJob([`${upstreamUrl}/secret.jpg`], new Map())
    expect((await fetch(bare.local(`${upstreamUrl}/secret.jpg`))).status).toBe(403)
    bare.close()
    // an origin given: another origin (another port of this machine, a metadata address) is refused
    const job = server.openJob([`http://127.0.0.1:1/secret.jpg`, 'http://169.254.169.254/latest/meta-data/', `${upstreamUrl}/ok.jpg`], new Map(), ['http://127.0.0.1:1'])
    expect((await fetch(job.local('http://169.254.169.254/latest/meta-data/'))).status).toBe(403)
    expect((await fetch(job.local(`${upstreamUrl}/ok.jpg`))).status).toBe(403)
    job.close()
    expect(fetched.length).toBe(before)
    expect(server.refused.some((r) => r.includes('169.254.169.254'))).toBe(true)
  })

  it('as a proxy, serves only itself: any other host or a CONNECT is refused', async () => {
    const before = fetched.length
    const viaProxy = (target: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(server.origin)
        http.get({ host: '127.0.0.1', port, path: target, headers: { host: new URL(target).host } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }).on('error', reject)
      })
    expect(await viaProxy(`${upstreamUrl}/photo.jpg`)).toBe(403)
    expect(await viaProxy('http://169.254.169.254/latest/meta-data/')).toBe(403)
    expect(await viaProxy(`${server.origin}/index.html`)).toBe(200)
    const connect = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(server.origin)
      http.request({ host: '127.0.0.1', port, method: 'CONNECT', path: 'example.com:443' }).on('connect', (res, socket) => {
        socket.destroy()
        resolve(res.statusCode ?? 0)
      }).on('error', reject).end()
    })
    expect(connect).toBe(403)
    expect(fetched.length).toBe(before)
  })

  it("takes back only a live job's own parts", async () => {
    const target = path.join(root, 'part-0.mov')
    const job = server.openJob([], new Map([[0, target]]))
    const put = (p: string) => fetch(`${server.origin}${p}`, { method: 'PUT', body: 'part' })
    for (const hostile of [`/upload/${job.key}/1`, `/upload/${job.key}/..%2f..%2fsecret`, '/upload/not-the-key/0']) {
      expect((await put(hostile)).status, hostile).toBe(404)
    }
    expect(existsSync(target)).toBe(false)
    expect((await put(server.uploadUrl(job.key, 0).replace(server.origin, ''))).status).toBe(204)
    expect(readFileSync(target, 'utf8')).toBe('part')
    job.close()
    expect((await put(`/upload/${job.key}/0`)).status).toBe(404)
    expect(readFileSync(secret, 'utf8')).toBe('do not serve')
  })
})
