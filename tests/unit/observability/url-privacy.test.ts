import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { NextRequest } from 'next/server'
import { gzipSync } from 'node:zlib'
import { maskAttribute, replayMasking } from '@/lib/analytics/replay-privacy'
import { stripIngestBody } from '@/lib/analytics/ingest-privacy'
import { stripUrls, withoutQuery } from '@/lib/analytics/url-privacy'
import { decodePostHogBody, startPostHogReceiver, type PostHogReceiver } from '../../helpers/observability-receivers'

// Addresses reach PostHog without their query string and fragment, at both layers: the browser
// (before_send, replay masking) and the /ingest relay (every body it passes on).

const SECRET_QUERY = '?code=secret123&token_hash=abc#frag'
const PAGE = `http://app.test/auth/reset-password${SECRET_QUERY}`
const LEAKS = ['secret123', 'token_hash', 'abc', '#frag', '?code']

function expectNoQuery(value: unknown) {
  const text = JSON.stringify(value)
  for (const leak of LEAKS) expect(text, leak).not.toContain(leak)
}

describe('withoutQuery', () => {
  it('cuts at the first ? or #, and leaves other strings alone', () => {
    expect(withoutQuery(PAGE)).toBe('http://app.test/auth/reset-password')
    expect(withoutQuery('http://app.test/#frag?x=1')).toBe('http://app.test/')
    expect(withoutQuery('/path?')).toBe('/path')
    expect(withoutQuery('http://app.test/a%3Fb')).toBe('http://app.test/a%3Fb')
    expect(withoutQuery('$direct')).toBe('$direct')
  })
})

describe('stripUrls (every event property, $set, $set_once, flags person properties)', () => {
  it('strips every URL-named property, relative or not, and every absolute URL anywhere', () => {
    const event = {
      event: '$pageview',
      properties: {
        $current_url: PAGE,
        $referrer: `http://app.test/auth/callback${SECRET_QUERY}`,
        $initial_current_url: PAGE,
        $initial_referrer: PAGE,
        $session_entry_url: PAGE,
        $session_entry_referrer: PAGE,
        $prev_pageview_pathname: `/auth/reset-password${SECRET_QUERY}`,
        $pathname: '/auth/reset-password',
        $host: 'app.test',
        $referring_domain: 'app.test',
        title: 'Choose a new password?',
        nested: { deeper: [PAGE, { href: `/relative${SECRET_QUERY}` }] },
        $exception_list: [{ stacktrace: { frames: [{ filename: `http://app.test/_next/chunk.js${SECRET_QUERY}` }] } }],
      },
      $set: { $current_url: PAGE },
      $set_once: { $initial_current_url: PAGE, $initial_referrer: `https://mail.example/inbox${SECRET_QUERY}` },
    }
    stripUrls(event)
    expectNoQuery(event)
    expect(event.properties.$current_url).toBe('http://app.test/auth/reset-password')
    expect(event.properties.$prev_pageview_pathname).toBe('/auth/reset-password')
    expect(event.properties.$host).toBe('app.test')
    // a question in plain words is no address
    expect(event.properties.title).toBe('Choose a new password?')
  })

  it("strips the flags request's person properties and a replay batch's page addresses", () => {
    const flags = { token: 'phc', distinct_id: 'd', person_properties: { $initial_current_url: PAGE, $initial_referrer: PAGE, $initial_pathname: '/auth/reset-password' } }
    stripUrls(flags)
    expectNoQuery(flags)
    const replay = [
      {
        event: '$snapshot',
        properties: {
          $current_url: PAGE,
          $snapshot_data: [
            { type: 4, data: { href: PAGE, width: 1, height: 1 } },
            { type: 5, data: { tag: '$pageview', payload: { href: PAGE } } },
            { type: 6, data: { plugin: 'rrweb/network@1', payload: { requests: [{ name: PAGE }] } } },
          ],
        },
      },
    ]
    stripUrls(replay)
    expectNoQuery(replay)
  })
})

