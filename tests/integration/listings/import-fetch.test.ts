import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fetchPublic, ImportFetchError, importAllowedOrigins, importerUserAgent, parseImportUrl, type FetchPublicOptions } from '@/lib/listings/import/safe-fetch'
import { classifyAddress } from '@/lib/security/addresses'

/*
 * fetchPublic against real local servers that count their connections: a refused address is
 * refused before a single connection is opened, and the allow-list lets exactly one host:port in.
 */

interface CountingServer {
  server: http.Server
  port: number
  connections: number
  requests: http.IncomingMessage[]
}

const SIX_MB = 6 * 1024 * 1024
const LIMITS: FetchPublicOptions = { maxBytes: 5 * 1024 * 1024, timeoutMs: 5_000, accept: 'text/html' }

function startServer(handler: http.RequestListener): Promise<CountingServer> {
  return new Promise((resolve) => {
    const state: CountingServer = { server: http.createServer((req, res) => { state.requests.push(req); handler(req, res) }), port: 0, connections: 0, requests: [] }
    state.server.on('connection', () => state.connections++)
    state.server.listen(0, '127.0.0.1', () => {
      state.port = (state.server.address() as AddressInfo).port
      resolve(state)
    })
  })
}

let main: CountingServer
let other: CountingServer

beforeAll(async () => {
  other = await startServer((_req, res) => res.end('the other server'))
  main = await startServer((req, res) => {
    const path = req.url ?? '/'
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>A house</h1>')
    if (path === '/missing') return res.writeHead(404).end('no')
    if (path === '/to-other') return res.writeHead(302, { location: `http://127.0.0.1:${other.port}/` }).end()
    if (path === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    if (path === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end()
    if (path === '/relative') return res.writeHead(302, { location: '../' }).end()
    if (path.startsWith('/loop')) return res.writeHead(302, { location: `/loop${path.length}` }).end()
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' })
      let sent = 0
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const push = () => {
        while (sent < SIX_MB) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', push)
        }
        res.end()
      }
      return push()
    }
    if (path === '/big-declared') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(SIX_MB) })
      return res.write('<html>') // never sends the rest: the refusal must come from the header
    }
    if (path === '/hang') return // never answers
    res.writeHead(500).end()
  })
})

afterAll(async () => {
  for (const s of [main, other]) {
    s.server.closeAllConnections()
    await new Promise((resolve) => s.server.close(resolve))
  }
})

afterEach(() => {
  vi.unstubAllEnvs()
  main.connections = 0
  other.connections = 0
  main.requests = []
})

async function refusal(promise: Promise<unknown>): Promise<ImportFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImportFetchError)
  return error as ImportFetchError
}

function allow(...hosts: string[]) {
  vi.stubEnv('LISTING_IMPORT_ALLOWED_HOSTS', hosts.join(','))
}

describe('addresses that are not public are refused before any connection', () => {
  it('refuses loopback by IP and by name, opening no connection', async () => {
    for (const url of [`http://127.0.0.1:${main.port}/`, `http://localhost:${main.port}/`, `http://127.1:${main.port}/`, `http://127.0.0.1.:${main.port}/`]) {
      const e = await refusal(fetchPublic(url, LIMITS))
      expect(e.reason, url).toBe('not-public')
      expect(e.message).toBe('That address is not a public web page.')
    }
    // "localhost." resolves to loopback on some systems and to nothing on others: refused either way
    const dotted = await refusal(fetchPublic(`http://localhost.:${main.port}/`, LIMITS))
    expect(['not-public', 'dns']).toContain(dotted.reason)
    expect(main.connections).toBe(0)
  })

  it('refuses decimal, octal and hex forms of 127.0.0.1 (normalised by the URL parser)', async () => {
    for (const url of [`http://2130706433:${main.port}/`, `http://0177.0.0.1:${main.port}/`, `http://0x7f.1:${main.port}/`, `http://0x7f000001:${main.port}/`]) {
      const e = await refusal(fetchPublic(url, LIMITS))
      expect(e.reason, url).toBe('not-public')
    }
    expect(main.connections).toBe(0)
  })

  it('refuses private, link-local, CGNAT, zero, multicast, broadcast and reserved IPv4', async () => {
    for (const host of ['10.0.0.5', '172.16.3.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '240.0.0.1', '192.0.2.1']) {
      const e = await refusal(fetchPublic(`http://${host}/`, { ...LIMITS, timeoutMs: 1000 }))
      expect(e.reason, host).toBe('not-public')
    }
  })

  it('refuses IPv6 loopback, mapped, unique-local (incl. the EC2 metadata address) and link-local forms', async () => {
    for (const host of ['[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[fd00:ec2::254]', '[fe80::1]', '[::]', '[::127.0.0.1]', '[2002:7f00:1::]', '[64:ff9b::a00:5]', '[ff02::1]']) {
      const e = await refusal(fetchPublic(`http://${host}:${main.port}/`, { ...LIMITS, timeoutMs: 1000 }))
      expect(e.reason, host).toBe('not-public')
      expect(e.message).toBe('That address is not a public web page.')
    }
    expect(main.connections).toBe(0)
  })

  it('refuses a name the resolver answers with a private address', async () => {
    const lookup = vi.fn(async () => ['10.0.0.5'])
    const e = await refusal(fetchPublic('http://listing.example/house', { ...LIMITS, lookup }))
    expect(e.reason).toBe('not-public')
    expect(e.detail).toContain('10.0.0.5')
    expect(lookup).toHaveBeenCalledWith('listing.example')
  })

  it('refuses a name with one public and one private address', async () => {
    const lookup = async () => [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }]
    const e = await refusal(fetchPublic(`http://mixed.example:${main.port}/`, { ...LIMITS, lookup }))
    expect(e.reason).toBe('not-public')
    expect(main.connections).toBe(0)
  })

  it('says so when a name does not resolve', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
    }
    const e = await refusal(fetchPublic('http://nowhere.example/', { ...LIMITS, lookup }))
    expect(e.reason).toBe('dns')
    const empty = await refusal(fetchPublic('http://nowhere.example/', { ...LIMITS, lookup: async () => [] }))
    expect(empty.reason).toBe('dns')
    expect(empty.message).toBe('That site could not be found. Check the address.')
  })
})

