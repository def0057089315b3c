// Small local stand-ins for PostHog and Sentry, started by the tests (vitest and Playwright) so the
// app's outside calls can be pointed at them and what arrives asserted: PostHog's remote config,
// flags, event batches and replay batches; Sentry's envelopes (errors, transactions). They answer
// as the real services do in shape, and record every request.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export interface ReceivedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: Buffer
}

interface Receiver {
  url: string
  requests: ReceivedRequest[]
  /** resolves with the first request (past or future) that matches, or rejects after `timeoutMs` */
  waitFor(match: (request: ReceivedRequest) => boolean, timeoutMs?: number, what?: string): Promise<ReceivedRequest>
  close(): Promise<void>
}

async function listen(handle: (request: ReceivedRequest) => { status: number; body?: unknown; delayMs?: number }): Promise<Receiver> {
  const requests: ReceivedRequest[] = []
  const waiters: Array<() => void> = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver')
      const received: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) }
      requests.push(received)
      for (const wake of waiters.splice(0)) wake()
      const answer = handle(received)
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' })
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
      }, answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async waitFor(match, timeoutMs = 15_000, what = 'a matching request') {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = requests.find(match)
        if (found) return found
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms; received: ${requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'nothing'}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250))
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// ---------------------------------------------------------------------------------------------- PostHog

export interface PostHogEvent {
  event: string
  distinct_id?: string
  properties: Record<string, unknown>
  [key: string]: unknown
}

export interface PostHogReceiver extends Receiver {
  /** what /flags answers from now on */
  setFlags(flags: Record<string, boolean | string>): void
  /** how long /flags waits before answering (to test the app's timeout) */
  setFlagsDelay(ms: number): void
  /** every captured event, decoded (gzip, base64 form or JSON; batch or single) */
  events(): PostHogEvent[]
  /** the rrweb events inside replay batches ($snapshot), with their compressed parts decoded */
  snapshots(): Array<{ sessionId: unknown; windowId: unknown; data: unknown }>
}

/** A PostHog request's body as JSON, whichever way posthog-js encoded it. */
export function decodePostHogBody(body: Buffer): unknown {
  if (!body.length) return null
  let raw = body
  if (raw[0] === 0x1f && raw[1] === 0x8b) raw = gunzipSync(raw)
  const text = raw.toString('utf8')
  if (text.startsWith('data=')) return JSON.parse(Buffer.from(decodeURIComponent(text.slice(5)), 'base64').toString('utf8'))
  return JSON.parse(text)
}

function eventsOf(decoded: unknown): PostHogEvent[] {
  if (Array.isArray(decoded)) return decoded as PostHogEvent[]
  if (decoded && typeof decoded === 'object' && Array.isArray((decoded as { batch?: unknown }).batch)) return (decoded as { batch: PostHogEvent[] }).batch
  if (decoded && typeof decoded === 'object' && 'event' in decoded) return [decoded as PostHogEvent]
  return []
}

/** rrweb data posthog-js gzipped into a latin-1 string ("cv": "2024-10") */
function unpack(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const bytes = Buffer.from(value, 'latin1')
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return value
  return JSON.parse(gunzipSync(bytes).toString('utf8'))
}

export const CAPTURE_PATHS = /^\/(e|i\/v0\/e|batch|capture)\/?$/
export const REPLAY_PATH = /^\/s\/?$/

