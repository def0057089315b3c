import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { StandIn } from '../../../supabase/local/server.ts'
import { signJwt } from '../../../supabase/local/jwt.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { until, settle } from '../../helpers/realtime.ts'

let standIn: StandIn
const clients: SupabaseClient[] = []

function client(options: { vsn?: string } = {}): SupabaseClient {
  const c = clientFor(standIn, 'anon', options.vsn ? { realtime: { vsn: options.vsn } } : {})
  clients.push(c)
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

/** A raw Phoenix socket for the frames no client API exposes. */
async function rawSocket(vsn: string, apikey = standIn.config.anonKey): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  const url = `${standIn.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`
  const ws = new WebSocket(url)
  const inbox: unknown[] = []
  const waiters: ((m: unknown) => void)[] = []
  ws.on('message', (data, isBinary) => {
    const m = isBinary ? data : JSON.parse(String(data))
    const w = waiters.shift()
    if (w) w(m)
    else inbox.push(m)
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  const next = () => (inbox.length ? Promise.resolve(inbox.shift()) : new Promise<unknown>((r) => waiters.push(r)))
  return { ws, next }
}

beforeAll(async () => {
  standIn = await startFixtureStandIn()
}, 120_000)

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels()
  await standIn?.stop()
})

describe('the Phoenix socket', () => {
  it('answers heartbeats on vsn 2.0.0 with an array frame', async () => {
    const { ws, next } = await rawSocket('2.0.0')
    ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]))
    expect(await next()).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    ws.close()
  })

  it('answers heartbeats on vsn 1.0.0 with an object frame', async () => {
    const { ws, next } = await rawSocket('1.0.0')
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3', join_ref: null }))
    expect(await next()).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '3', join_ref: null })
    ws.close()
  })

  it('refuses the upgrade when the api key is not a project key', async () => {
    const url = `${standIn.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=not-a-key&vsn=2.0.0`
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url)
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('error', () => {})
    })
    expect(status).toBe(403)
  })

  it('replies phx_reply then phx_close when a channel is left', async () => {
    const { ws, next } = await rawSocket('2.0.0')
    ws.send(JSON.stringify(['1', '1', 'realtime:raw-leave', 'phx_join', { config: { postgres_changes: [] } }]))
    expect(await next()).toEqual(['1', '1', 'realtime:raw-leave', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }])
    ws.send(JSON.stringify(['1', '2', 'realtime:raw-leave', 'phx_leave', {}]))
    expect(await next()).toEqual(['1', '2', 'realtime:raw-leave', 'phx_reply', { status: 'ok', response: {} }])
    expect(await next()).toEqual(['1', null, 'realtime:raw-leave', 'phx_close', {}])
    ws.close()
  })

  it('echoes postgres_changes bindings in order with their ids', async () => {
    const { ws, next } = await rawSocket('2.0.0')
    const wanted = [
      { event: 'INSERT', schema: 'public', table: 'rt_readings', filter: 'level=gt.3' },
      { event: '*', schema: 'public', table: 'rt_readings' },
    ]
    ws.send(JSON.stringify(['1', '1', 'realtime:raw-ids', 'phx_join', { config: { postgres_changes: wanted } }]))
    const reply = (await next()) as [string, string, string, string, { response: { postgres_changes: { id: number }[] } }]
    const echoed = reply[4].response.postgres_changes
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(wanted)
    expect(echoed.every((e) => Number.isInteger(e.id))).toBe(true)
    expect(await next()).toEqual([
      '1',
      null,
      'realtime:raw-ids',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'raw-ids' },
    ])
    ws.close()
  })
})

