import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { safeFetch, UnsafeFetchError } from '../../../lib/security/safe-fetch.ts'

// Issue 24: safeFetch, the fetcher for URLs someone else chose. Two local servers stand for "the
// inside of the network": the one the configuration trusts (like the dev Supabase on 127.0.0.1) and
// one nobody may reach. The second must never receive a request, whatever the spelling or redirect.

function serve(handler: http.RequestListener) {
  const seen: { url: string; host: string }[] = []
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host ?? '' })
    handler(req, res)
  })
  return {
    seen,
    server,
    port: 0,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      this.port = (server.address() as AddressInfo).port
      return this
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe('safeFetch', () => {
  const secret = serve((_req, res) => res.end('the secret'))
  let trustedOrigin = ''
  const trusted = serve((req, res) => {
    if (req.url === '/to-secret') return void res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/internal/secret.jpg` }).end()
    if (req.url === '/to-secret-by-name') return void res.writeHead(307, { location: `http://localhost:${secret.port}/x` }).end()
    if (req.url === '/to-metadata') return void res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    if (req.url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end()
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end()
    if (req.url === '/hop') return void res.writeHead(302, { location: '/photo.jpg' }).end()
    if (req.url === '/big') return void res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000))
    if (req.url === '/big-chunked') {
      res.writeHead(200)
      res.write('x'.repeat(3000))
      return void res.end('x'.repeat(3000))
    }
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(`picture for ${req.headers.host}`)
  })

  beforeAll(async () => {
    await secret.start()
    await trusted.start()
    trustedOrigin = `http://127.0.0.1:${trusted.port}`
  })
  afterAll(async () => {
    await secret.stop()
    await trusted.stop()
  })

  const refused = async (url: string, options: Parameters<typeof safeFetch>[1] = {}) => {
    const error = await safeFetch(url, options).then(() => null, (e: unknown) => e)
    expect(error, url).toBeInstanceOf(UnsafeFetchError)
    return (error as Error).message
  }

  it('refuses the inside of the network in every spelling, before connecting', async () => {
    const port = secret.port
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0', '10.0.0.1', '192.168.1.1', '172.16.0.1', '100.64.0.1', '169.254.169.254', '[fd00:ec2::254]', '[fe80::1]', 'metadata.google.internal']) {
      await refused(`http://${host}:${port}/internal/secret.jpg`)
    }
    expect(secret.seen).toEqual([])
  })

  it('refuses every scheme but http and https, and credentials in the URL', async () => {
    for (const url of ['file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)', 'ftp://example.com/x', 'gopher://127.0.0.1:70/', `http://user:pw@127.0.0.1:${trusted.port}/x`, 'not a url', '//127.0.0.1/x']) {
      await refused(url, { trustedOrigins: [trustedOrigin] })
    }
    expect(trusted.seen).toEqual([])
  })

  it('refuses a name whose DNS answer holds a private address, even next to a public one', async () => {
    const resolve = async (host: string) => host === 'mixed.test' ? [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }] : [{ address: '::ffff:127.0.0.1', family: 6 }]
    expect(await refused(`http://rebind.test:${secret.port}/x`, { resolve })).toMatch(/loopback/)
    expect(await refused(`http://mixed.test:${secret.port}/x`, { resolve })).toMatch(/loopback/)
    expect(secret.seen).toEqual([])
  })

  it('fetches a trusted origin, connecting to the address it checked (the name kept for Host)', async () => {
    const direct = await safeFetch(`${trustedOrigin}/photo.jpg`, { trustedOrigins: [trustedOrigin] })
    expect([direct.status, await direct.text()]).toEqual([200, `picture for 127.0.0.1:${trusted.port}`])
    // a name only our resolver knows: the connection goes where the checked answer said
    const byName = `http://storage.test:${trusted.port}`
    const pinned = await safeFetch(`${byName}/photo.jpg`, { trustedOrigins: [byName], resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
    expect(await pinned.text()).toBe(`picture for storage.test:${trusted.port}`)
  })

  it('keeps to the allowed origins: another origin is refused even when public', async () => {
    expect(await refused('https://example.com/x.jpg', { origins: [trustedOrigin], trustedOrigins: [trustedOrigin] })).toMatch(/not an allowed origin/)
    expect(await refused(`http://127.0.0.1:${secret.port}/x`, { origins: [trustedOrigin], trustedOrigins: [trustedOrigin] })).toMatch(/not an allowed origin/)
    expect(secret.seen).toEqual([])
  })

  it('checks every redirect again, and stops after the limit', async () => {
    const options = { trustedOrigins: [trustedOrigin] }
    expect(await refused(`${trustedOrigin}/to-secret`, options)).toMatch(/loopback/)
    expect(await refused(`${trustedOrigin}/to-secret-by-name`, options)).toMatch(/localhost/)
    expect(await refused(`${trustedOrigin}/to-metadata`, options)).toMatch(/link-local/)
    expect(await refused(`${trustedOrigin}/to-file`, options)).toMatch(/scheme file:/)
    expect(await refused(`${trustedOrigin}/to-secret`, { ...options, origins: [trustedOrigin] })).toMatch(/not an allowed origin/)
    expect(await refused(`${trustedOrigin}/loop`, options)).toMatch(/more than 3 redirects/)
    expect(secret.seen).toEqual([])
    const hop = await safeFetch(`${trustedOrigin}/hop`, options)
    expect([hop.status, hop.url]).toEqual([200, `${trustedOrigin}/photo.jpg`])
  })

  it('cuts an answer larger than allowed, declared or not', async () => {
    const options = { trustedOrigins: [trustedOrigin], maxBytes: 4000 }
    expect(await refused(`${trustedOrigin}/big`, options)).toMatch(/larger than 4000 bytes/)
    const chunked = await safeFetch(`${trustedOrigin}/big-chunked`, options)
    await expect(chunked.text()).rejects.toThrow()
  })
})