export async function startPostHogReceiver(options: { flags?: Record<string, boolean | string>; recording?: boolean } = {}): Promise<PostHogReceiver> {
  const state = { flags: options.flags ?? {}, flagsDelayMs: 0 }
  const receiver = await listen((request) => {
    if (request.method === 'GET' && /^\/array\/[^/]+\/config$/.test(request.path)) {
      return {
        status: 200,
        body: {
          token: request.path.split('/')[2],
          supportedCompression: ['gzip', 'gzip-js'],
          hasFeatureFlags: true,
          sessionRecording: options.recording === false ? false : { endpoint: '/s/', recordCanvas: false },
          autocapture_opt_out: true,
          capturePerformance: false,
          heatmaps: false,
          surveys: false,
        },
      }
    }
    if (request.method === 'POST' && /^\/(flags|decide)\/?$/.test(request.path)) {
      const flags = Object.fromEntries(Object.entries(state.flags).map(([key, value]) => [key, { key, enabled: value !== false, variant: typeof value === 'string' ? value : null }]))
      return { status: 200, delayMs: state.flagsDelayMs, body: { flags, errorsWhileComputingFlags: false, requestId: 'test' } }
    }
    if (request.method === 'POST' && (CAPTURE_PATHS.test(request.path) || REPLAY_PATH.test(request.path))) return { status: 200, body: { status: 1 } }
    return { status: 404, body: { detail: 'not found' } }
  })
  const posted = (pattern: RegExp) => receiver.requests.filter((r) => r.method === 'POST' && pattern.test(r.path)).flatMap((r) => eventsOf(decodePostHogBody(r.body)))
  return Object.assign(receiver, {
    setFlags: (flags: Record<string, boolean | string>) => void (state.flags = flags),
    setFlagsDelay: (ms: number) => void (state.flagsDelayMs = ms),
    events: () => posted(CAPTURE_PATHS),
    snapshots: () =>
      posted(REPLAY_PATH)
        .filter((e) => e.event === '$snapshot')
        .flatMap((e) =>
          ((e.properties.$snapshot_data as Array<Record<string, unknown>>) ?? []).map((item) => ({
            sessionId: e.properties.$session_id,
            windowId: e.properties.$window_id,
            data: item.cv ? { ...item, data: unpackData(item.data) } : item,
          })),
        ),
  })
}

function unpackData(data: unknown): unknown {
  if (typeof data === 'string') return unpack(data)
  if (data && typeof data === 'object') return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, unpack(value)]))
  return data
}

// ----------------------------------------------------------------------------------------------- Sentry

export interface EnvelopeItem {
  header: { type: string; [key: string]: unknown }
  payload: Record<string, unknown>
}

export interface Envelope {
  header: Record<string, unknown>
  items: EnvelopeItem[]
}

export interface SentryReceiver extends Receiver {
  /** a DSN that points here (project 1) */
  dsn: string
  envelopes(): Envelope[]
  items(type: string): EnvelopeItem[]
}

/** Parses a Sentry envelope: a JSON header line, then item header + payload pairs (length-prefixed or one line). */
export function parseEnvelope(body: Buffer): Envelope {
  const raw = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body
  let offset = 0
  const line = () => {
    const end = raw.indexOf(0x0a, offset)
    const text = raw.subarray(offset, end === -1 ? raw.length : end).toString('utf8')
    offset = end === -1 ? raw.length : end + 1
    return text
  }
  const header = JSON.parse(line()) as Record<string, unknown>
  const items: EnvelopeItem[] = []
  while (offset < raw.length) {
    const text = line()
    if (!text.trim()) continue
    const itemHeader = JSON.parse(text) as EnvelopeItem['header']
    let payloadText: string
    if (typeof itemHeader.length === 'number') {
      payloadText = raw.subarray(offset, offset + itemHeader.length).toString('utf8')
      offset += itemHeader.length + 1
    } else payloadText = line()
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(payloadText) as Record<string, unknown>
    } catch {
      payload = { raw: payloadText }
    }
    items.push({ header: itemHeader, payload })
  }
  return { header, items }
}

export const SENTRY_KEY = '0123456789abcdef0123456789abcdef'

export async function startSentryReceiver(): Promise<SentryReceiver> {
  const receiver = await listen((request) =>
    request.method === 'POST' && /^\/api\/\d+\/envelope\/?$/.test(request.path) ? { status: 200, body: { id: 'received' } } : { status: 404, body: { detail: 'not found' } },
  )
  const envelopes = () => receiver.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/envelope/')).map((r) => parseEnvelope(r.body))
  return Object.assign(receiver, {
    dsn: `${receiver.url.replace('http://', `http://${SENTRY_KEY}@`)}/1`,
    envelopes,
    items: (type: string) => envelopes().flatMap((e) => e.items.filter((i) => i.header.type === type)),
  })
}
