/**
 * Phoenix frames as realtime-js 2.119 speaks them.
 * vsn 1.0.0: every frame is a JSON object {join_ref, ref, topic, event, payload}.
 * vsn 2.0.0: text frames are JSON arrays [join_ref, ref, topic, event, payload]; broadcasts travel
 * as binary frames (kind 3 client → server, kind 4 server → client) so binary payloads survive.
 */

export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

/** A broadcast's user payload: parsed JSON, or raw bytes when it was sent as binary. */
export type BroadcastBody = { kind: 'json'; value: unknown } | { kind: 'binary'; bytes: Buffer }

export interface BroadcastPayload {
  type: 'broadcast'
  event: string
  payload: BroadcastBody
  meta?: Record<string, unknown>
}

const KIND_USER_BROADCAST_PUSH = 3
const KIND_USER_BROADCAST = 4
const ENCODING_BINARY = 0
const ENCODING_JSON = 1

export class FrameError extends Error {}

export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === '' || value === '1.0.0') return '1.0.0'
  if (value === '2.0.0') return '2.0.0'
  return null
}

function refOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null
  return String(v)
}

function textFrame(vsn: Vsn, text: string): Frame {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new FrameError('frame is not JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('expected [join_ref, ref, topic, event, payload]')
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings')
    return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload }
  }
  const o = parsed as Record<string, unknown> | null
  if (!o || typeof o !== 'object' || typeof o.topic !== 'string' || typeof o.event !== 'string') {
    throw new FrameError('expected {topic, event, payload, ref, join_ref}')
  }
  return { joinRef: refOrNull(o.join_ref), ref: refOrNull(o.ref), topic: o.topic, event: o.event, payload: o.payload }
}

/**
 * Kind 3 layout: u8 kind, u8 joinRefLen, u8 refLen, u8 topicLen, u8 eventLen, u8 metaLen,
 * u8 encoding, then joinRef, ref, topic, userEvent, meta (JSON or empty), payload bytes.
 */
function userBroadcastPush(buf: Buffer): Frame {
  if (buf.length < 7) throw new FrameError('binary frame too short')
  const lens = [buf[1], buf[2], buf[3], buf[4], buf[5]]
  const encoding = buf[6]
  let offset = 7
  const parts = lens.map((len) => {
    if (offset + len > buf.length) throw new FrameError('binary frame truncated')
    const s = buf.subarray(offset, offset + len).toString('utf8')
    offset += len
    return s
  })
  const [joinRef, ref, topic, userEvent, metaText] = parts
  const rest = Buffer.from(buf.subarray(offset))
  let body: BroadcastBody
  if (encoding === ENCODING_JSON) {
    try {
      body = { kind: 'json', value: rest.length ? JSON.parse(rest.toString('utf8')) : {} }
    } catch {
      throw new FrameError('broadcast payload is not JSON')
    }
  } else if (encoding === ENCODING_BINARY) body = { kind: 'binary', bytes: rest }
  else throw new FrameError(`unknown payload encoding ${encoding}`)
  let meta: Record<string, unknown> | undefined
  if (metaText) {
    try {
      meta = JSON.parse(metaText) as Record<string, unknown>
    } catch {
      throw new FrameError('broadcast metadata is not JSON')
    }
  }
  const payload: BroadcastPayload = { type: 'broadcast', event: userEvent, payload: body, ...(meta ? { meta } : {}) }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload }
}

/** Decodes one incoming WebSocket message. Broadcast payloads come back as `BroadcastPayload`. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0')
    if (data[0] !== KIND_USER_BROADCAST_PUSH) throw new FrameError(`unsupported binary frame kind ${data[0]}`)
    return userBroadcastPush(data)
  }
  const frame = textFrame(vsn, data.toString('utf8'))
  // Text broadcasts (vsn 1.0.0, or a custom encoder) carry the user payload as JSON.
  if (frame.event === 'broadcast' && frame.payload && typeof frame.payload === 'object') {
    const p = frame.payload as Record<string, unknown>
    if (typeof p.event === 'string') {
      frame.payload = { type: 'broadcast', event: p.event, payload: { kind: 'json', value: p.payload ?? {} } } satisfies BroadcastPayload
    }
  }
  return frame
}

export function encodeFrame(vsn: Vsn, f: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([f.joinRef, f.ref, f.topic, f.event, f.payload])
  return JSON.stringify({ join_ref: f.joinRef, ref: f.ref, topic: f.topic, event: f.event, payload: f.payload })
}

/** Kind 4 layout: u8 4, u8 topicLen, u8 eventLen, u8 metaLen, u8 encoding, topic, event, meta, payload. */
export function encodeUserBroadcast(topic: string, event: string, body: BroadcastBody, meta?: Record<string, unknown>): Buffer {
  const t = Buffer.from(topic, 'utf8')
  const e = Buffer.from(event, 'utf8')
  const m = Buffer.from(meta && Object.keys(meta).length ? JSON.stringify(meta) : '', 'utf8')
  if (t.length > 255 || e.length > 255 || m.length > 255) throw new FrameError('topic, event or meta longer than 255 bytes')
  const payload = body.kind === 'json' ? Buffer.from(JSON.stringify(body.value ?? {}), 'utf8') : body.bytes
  const header = Buffer.from([KIND_USER_BROADCAST, t.length, e.length, m.length, body.kind === 'json' ? ENCODING_JSON : ENCODING_BINARY])
  return Buffer.concat([header, t, e, m, payload])
}

/**
 * What one subscriber receives for a broadcast: a kind 4 binary frame on vsn 2.0.0, a text frame
 * on 1.0.0 (binary payloads cannot travel there and are sent as their base64 text).
 */
export function broadcastMessage(vsn: Vsn, topic: string, b: BroadcastPayload): string | Buffer {
  if (vsn === '2.0.0') return encodeUserBroadcast(topic, b.event, b.payload, b.meta)
  const value = b.payload.kind === 'json' ? b.payload.value : b.payload.bytes.toString('base64')
  return encodeFrame(vsn, {
    joinRef: null,
    ref: null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event: b.event, payload: value, ...(b.meta ? { meta: b.meta } : {}) },
  })
}