describe.each(['2.0.0', '1.0.0'])('broadcast on vsn %s', (vsn) => {
  it('reaches the others on the topic but not the sender without self', async () => {
    const topic = `room-${randomUUID()}`
    const got = { a: [] as unknown[], b: [] as unknown[] }
    const sender = client({ vsn })
    expect(sender.realtime.endpointURL()).toContain(`vsn=${vsn}`)
    const a = sender.channel(topic).on('broadcast', { event: 'cursor' }, (m) => got.a.push(m.payload))
    const b = client({ vsn }).channel(topic).on('broadcast', { event: 'cursor' }, (m) => got.b.push(m.payload))
    await Promise.all([subscribed(a), subscribed(b)])
    expect(await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, label: 'café ☕' } })).toBe('ok')
    await until(() => got.b.length === 1)
    await settle(300)
    expect(got.b).toEqual([{ x: 1, label: 'café ☕' }])
    expect(got.a).toEqual([])
  })

  it('echoes to the sender with self and acknowledges with ack', async () => {
    const topic = `room-${randomUUID()}`
    const got: unknown[] = []
    const a = client({ vsn })
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'ping' }, (m) => got.push(m.payload))
    await subscribed(a)
    expect(await a.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok')
    await until(() => got.length === 1)
    expect(got).toEqual([{ n: 1 }])
  })

  it('delivers postgres_changes too', async () => {
    const changes: unknown[] = []
    const ch = client({ vsn })
      .channel(`changes-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_readings', filter: `sensor=eq.vsn-${vsn}` }, (p) =>
        changes.push(p.new),
      )
    await subscribed(ch)
    await standIn.db.query(`insert into rt_readings (id, sensor, level) values ($1, $2, 5)`, [vsn === '2.0.0' ? 900 : 901, `vsn-${vsn}`])
    await until(() => changes.length === 1)
    expect(changes[0]).toMatchObject({ sensor: `vsn-${vsn}`, level: 5 })
  })
})

describe('broadcast', () => {
  it('carries binary payloads as binary frames on vsn 2.0.0', async () => {
    const topic = `bytes-${randomUUID()}`
    const got: unknown[] = []
    const a = client().channel(topic)
    const b = client().channel(topic).on('broadcast', { event: 'blob' }, (m) => got.push(m.payload))
    await Promise.all([subscribed(a), subscribed(b)])
    await a.send({ type: 'broadcast', event: 'blob', payload: new Uint8Array([1, 2, 250]).buffer })
    await until(() => got.length === 1)
    expect(got[0]).toBeInstanceOf(ArrayBuffer)
    expect([...new Uint8Array(got[0] as ArrayBuffer)]).toEqual([1, 2, 250])
  })

  it('falls back to REST when sending on a channel that is not joined', async () => {
    const topic = `rest-${randomUUID()}`
    const got: unknown[] = []
    const b = client().channel(topic).on('broadcast', { event: 'note' }, (m) => got.push(m.payload))
    await subscribed(b)
    const sender = client().channel(topic)
    const warn = console.warn
    console.warn = () => {}
    try {
      expect(await sender.send({ type: 'broadcast', event: 'note', payload: { via: 'rest' } })).toBe('ok')
    } finally {
      console.warn = warn
    }
    await until(() => got.length === 1)
    expect(got).toEqual([{ via: 'rest' }])
  })

  it('accepts httpSend with 202 and delivers it', async () => {
    const topic = `http-${randomUUID()}`
    const got: unknown[] = []
    const b = client().channel(topic).on('broadcast', { event: 'note' }, (m) => got.push(m.payload))
    await subscribed(b)
    expect(await client().channel(topic).httpSend('note', { via: 'httpSend' })).toEqual({ success: true })
    await until(() => got.length === 1)
    expect(got).toEqual([{ via: 'httpSend' }])
  })

  it('answers 202 to the batch endpoint and 401 to a forged token', async () => {
    const post = (auth: string) =>
      fetch(`${standIn.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: standIn.config.anonKey, authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: 'nobody', event: 'e', payload: {} }] }),
      })
    expect((await post(standIn.config.anonKey)).status).toBe(202)
    expect((await post('forged.token.here')).status).toBe(401)
  })
})

describe('broadcast from the database', () => {
  it('sends what realtime.send() stores to the public channels of the topic', async () => {
    const topic = `db-${randomUUID()}`
    const got: { event: string; payload: unknown }[] = []
    const b = client().channel(topic).on('broadcast', { event: '*' }, (m) => got.push({ event: m.event, payload: m.payload }))
    await subscribed(b)
    await standIn.db.query(`select realtime.send('{"step": 1}'::jsonb, 'progress', $1, false)`, [topic])
    await standIn.db.query(`select realtime.send('{"step": 2}'::jsonb, 'progress', $1, true)`, [topic]) // private: not for this channel
    await until(() => got.length === 1)
    await settle(300)
    expect(got).toEqual([{ event: 'progress', payload: { step: 1 } }])
  })

  it('carries row changes sent by realtime.broadcast_changes() from a trigger', async () => {
    const topic = `rows-${randomUUID()}`
    await standIn.db.exec(`
      create or replace function public.rt_unpublished_broadcast() returns trigger
      language plpgsql security definer as $$
      begin
        perform realtime.broadcast_changes('${topic}', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger rt_unpublished_broadcast after insert on public.rt_unpublished
        for each row execute function public.rt_unpublished_broadcast();`)
    const got: unknown[] = []
    const b = client().channel(topic, { config: { private: true } })
    const anon = await new Promise<string>((resolve) => b.subscribe((s) => s !== 'SUBSCRIBED' && resolve(s)))
    expect(anon).toBe('CHANNEL_ERROR') // broadcast_changes sends privately; anon may not read these topics
    const reader = client()
    await reader.realtime.setAuth(
      await signJwt(standIn.config, { sub: randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }),
    )
    await standIn.db.exec(`create policy "rows topics: read" on realtime.messages for select to authenticated using (realtime.topic() like 'rows-%')`)
    const ch = reader.channel(topic, { config: { private: true } }).on('broadcast', { event: 'INSERT' }, (m) => got.push(m.payload))
    await subscribed(ch)
    await standIn.db.query(`insert into rt_unpublished (id, label) values (9001, 'broadcast me')`)
    await until(() => got.length === 1)
    expect(got[0]).toMatchObject({ operation: 'INSERT', table: 'rt_unpublished', schema: 'public', record: { id: 9001, label: 'broadcast me' }, old_record: null })
  })
})

describe('presence', () => {
  it('syncs tracked state to others and reports leaves on untrack', async () => {
    const topic = `lobby-${randomUUID()}`
    const a = client().channel(topic, { config: { presence: { key: 'ada' } } })
    const b = client().channel(topic, { config: { presence: { key: 'bo' } } })
    const leaves: string[] = []
    b.on('presence', { event: 'sync' }, () => {}).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
    await Promise.all([subscribed(a), subscribed(b)])
    expect(await a.track({ status: 'online' })).toBe('ok')
    await until(() => 'ada' in b.presenceState())
    expect(b.presenceState().ada[0]).toMatchObject({ status: 'online' })
    expect(await a.untrack()).toBe('ok')
    await until(() => leaves.includes('ada'))
    expect('ada' in b.presenceState()).toBe(false)
  })
})