describe('address forms', () => {
  it('refuses schemes other than http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a', 'data:text/html,<h1>x</h1>', 'javascript:alert(1)', 'gopher://example.com/']) {
      const e = await refusal(fetchPublic(url, LIMITS))
      expect(e.reason, url).toBe('scheme')
      expect(e.message).toBe('That address is not a web page. Paste an address that starts with https:// or http://.')
    }
  })

  it('refuses user:password in the address, even for an allowed host', async () => {
    allow(`127.0.0.1:${main.port}`)
    for (const url of [`http://user:secret@127.0.0.1:${main.port}/`, `http://user@127.0.0.1:${main.port}/`]) {
      const e = await refusal(fetchPublic(url, LIMITS))
      expect(e.reason).toBe('credentials')
      expect(e.message).toContain('user name or password')
    }
    expect(main.connections).toBe(0)
  })

  it('refuses what is not an address', async () => {
    const e = await refusal(fetchPublic('not a url', LIMITS))
    expect(e.reason).toBe('invalid-url')
  })
})

describe('the allow-list (LISTING_IMPORT_ALLOWED_HOSTS)', () => {
  it('lets exactly the listed host:port through, with the importer’s User-Agent and no cookies', async () => {
    allow(`127.0.0.1:${main.port}`)
    const page = await fetchPublic(`http://127.0.0.1:${main.port}/`, LIMITS)
    expect(page.status).toBe(200)
    expect(page.url).toBe(`http://127.0.0.1:${main.port}/`)
    expect(page.contentType).toBe('text/html; charset=utf-8')
    expect(page.body.toString()).toBe('<h1>A house</h1>')
    expect(main.requests[0].headers['user-agent']).toBe(importerUserAgent())
    expect(importerUserAgent()).toMatch(/^ListingStudioImporter\/1\.0 \(\+https?:\/\/[^)]+\)$/)
    expect(main.requests[0].headers.cookie).toBeUndefined()
    expect(main.requests[0].headers.authorization).toBeUndefined()
    expect(main.requests[0].headers.accept).toBe('text/html')

    const e = await refusal(fetchPublic(`http://127.0.0.1:${other.port}/`, LIMITS))
    expect(e.reason).toBe('not-public')
    expect(other.connections).toBe(0)
  })

  it('matches a listed name (resolved to a private address) and not the same name on another port', async () => {
    allow(`listings.test:${main.port}`)
    const lookup = async () => ['127.0.0.1']
    const page = await fetchPublic(`http://LISTINGS.test:${main.port}/`, { ...LIMITS, lookup })
    expect(page.body.toString()).toContain('A house')
    const e = await refusal(fetchPublic(`http://listings.test:${other.port}/`, { ...LIMITS, lookup }))
    expect(e.reason).toBe('not-public')
    expect(other.connections).toBe(0)
  })

  it('refuses a malformed entry rather than guessing', async () => {
    vi.stubEnv('LISTING_IMPORT_ALLOWED_HOSTS', 'http://evil.example/path')
    await expect(fetchPublic('http://example.com/', LIMITS)).rejects.toThrow(/LISTING_IMPORT_ALLOWED_HOSTS/)
  })
})

