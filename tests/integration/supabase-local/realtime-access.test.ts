import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { signJwt } from '../../../supabase/local/jwt.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { until } from '../../helpers/realtime.ts'

let standIn: StandIn
const clients: SupabaseClient[] = []

function client(options: { vsn?: string } = {}): SupabaseClient {
  const c = clientFor(standIn, 'anon', options.vsn ? { realtime: { vsn: options.vsn } } : {})
  clients.push(c)
  return c
}

async function userToken(expiresInSeconds = 3600): Promise<string> {
  const id = randomUUID()
  return signJwt(standIn.config, {
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
  })
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve()
      else reject(err ?? new Error(status))
    })
  })
}

/** The first non-SUBSCRIBED status a channel reports, with its error. */
function firstFailure(channel: RealtimeChannel): Promise<{ status: string; err?: Error }> {
  return new Promise((resolve) => channel.subscribe((status, err) => status !== 'SUBSCRIBED' && resolve({ status, err })))
}

beforeAll(async () => {
  standIn = await startFixtureStandIn()
}, 120_000)

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels()
  await standIn?.stop()
})

describe('tokens', () => {
  it('refuses a join with an expired token', async () => {
    const c = client()
    await c.realtime.setAuth(await userToken(-60))
    const failure = await firstFailure(c.channel(`expired-${randomUUID()}`))
    expect(failure.status).toBe('CHANNEL_ERROR')
    expect(failure.err?.message).toMatch(/InvalidJWTToken: Token has expired/)
  })

  it('closes the channel with a system error when an invalid token is pushed', async () => {
    const c = client()
    const system: { extension: string; status: string; message: string }[] = []
    const statuses: string[] = []
    const ch = c.channel(`swap-${randomUUID()}`).on('system', {}, (p: (typeof system)[number]) => system.push(p))
    await new Promise<void>((resolve) =>
      ch.subscribe((s) => {
        statuses.push(s)
        if (s === 'SUBSCRIBED') resolve()
      }),
    )
    await c.realtime.setAuth(await userToken(-60))
    await until(() => statuses.includes('CLOSED'))
    expect(system).toContainEqual(expect.objectContaining({ extension: 'system', status: 'error', message: expect.stringMatching(/expired/) }))
  })

  it('closes the channel when the token expires while subscribed', { timeout: 15_000 }, async () => {
    const c = client()
    await c.realtime.setAuth(await userToken(3))
    const statuses: string[] = []
    const system: { message: string }[] = []
    c.channel(`ttl-${randomUUID()}`)
      .on('system', {}, (p: { message: string }) => system.push(p))
      .subscribe((s) => statuses.push(s))
    await until(() => statuses.includes('CLOSED'), 10_000)
    expect(statuses[0]).toBe('SUBSCRIBED')
    expect(system.map((s) => s.message)).toContain('Token has expired 0 seconds ago')
  })
})

describe('private channels', () => {
  it('admits a user the realtime.messages policies allow and delivers their broadcasts', async () => {
    const topic = `team-${randomUUID()}`
    const [ta, tb] = [await userToken(), await userToken()]
    const a = client()
    const b = client()
    await a.realtime.setAuth(ta)
    await b.realtime.setAuth(tb)
    const got: unknown[] = []
    const chA = a.channel(topic, { config: { private: true } })
    const chB = b.channel(topic, { config: { private: true } }).on('broadcast', { event: 'plan' }, (m) => got.push(m.payload))
    await Promise.all([subscribed(chA), subscribed(chB)])
    await chA.send({ type: 'broadcast', event: 'plan', payload: { step: 1 } })
    await until(() => got.length === 1)
    expect(got).toEqual([{ step: 1 }])
  })

  it('refuses anon, and a user on a topic the policies do not cover', async () => {
    const anon = await firstFailure(client().channel(`team-${randomUUID()}`, { config: { private: true } }))
    expect(anon.status).toBe('CHANNEL_ERROR')
    expect(anon.err?.message).toMatch(/Unauthorized: You do not have permissions to read from this Channel topic/)
    const c = client()
    await c.realtime.setAuth(await userToken())
    const other = await firstFailure(c.channel(`secret-${randomUUID()}`, { config: { private: true } }))
    expect(other.err?.message).toMatch(/Unauthorized/)
  })
})

describe('shutdown', () => {
  it('tells open channels, closes their sockets and stops promptly', async () => {
    const own = await startFixtureStandIn()
    const ws = new WebSocket(`${own.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${own.config.anonKey}&vsn=2.0.0`)
    const frames: unknown[] = []
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    ws.on('message', (d) => frames.push(JSON.parse(String(d))))
    await new Promise((r) => ws.once('open', r))
    ws.send(JSON.stringify(['1', '1', 'realtime:bye', 'phx_join', { config: {} }]))
    await until(() => frames.length === 1)
    const started = Date.now()
    await own.stop()
    expect(Date.now() - started).toBeLessThan(3000)
    expect(await closed).toBe(1001)
    expect(frames).toContainEqual(['1', null, 'realtime:bye', 'system', expect.objectContaining({ extension: 'system', status: 'error' })])
  }, 120_000)
})
