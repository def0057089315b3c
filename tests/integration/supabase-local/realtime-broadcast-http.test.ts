import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { signJwt } from '../../../supabase/local/jwt.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { realtimeStandInForFile, settle, until } from '../../helpers/realtime.ts'

/**
 * Broadcast sent over HTTP (`channel.httpSend`, and `channel.send` before joining) as
 * supabase/realtime's broadcast controllers answer it, private topics under the
 * realtime.messages policies of the fixtures (`team-…` read + write, `board-…` read only).
 */
const rt = realtimeStandInForFile()

async function userToken(): Promise<string> {
  return signJwt(rt.standIn.config, { sub: randomUUID(), role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
}

async function userClient(vsn?: string): Promise<SupabaseClient> {
  const c = rt.track(clientFor(rt.standIn, 'anon', vsn ? { realtime: { vsn } } : {}))
  await c.realtime.setAuth(await userToken())
  return c
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve()
      else reject(err ?? new Error(status))
    })
  })
}

/** A private subscriber on `topic` collecting the payloads of `event`. */
async function privateListener(topic: string, event: string, vsn?: string): Promise<unknown[]> {
  const got: unknown[] = []
  const ch = (await userClient(vsn)).channel(topic, { config: { private: true } }).on('broadcast', { event }, (m) => got.push(m.payload))
  await subscribed(ch)
  return got
}

const post = (path: string, init: { headers?: Record<string, string>; body?: BodyInit }) =>
  fetch(`${rt.standIn.url}/realtime/v1/api/broadcast${path}`, { method: 'POST', ...init })

describe('httpSend on private channels', () => {
  it('delivers when the INSERT policy lets the sender write the topic', async () => {
    const topic = `team-${randomUUID()}`
    const got = await privateListener(topic, 'plan')
    const sender = (await userClient()).channel(topic, { config: { private: true } })
    expect(await sender.httpSend('plan', { step: 1 })).toEqual({ success: true })
    await until(() => got.length === 1)
    expect(got).toEqual([{ step: 1 }])
  })

  it('answers 403 Unauthorized (and delivers nothing) when the policies refuse the write', async () => {
    const board = `board-${randomUUID()}`
    const got = await privateListener(board, 'note')
    const reader = (await userClient()).channel(board, { config: { private: true } })
    await expect(reader.httpSend('note', { n: 1 })).rejects.toThrow('Unauthorized')
    const anon = rt.track(clientFor(rt.standIn, 'anon')).channel(board, { config: { private: true } })
    await expect(anon.httpSend('note', { n: 2 })).rejects.toThrow('Unauthorized')
    await settle()
    expect(got).toEqual([])
  })

  it('carries binary payloads to vsn 2.0.0 subscribers as bytes', async () => {
    const topic = `team-${randomUUID()}`
    const got = await privateListener(topic, 'blob', '2.0.0')
    const sender = (await userClient()).channel(topic, { config: { private: true } })
    expect(await sender.httpSend('blob', new Uint8Array([0, 1, 254, 255]))).toEqual({ success: true })
    await until(() => got.length === 1)
    expect(got[0]).toBeInstanceOf(ArrayBuffer)
    expect([...new Uint8Array(got[0] as ArrayBuffer)]).toEqual([0, 1, 254, 255])
  })

  it('reaches public subscribers only when not private, and private ones only when private', async () => {
    const topic = `team-${randomUUID()}`
    const priv = await privateListener(topic, 'e')
    const pub: unknown[] = []
    await subscribed(rt.track(clientFor(rt.standIn, 'anon')).channel(topic).on('broadcast', { event: 'e' }, (m) => pub.push(m.payload)))
    // one client keeps one channel per topic, so the two sends need two clients
    await (await userClient()).channel(topic).httpSend('e', { to: 'public' })
    await (await userClient()).channel(topic, { config: { private: true } }).httpSend('e', { to: 'private' })
    await until(() => pub.length === 1 && priv.length === 1)
    await settle(200)
    expect(pub).toEqual([{ to: 'public' }])
    expect(priv).toEqual([{ to: 'private' }])
  })
})

describe('the batch endpoint (channel.send before joining)', () => {
  it('answers 202 with an empty body, delivering private messages only where the sender may write', async () => {
    const team = `team-${randomUUID()}`
    const board = `board-${randomUUID()}`
    const [teamGot, boardGot] = [await privateListener(team, 'm'), await privateListener(board, 'm')]
    const token = await userToken()
    const res = await post('', {
      headers: { apikey: rt.standIn.config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [
          { topic: team, event: 'm', payload: { n: 1 }, private: true },
          { topic: board, event: 'm', payload: { n: 2 }, private: true },
        ],
      }),
    })
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('')
    await until(() => teamGot.length === 1)
    await settle(200)
    expect(teamGot).toEqual([{ n: 1 }])
    expect(boardGot).toEqual([])
  })

  it('is what channel.send uses on a private channel that is not joined', async () => {
    const topic = `team-${randomUUID()}`
    const got = await privateListener(topic, 'fallback')
    const sender = (await userClient()).channel(topic, { config: { private: true } })
    const warn = console.warn
    console.warn = () => {}
    try {
      expect(await sender.send({ type: 'broadcast', event: 'fallback', payload: { via: 'rest' } })).toBe('ok')
    } finally {
      console.warn = warn
    }
    await until(() => got.length === 1)
    expect(got).toEqual([{ via: 'rest' }])
  })
})

describe('refusals', () => {
  const anonKey = () => rt.standIn.config.anonKey

  it('answers 401 Unauthorized without a token or with a bad one', async () => {
    const body = JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] })
    const none = await post('', { headers: { 'content-type': 'application/json' }, body })
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ message: 'Unauthorized' })
    const forged = await post('/t/events/e', { headers: { apikey: anonKey(), authorization: 'Bearer forged.token.here', 'content-type': 'application/json' }, body: '{}' })
    expect(forged.status).toBe(401)
  })

  it('answers 415 to a single broadcast that is neither JSON nor octet-stream', async () => {
    const res = await post('/t/events/e', { headers: { apikey: anonKey(), 'content-type': 'text/plain' }, body: 'hi' })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' })
  })

  it('answers 422 with changeset errors for invalid batches', async () => {
    const send = (body: unknown) => post('', { headers: { apikey: anonKey(), 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const missing = await send({})
    expect(missing.status).toBe(422)
    expect(await missing.json()).toEqual({ errors: { messages: ["can't be blank"] } })
    const bad = await send({ messages: [{ topic: 't', event: 'e', payload: {} }, { event: 'e', payload: 'text' }] })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toEqual({ errors: { messages: [{}, { topic: ["can't be blank"], payload: ['is invalid'] }] } })
  })
})
