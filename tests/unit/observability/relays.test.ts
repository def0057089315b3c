import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { NextRequest } from 'next/server'
import { gzipSync } from 'node:zlib'
import { ingestTarget } from '@/lib/analytics/ingest'
import { startPostHogReceiver, startSentryReceiver, SENTRY_KEY, type PostHogReceiver, type SentryReceiver } from '../../helpers/observability-receivers'

// The two same-origin relays, as route handlers, against local stand-ins of PostHog and Sentry.
let posthog: PostHogReceiver
let sentry: SentryReceiver
const KEY = 'phc_relay_test_key'

beforeAll(async () => {
  posthog = await startPostHogReceiver()
  sentry = await startSentryReceiver()
})
afterAll(async () => {
  await posthog.close()
  await sentry.close()
})
afterEach(() => vi.unstubAllEnvs())

async function ingest(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const { GET, POST } = await import('@/app/ingest/[...path]/route')
  const url = new URL(path, 'http://app.test')
  const request = new NextRequest(url, { method: init.method ?? 'GET', body: init.body, headers: init.headers, duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1])
  const segments = url.pathname.replace(/^\/ingest\//, '').split('/').filter(Boolean)
  return (request.method === 'POST' ? POST : GET)(request, { params: Promise.resolve({ path: segments }) })
}

describe('/ingest (PostHog through this site)', () => {
  it('is not there when PostHog is not configured', async () => {
    vi.stubEnv('POSTHOG_KEY', '')
    vi.stubEnv('POSTHOG_HOST', '')
    const before = posthog.requests.length
    expect((await ingest('/ingest/e/?ver=1', { method: 'POST', body: '[]' })).status).toBe(404)
    expect(posthog.requests.length).toBe(before)
  })

  it('passes an event batch on to POSTHOG_HOST with its query, without cookies or the client address', async () => {
    vi.stubEnv('POSTHOG_KEY', KEY)
    vi.stubEnv('POSTHOG_HOST', posthog.url)
    const batch = gzipSync(JSON.stringify([{ event: '$pageview', properties: { token: KEY, distinct_id: 'd1' } }]))
    const response = await ingest('/ingest/e/?ip=0&_=1700000000000&ver=1.449.2', {
      method: 'POST',
      body: batch,
      headers: { 'content-type': 'text/plain', cookie: 'sb-access-token=secret', 'x-forwarded-for': '203.0.113.9', host: 'evil.test' },
    })
    expect(response.status).toBe(200)
    const received = posthog.requests.at(-1)!
    expect(received.path).toBe('/e/')
    expect(Object.fromEntries(received.query)).toEqual({ ip: '0', _: '1700000000000', ver: '1.449.2' })
    expect(received.headers.cookie).toBeUndefined()
    expect(received.headers['x-forwarded-for']).toBeUndefined()
    expect(received.headers.host).toBe(new URL(posthog.url).host)
    expect(posthog.events().at(-1)).toMatchObject({ event: '$pageview', properties: { distinct_id: 'd1' } })
  })

  it("answers the project's remote configuration, and nothing else (not flags: the server asks for those)", async () => {
    vi.stubEnv('POSTHOG_KEY', KEY)
    vi.stubEnv('POSTHOG_HOST', posthog.url)
    const config = await ingest(`/ingest/array/${KEY}/config`)
    expect(config.status).toBe(200)
    expect(await config.json()).toMatchObject({ sessionRecording: { endpoint: '/s/' } })
    const before = posthog.requests.length
    expect((await ingest('/ingest/flags/?v=2', { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await ingest('/ingest/decide/?v=3', { method: 'POST', body: '{}' })).status).toBe(404)
    for (const path of ['/ingest/array/phc_someone_else/config', `/ingest/array/${KEY}/config.js`, '/ingest/static/recorder.js', '/ingest/api/projects/1/', '/ingest/%2e%2e/admin']) {
      expect((await ingest(path)).status, path).toBe(404)
    }
    expect(posthog.requests.length).toBe(before)
  })

  it('keeps the upstream fixed whatever the request says', () => {
    const config = { key: KEY, host: 'https://us.i.posthog.com', assetsHost: 'https://us-assets.i.posthog.com', uiHost: 'https://us.posthog.com' }
    expect(ingestTarget(config, ['e'], '?ver=1', true)).toEqual({ url: 'https://us.i.posthog.com/e/?ver=1' })
    expect(ingestTarget(config, ['array', KEY, 'config'], '', false)).toEqual({ url: `https://us-assets.i.posthog.com/array/${KEY}/config` })
    expect(ingestTarget(config, ['e'], '?x=https://evil.test', false)).toEqual({ url: 'https://us.i.posthog.com/e?x=https://evil.test' })
    expect(ingestTarget(config, ['evil.test', 'e'], '', false)).toEqual({ status: 404 })
    expect(ingestTarget(config, ['e', '..'], '', false)).toEqual({ status: 404 })
  })

  it('refuses bodies over the limit', async () => {
    vi.stubEnv('POSTHOG_KEY', KEY)
    vi.stubEnv('POSTHOG_HOST', posthog.url)
    expect((await ingest('/ingest/s/', { method: 'POST', body: new Uint8Array(2_000_001) })).status).toBe(413)
  })
})

function envelope(dsn: string) {
  return [JSON.stringify({ event_id: 'a'.repeat(32), dsn, sent_at: new Date().toISOString() }), JSON.stringify({ type: 'event' }), JSON.stringify({ message: 'hello', level: 'error' })].join('\n')
}

async function tunnel(body: BodyInit, headers: Record<string, string> = {}) {
  const { POST } = await import('@/app/api/diagnostics/route')
  return POST(new Request('http://app.test/api/diagnostics', { method: 'POST', body, headers, duplex: 'half' } as RequestInit))
}

describe('/api/diagnostics (Sentry envelopes through this site)', () => {
  it('is not there when Sentry is not configured', async () => {
    vi.stubEnv('SENTRY_DSN', '')
    expect((await tunnel(envelope(sentry.dsn))).status).toBe(404)
  })

  it("passes the browser's envelope on to the configured DSN's host only", async () => {
    vi.stubEnv('SENTRY_DSN', sentry.dsn)
    const before = sentry.requests.length
    const response = await tunnel(envelope(sentry.dsn), { cookie: 'sb-access-token=secret' })
    expect(response.status).toBe(200)
    expect(sentry.requests.length).toBe(before + 1)
    const received = sentry.requests.at(-1)!
    expect(received.path).toBe('/api/1/envelope/')
    expect(received.headers.cookie).toBeUndefined()
    expect(sentry.envelopes().at(-1)?.items[0]).toMatchObject({ header: { type: 'event' }, payload: { message: 'hello' } })
  })

  it('refuses an envelope for another DSN, a malformed one and one too big', async () => {
    vi.stubEnv('SENTRY_DSN', sentry.dsn)
    const before = sentry.requests.length
    expect((await tunnel(envelope(`https://${SENTRY_KEY}@evil.test/1`))).status).toBe(400)
    expect((await tunnel(envelope(sentry.dsn.replace(/\/1$/, '/2')))).status).toBe(400)
    expect((await tunnel('not an envelope')).status).toBe(400)
    expect((await tunnel(`${envelope(sentry.dsn)}\n${'x'.repeat(1_000_001)}`)).status).toBe(413)
    expect(sentry.requests.length).toBe(before)
  })
})

/** A body the client stops sending halfway, as when the person navigates away mid-upload. */
function cutShort(error: unknown): ReadableStream<Uint8Array> {
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true
        controller.enqueue(new TextEncoder().encode('[{"event":'))
      } else controller.error(error)
    },
  })
}
const aborted = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' })

describe('a relay whose client leaves mid-upload (issue 26: operations noise)', () => {
  it('answers 499 and passes nothing on, for /ingest and /api/diagnostics alike', async () => {
    vi.stubEnv('POSTHOG_KEY', KEY)
    vi.stubEnv('POSTHOG_HOST', posthog.url)
    vi.stubEnv('SENTRY_DSN', sentry.dsn)
    const before = { posthog: posthog.requests.length, sentry: sentry.requests.length }
    expect((await ingest('/ingest/e/?ver=1', { method: 'POST', body: cutShort(aborted()) })).status).toBe(499)
    expect((await tunnel(cutShort(new DOMException('The operation was aborted.', 'AbortError')), {})).status).toBe(499)
    expect(posthog.requests.length).toBe(before.posthog)
    expect(sentry.requests.length).toBe(before.sentry)
  })

  it('still fails loudly on anything else', async () => {
    vi.stubEnv('SENTRY_DSN', sentry.dsn)
    await expect(tunnel(cutShort(new TypeError('something else broke')))).rejects.toThrow('something else broke')
  })
})