describe('redirects', () => {
  it('refuses a redirect from an allowed host to a private address; the target is never connected', async () => {
    allow(`127.0.0.1:${main.port}`)
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/to-other`, LIMITS))
    expect(e.reason).toBe('not-public')
    expect(other.connections).toBe(0)
    const metadata = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/to-metadata`, LIMITS))
    expect(metadata.reason).toBe('not-public')
  })

  it('refuses a redirect to another scheme', async () => {
    allow(`127.0.0.1:${main.port}`)
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/to-file`, LIMITS))
    expect(e.reason).toBe('redirect')
    expect(e.message).toBe('That page sent us to an address that is not a web page.')
  })

  it('resolves a relative Location against the current address and reports the final address', async () => {
    allow(`127.0.0.1:${main.port}`)
    const page = await fetchPublic(`http://127.0.0.1:${main.port}/relative`, LIMITS)
    expect(page.url).toBe(`http://127.0.0.1:${main.port}/`)
    expect(page.body.toString()).toContain('A house')
  })

  it('turns the allowed hosts into exact origins and checks an address’s form first', () => {
    expect(importAllowedOrigins(['127.0.0.1:4000', 'portal.internal'])).toEqual(['http://127.0.0.1:4000', 'https://127.0.0.1:4000', 'http://portal.internal', 'https://portal.internal'])
    expect(parseImportUrl('HTTPS://Portal.TEST/a#photos').href).toBe('https://portal.test/a')
  })

  it('stops after five redirects', async () => {
    allow(`127.0.0.1:${main.port}`)
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/loop`, LIMITS))
    expect(e.reason).toBe('too-many-redirects')
    expect(main.requests).toHaveLength(6)
  })
})

describe('limits', () => {
  it('refuses a streamed body past maxBytes', async () => {
    allow(`127.0.0.1:${main.port}`)
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/big`, LIMITS))
    expect(e.reason).toBe('too-large')
    expect(e.message).toBe('The page is larger than 5 MB.')
  })

  it('refuses early on a Content-Length above maxBytes', async () => {
    allow(`127.0.0.1:${main.port}`)
    const started = Date.now()
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/big-declared`, LIMITS))
    expect(e.reason).toBe('too-large')
    expect(e.detail).toMatch(/larger than/)
    expect(Date.now() - started).toBeLessThan(LIMITS.timeoutMs)
  })

  it('gives up when the page never answers, within the time limit', async () => {
    allow(`127.0.0.1:${main.port}`)
    const started = Date.now()
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/hang`, { ...LIMITS, timeoutMs: 400 }))
    expect(e.reason).toBe('timeout')
    expect(e.message).toBe('The page took too long to answer.')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('stops when the caller cancels', async () => {
    allow(`127.0.0.1:${main.port}`)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/hang`, { ...LIMITS, signal: controller.signal }))
    expect(e.reason).toBe('aborted')
  })

  it('says which status a page answered', async () => {
    allow(`127.0.0.1:${main.port}`)
    const e = await refusal(fetchPublic(`http://127.0.0.1:${main.port}/missing`, LIMITS))
    expect(e.reason).toBe('status')
    expect(e.status).toBe(404)
    expect(e.message).toBe('The page answered 404.')
  })
})

describe('the address rule fetchPublic relies on (lib/security/addresses.ts)', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['64:ff9b::808:808', true], // NAT64 of 8.8.8.8
    ['::ffff:8.8.8.8', true],
    ['2002:5db8:d70e::1', false], // 6to4 is refused whatever it carries
    ['2002:a00:5::1', false], // 6to4 of 10.0.0.5
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false], // Teredo
    ['64:ff9b::7f00:1', false], // NAT64 of 127.0.0.1
    ['64:ff9b:1::a00:1', false], // local-use NAT64
    ['::ffff:169.254.169.254', false],
    ['::127.0.0.1', false], // IPv4-compatible
    ['fd00:ec2::254', false],
    ['fc00::1', false],
    ['fec0::1', false],
    ['2001:db8::1', false],
    ['100::1', false],
    ['198.18.0.1', false],
    ['255.255.255.255', false],
    ['not-an-ip', false],
  ])('%s public: %s', (address, expected) => {
    expect(classifyAddress(address).ok).toBe(expected)
  })
})
