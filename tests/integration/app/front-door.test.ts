import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { addressKey, clientAddressFrom } from '@/lib/auth/address'
import { serverEnv } from '@/lib/env'
import { BEHIND_DOOR_ENV, startFrontDoor, type FrontDoor } from '../../../scripts/lib/front-door.ts'

// Issue 24, item 4: per-address limits that cannot be dodged. `npm run dev`, the e2e stack and the
// configured app trust X-Forwarded-For (CLIENT_ADDRESS_HEADER); Next alone keeps whatever a client
// sent there, so each of those commands puts our front door in front of Next, which overwrites it
// with the socket's address. Here the door runs in front of a real HTTP server that works out the
// client address exactly as lib/auth/client-address.ts does, with the configuration the commands give.

interface Seen {
  headers: IncomingMessage['headers']
  rawHeaders: string[]
  address: string | null
}

describe('the front door of npm run dev and the e2e stack', () => {
  let upstream: http.Server
  let door: FrontDoor
  const seen: Seen[] = []
  let release: () => void = () => {}

  /** What lib/auth/client-address.ts answers for these headers, under the commands' configuration. */
  const addressOf = (headers: IncomingMessage['headers']) => {
    for (const [name, value] of Object.entries(BEHIND_DOOR_ENV)) vi.stubEnv(name, value)
    const env = serverEnv()
    vi.unstubAllEnvs()
    return clientAddressFrom((name) => {
      const value = headers[name]
      return Array.isArray(value) ? value.join(', ') : (value ?? null)
    }, { header: env.CLIENT_ADDRESS_HEADER, hops: env.TRUSTED_PROXY_HOPS })
  }

  beforeAll(async () => {
    upstream = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push({ headers: req.headers, rawHeaders: req.rawHeaders, address: addressOf(req.headers) })
      if (req.url === '/stream') {
        // the second chunk is written only once the client has the first: a buffering proxy hangs here
        res.writeHead(200, { 'content-type': 'text/plain' })
        res.write('first;')
        new Promise<void>((resolve) => (release = resolve)).then(() => res.end('second'))
        return
      }
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] })
        res.end(JSON.stringify({ address: addressOf(req.headers), body }))
      })
    })
    upstream.on('upgrade', (req: IncomingMessage, socket: Socket) => {
      seen.push({ headers: req.headers, rawHeaders: req.rawHeaders, address: addressOf(req.headers) })
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n')
      socket.on('data', (data) => socket.write(`echo:${data}`))
      socket.on('end', () => socket.end())
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    door = await startFrontDoor({ port: 0, host: '127.0.0.1', targetPort: (upstream.address() as AddressInfo).port })
  })
  afterAll(async () => {
    await door?.close()
    upstream?.closeAllConnections()
    await new Promise((resolve) => upstream?.close(resolve))
  })
  afterEach(() => {
    seen.length = 0
  })

  /** One request through the door, from `localAddress` (a loopback address: each is another visitor). */
  const send = (headers: Record<string, string | string[]>, opts: { localAddress?: string; method?: string; body?: string } = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: door.port, path: '/', method: opts.method ?? 'GET', headers, localAddress: opts.localAddress }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end(opts.body)
    })

  it('counts two requests with different forged X-Forwarded-For values as one client (the socket\'s address)', async () => {
    const first = JSON.parse((await send({ 'X-Forwarded-For': '203.0.113.7' })).body)
    const second = JSON.parse((await send({ 'X-Forwarded-For': '198.51.100.22' })).body)
    expect(first.address).toBe('127.0.0.1')
    expect(second.address).toBe(first.address)
    expect(addressKey(first.address)).toBe(addressKey(second.address))
  })

  it('throws away every other way of claiming an address, whatever the shape', async () => {
    const forged: Record<string, string | string[]>[] = [
      { 'X-Forwarded-For': '203.0.113.7, 198.51.100.1' },
      { 'X-Forwarded-For': ['203.0.113.7', '198.51.100.1'] },
      { 'X-Forwarded-For': '2001:db8::1' },
      { 'X-Forwarded-For': '[2001:db8::2]' },
      { 'X-Forwarded-For': '::ffff:203.0.113.9' },
      { 'X-Forwarded-For': 'unknown' },
      { 'X-Forwarded-For': '' },
      { Forwarded: 'for=203.0.113.7', 'X-Real-IP': '203.0.113.8', 'CF-Connecting-IP': '203.0.113.9', 'True-Client-IP': '203.0.113.10' },
      { Connection: 'x-forwarded-for', 'X-Forwarded-For': '203.0.113.11' },
    ]
    for (const headers of forged) {
      const answer = await send(headers)
      expect(JSON.parse(answer.body).address, JSON.stringify(headers)).toBe('127.0.0.1')
    }
    for (const { headers, rawHeaders } of seen) {
      expect(headers['x-forwarded-for']).toBe('127.0.0.1')
      // exactly one X-Forwarded-For reached the app, and no other claim
      expect(rawHeaders.filter((_, i) => i % 2 === 0 && rawHeaders[i].toLowerCase() === 'x-forwarded-for')).toHaveLength(1)
      for (const name of ['forwarded', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip']) expect(headers[name]).toBeUndefined()
    }
  })

  it('still tells two real visitors apart (two loopback source addresses)', async () => {
    const one = JSON.parse((await send({ 'X-Forwarded-For': '203.0.113.7' }, { localAddress: '127.0.0.2' })).body)
    const two = JSON.parse((await send({ 'X-Forwarded-For': '203.0.113.7' }, { localAddress: '127.0.0.3' })).body)
    expect(one.address).toBe('127.0.0.2')
    expect(two.address).toBe('127.0.0.3')
  })

  it('passes the method, body, status and every Set-Cookie through', async () => {
    const answer = await send({ 'Content-Type': 'text/plain' }, { method: 'POST', body: 'x'.repeat(100_000) })
    expect(answer.status).toBe(201)
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(JSON.parse(answer.body).body).toHaveLength(100_000)
  })

  it('streams: the first chunk reaches the client before the app has finished', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: door.port, path: '/stream' }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
          if (text === 'first;') release()
        })
        res.on('end', () => resolve(text))
      }).on('error', reject)
    })
    expect(body).toBe('first;second')
  })

  it('passes WebSocket upgrades (HMR) through, with the socket\'s address', async () => {
    const echoed = await new Promise<string>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1', port: door.port, path: '/_next/webpack-hmr',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'X-Forwarded-For': '203.0.113.7' },
      })
      req.on('upgrade', (res, socket) => {
        expect(res.statusCode).toBe(101)
        socket.once('data', (data) => {
          resolve(String(data))
          socket.destroy()
        })
        socket.write('ping')
      })
      req.on('error', reject)
      req.end()
    })
    expect(echoed).toBe('echo:ping')
    expect(seen.at(-1)?.address).toBe('127.0.0.1')
    expect(seen.at(-1)?.headers.upgrade).toBe('websocket')
  })

  it('answers 502 while the app is not listening (still starting)', async () => {
    const closed = await startFrontDoor({ port: 0, host: '127.0.0.1', targetPort: 1 })
    try {
      const answer = await new Promise<number>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: closed.port, path: '/' }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }).on('error', reject),
      )
      expect(answer).toBe(502)
    } finally {
      await closed.close()
    }
  })
})
