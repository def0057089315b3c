import type { Db } from '../db.ts'
import type { StandInConfig } from '../config.ts'
import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { resolveRequestAuth } from '../jwt.ts'
import type { Hub } from './hub.ts'
import { privateChannelAccess } from './join.ts'
import type { BroadcastBody } from './serializer.ts'

interface Outgoing {
  topic: string
  event: string
  body: BroadcastBody
  private: boolean
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8') || 'null')
  } catch {
    return undefined
  }
}

/**
 * The REST side of broadcast: `POST /api/broadcast` ({messages:[…]}, what `channel.send` falls back
 * to before joining) and `POST /api/broadcast/{topic}/events/{event}` (`channel.httpSend`).
 * Both answer 202; private messages the caller may not write are dropped, as on the platform.
 */
export async function handleBroadcastRequest(
  req: LocalRequest,
  deps: { config: StandInConfig; db: Db; hub: Hub },
): Promise<LocalResponse> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(req.path)
  if (req.path !== '/api/broadcast' && req.path !== '/api/broadcast/' && !single) {
    return json(404, { message: 'Not found' })
  }
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' })
  const who = await resolveRequestAuth(deps.config, req.headers)
  if (!who.ok) return json(401, { message: who.message })

  const outgoing: Outgoing[] = []
  if (single) {
    const isBinary = (req.headers['content-type'] ?? '').startsWith('application/octet-stream')
    let body: BroadcastBody
    if (isBinary) body = { kind: 'binary', bytes: req.body }
    else {
      const value = parseJson(req.body)
      if (value === undefined) return json(400, { message: 'payload is not JSON' })
      body = { kind: 'json', value }
    }
    outgoing.push({
      topic: decodeURIComponent(single[1]),
      event: decodeURIComponent(single[2]),
      body,
      private: req.url.searchParams.get('private') === 'true',
    })
  } else {
    const parsed = parseJson(req.body) as { messages?: unknown } | undefined
    if (!parsed || !Array.isArray(parsed.messages)) return json(400, { message: '`messages` must be a list' })
    for (const m of parsed.messages as Record<string, unknown>[]) {
      if (!m || typeof m.topic !== 'string' || typeof m.event !== 'string') {
        return json(400, { message: 'each message needs a topic and an event' })
      }
      outgoing.push({ topic: m.topic, event: m.event, body: { kind: 'json', value: m.payload ?? {} }, private: m.private === true })
    }
  }

  const writable = new Map<string, boolean>()
  for (const m of outgoing) {
    const sub = m.topic.startsWith('realtime:') ? m.topic.slice('realtime:'.length) : m.topic
    if (m.private && who.role !== 'service_role') {
      if (!writable.has(sub)) {
        const access = await privateChannelAccess(deps.db, { role: who.role, claims: who.claims, token: who.token ?? '', exp: null }, sub)
        writable.set(sub, access.write)
      }
      if (!writable.get(sub)) continue
    }
    deps.hub.broadcast(`realtime:${sub}`, m.private, { type: 'broadcast', event: m.event, payload: m.body }, null)
  }
  return { status: 202, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: {} }
}