describe('replay masking', () => {
  it('masks text by default, and every input', () => {
    const options = replayMasking('.ph-no-capture')
    expect(options).toMatchObject({ maskAllInputs: true, maskTextSelector: '*', blockSelector: '.ph-no-capture', captureCanvas: { recordCanvas: false } })
    expect(options.maskTextFn?.('Maya Thompson, 12 Harbour St 2000')).toBe('**** ********* ** ******* ** ****')
  })

  it('masks the words in attributes and the queries of addresses, and keeps the layout', () => {
    expect(maskAttribute('alt', 'Maya Thompson')).toBe('**** ********')
    expect(maskAttribute('aria-label', 'owner@demo.test, Your account')).not.toMatch(/owner|demo/)
    expect(maskAttribute('title', '12 Harbour Street')).toBe('** ******* ******')
    expect(maskAttribute('href', 'mailto:maya@agency.test')).not.toContain('maya')
    expect(maskAttribute('HREF', 'tel:+15550100777')).not.toContain('555')
    expect(maskAttribute('href', `/auth/login${SECRET_QUERY}`)).toBe('/auth/login')
    expect(maskAttribute('src', 'http://127.0.0.1:54321/storage/v1/object/sign/media/a.jpg?token=eyJsecret')).toBe('http://127.0.0.1:54321/storage/v1/object/sign/media/a.jpg')
    expect(maskAttribute('srcset', '/_next/image?url=%2Fa.jpg%3Ftoken%3Dx&w=640 1x, /_next/image?url=b&w=1080 2x')).toBe('/_next/image 1x, /_next/image 2x')
    expect(maskAttribute('style', 'background-image: url("https://cdn.test/p.jpg?token=abc"); color: red')).toBe('background-image: url("https://cdn.test/p.jpg"); color: red')
    expect(maskAttribute('class', 'flex items-center')).toBe('flex items-center')
    expect(maskAttribute('data-state', 'open')).toBe('open')
  })

  it("strips the replay's page addresses and drops network headers and bodies", () => {
    const mask = replayMasking('.x').maskCapturedNetworkRequestFn!
    expect(mask({ name: PAGE } as never)).toMatchObject({ name: 'http://app.test/auth/reset-password' })
    expect(mask({ name: PAGE, requestBody: '{"email":"a@b.test"}', responseBody: 'x' } as never)).toMatchObject({ requestBody: null, responseBody: null })
  })
})

describe('the /ingest relay strips addresses in what it passes on', () => {
  let posthog: PostHogReceiver
  const KEY = 'phc_privacy_relay'
  beforeAll(async () => {
    posthog = await startPostHogReceiver()
  })
  afterAll(() => posthog.close())
  afterEach(() => vi.unstubAllEnvs())

  async function post(path: string, body: BodyInit, contentType: string) {
    vi.stubEnv('POSTHOG_KEY', KEY)
    vi.stubEnv('POSTHOG_HOST', posthog.url)
    const { POST } = await import('@/app/ingest/[...path]/route')
    const url = new URL(path, 'http://app.test')
    const segments = url.pathname.replace(/^\/ingest\//, '').split('/').filter(Boolean)
    return POST(new NextRequest(url, { method: 'POST', body, headers: { 'content-type': contentType } }), { params: Promise.resolve({ path: segments }) })
  }

  const batch = () => [{ event: '$pageview', properties: { token: KEY, distinct_id: 'd1', $current_url: PAGE, $session_entry_url: PAGE }, $set_once: { $initial_current_url: PAGE } }]

  it('in gzip, base64 form and JSON bodies, keeping the encoding', async () => {
    const json = JSON.stringify(batch())
    const bodies: Array<[string, BodyInit, string]> = [
      ['/ingest/e/?ver=1', gzipSync(json), 'text/plain'],
      ['/ingest/e/?compression=base64', `data=${encodeURIComponent(Buffer.from(json).toString('base64'))}`, 'application/x-www-form-urlencoded'],
      ['/ingest/e/', json, 'application/json'],
      ['/ingest/i/v0/e/', JSON.stringify({ token: KEY, distinct_id: 'd1', person_properties: { $initial_current_url: PAGE, $initial_referrer: PAGE } }), 'application/json'],
      ['/ingest/s/', gzipSync(JSON.stringify([{ event: '$snapshot', properties: { $snapshot_data: [{ type: 4, data: { href: PAGE } }] } }])), 'text/plain'],
    ]
    for (const [path, body, type] of bodies) {
      const before = posthog.requests.length
      expect((await post(path, body, type)).status, path).toBe(200)
      const received = posthog.requests.at(-1)!
      expect(posthog.requests.length).toBe(before + 1)
      expect(received.body.toString('latin1').includes('secret123'), path).toBe(false)
      const decoded = decodePostHogBody(received.body)
      expectNoQuery(decoded)
      expect(JSON.stringify(decoded)).toContain('http://app.test/auth/reset-password')
    }
    expect(posthog.requests.at(-5)!.body[0]).toBe(0x1f)
    expect(posthog.requests.at(-4)!.body.toString('utf8')).toMatch(/^data=/)
  })

  it('does not pass on a body it cannot read', async () => {
    const before = posthog.requests.length
    expect((await post('/ingest/e/', 'not json?code=secret123', 'text/plain')).status).toBe(400)
    expect((await post('/ingest/e/', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]), 'text/plain')).status).toBe(400)
    expect(posthog.requests.length).toBe(before)
    expect(await stripIngestBody(new ArrayBuffer(0))).toEqual(new ArrayBuffer(0))
  })
})
