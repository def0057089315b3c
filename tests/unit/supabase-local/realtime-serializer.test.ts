import { describe, expect, it } from 'vitest'
// realtime-js's own serializer (what supabase-js uses on vsn 2.0.0), to check both directions against it.
import ClientSerializer from '@supabase/realtime-js/dist/main/lib/serializer.js'
import {
  broadcastMessage,
  decodeFrame,
  encodeFrame,
  encodeUserBroadcast,
  FrameError,
  parseVsn,
  type BroadcastPayload,
} from '../../../supabase/local/realtime/serializer.ts'

type Encoded = ArrayBuffer | string
const Serializer = ((ClientSerializer as unknown as { default?: unknown }).default ?? ClientSerializer) as typeof ClientSerializer
const client = new Serializer()

function clientEncode(msg: Parameters<typeof client.encode>[0]): Encoded {
  let out: Encoded = ''
  client.encode(msg, (r: Encoded) => (out = r))
  return out
}

function clientDecode(raw: Buffer): Record<string, unknown> {
  let out: Record<string, unknown> = {}
  const bytes = new Uint8Array(raw.byteLength)
  bytes.set(raw)
  client.decode(bytes.buffer, (m: Record<string, unknown>) => (out = m))
  return out
}

describe('vsn', () => {
  it('defaults to 1.0.0 and refuses unknown versions', () => {
    expect(parseVsn(null)).toBe('1.0.0')
    expect(parseVsn('2.0.0')).toBe('2.0.0')
    expect(parseVsn('3.0.0')).toBeNull()
  })
})

describe('decoding what realtime-js sends', () => {
  it('reads a kind 3 userBroadcastPush with a JSON payload and multi-byte text', () => {
    const raw = clientEncode({ join_ref: '6', ref: '7', topic: 'realtime:salle', event: 'broadcast', payload: { type: 'broadcast', event: 'curseur', payload: { x: 1, nom: 'Zoë 🎬' } } })
    expect(raw).toBeInstanceOf(ArrayBuffer)
    const f = decodeFrame('2.0.0', Buffer.from(raw as ArrayBuffer), true)
    expect(f).toMatchObject({ joinRef: '6', ref: '7', topic: 'realtime:salle', event: 'broadcast' })
    expect(f.payload).toEqual({ type: 'broadcast', event: 'curseur', payload: { kind: 'json', value: { x: 1, nom: 'Zoë 🎬' } } })
  })

  it('reads a binary payload and the allowed metadata', () => {
    const bytes = new Uint8Array([0, 255, 7]).buffer
    const raw = clientEncode({ join_ref: '1', ref: '2', topic: 'realtime:r', event: 'broadcast', payload: { type: 'broadcast', event: 'blob', payload: bytes, persist: true } })
    const f = decodeFrame('2.0.0', Buffer.from(raw as ArrayBuffer), true)
    const p = f.payload as BroadcastPayload
    expect(p.meta).toEqual({ persist: true })
    expect(p.payload.kind).toBe('binary')
    expect([...(p.payload as { bytes: Buffer }).bytes]).toEqual([0, 255, 7])
  })

  it('matches the probe bytes from the wire notes', () => {
    const probe = Buffer.concat([Buffer.from([3, 1, 1, 14, 6, 0, 1]), Buffer.from('67realtime:room1cursor{"x":1}')])
    const f = decodeFrame('2.0.0', probe, true)
    expect(f).toMatchObject({ joinRef: '6', ref: '7', topic: 'realtime:room1' })
    expect((f.payload as BroadcastPayload).payload).toEqual({ kind: 'json', value: { x: 1 } })
  })

  it('reads text frames as arrays on 2.0.0 and objects on 1.0.0', () => {
    const v2 = decodeFrame('2.0.0', Buffer.from('[null,"3","phoenix","heartbeat",{}]'), false)
    expect(v2).toEqual({ joinRef: null, ref: '3', topic: 'phoenix', event: 'heartbeat', payload: {} })
    const v1 = decodeFrame('1.0.0', Buffer.from('{"topic":"realtime:a","event":"broadcast","payload":{"type":"broadcast","event":"e","payload":{"n":1}},"ref":"4","join_ref":"1"}'), false)
    expect(v1.payload).toEqual({ type: 'broadcast', event: 'e', payload: { kind: 'json', value: { n: 1 } } })
  })

  it('rejects truncated, unknown and malformed frames', () => {
    expect(() => decodeFrame('2.0.0', Buffer.from([3, 5, 0, 0, 0, 0, 1, 65]), true)).toThrow(FrameError)
    expect(() => decodeFrame('2.0.0', Buffer.from([9, 0, 0]), true)).toThrow(/kind 9/)
    expect(() => decodeFrame('1.0.0', Buffer.from([3, 0, 0, 0, 0, 0, 1]), true)).toThrow(/vsn 2.0.0/)
    expect(() => decodeFrame('2.0.0', Buffer.from('{"topic":"x"}'), false)).toThrow(FrameError)
    expect(() => decodeFrame('2.0.0', Buffer.from('not json'), false)).toThrow(FrameError)
  })
})

describe('encoding what realtime-js reads', () => {
  it('writes kind 4 userBroadcast frames the client decodes, JSON and binary', () => {
    const json = clientDecode(encodeUserBroadcast('realtime:room1', 'cursor', { kind: 'json', value: { x: 2 } }))
    expect(json).toEqual({ join_ref: null, ref: null, topic: 'realtime:room1', event: 'broadcast', payload: { type: 'broadcast', event: 'cursor', payload: { x: 2 } } })
    const bin = clientDecode(encodeUserBroadcast('realtime:room1', 'blob', { kind: 'binary', bytes: Buffer.from([9, 8]) }, { id: 'm1' }))
    const payload = bin.payload as { payload: ArrayBuffer; meta: unknown }
    expect([...new Uint8Array(payload.payload)]).toEqual([9, 8])
    expect(payload.meta).toEqual({ id: 'm1' })
  })

  it('writes text frames in each version’s shape', () => {
    const f = { joinRef: '1', ref: '2', topic: 't', event: 'phx_reply', payload: { status: 'ok', response: {} } }
    expect(JSON.parse(encodeFrame('2.0.0', f))).toEqual(['1', '2', 't', 'phx_reply', { status: 'ok', response: {} }])
    expect(JSON.parse(encodeFrame('1.0.0', f))).toEqual({ join_ref: '1', ref: '2', topic: 't', event: 'phx_reply', payload: { status: 'ok', response: {} } })
  })

  it('sends broadcasts to vsn 1.0.0 subscribers as text, binary payloads in base64', () => {
    const text = broadcastMessage('1.0.0', 'realtime:r', { type: 'broadcast', event: 'b', payload: { kind: 'binary', bytes: Buffer.from('hi') } })
    expect(JSON.parse(text as string).payload).toEqual({ type: 'broadcast', event: 'b', payload: 'aGk=' })
  })
})
