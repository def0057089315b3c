import type { WebSocket } from 'ws'
import type { Db } from '../db.ts'
import type { StandInConfig } from '../config.ts'
import { checkRealtimeToken, type Subscriber } from './auth.ts'
import type { ChangeCapture } from './capture.ts'
import { pushTo, type Hub, type JoinedChannel } from './hub.ts'
import { prepareBinding, privateChannelAccess, releaseBindings, subTopic } from './join.ts'
import { decodeFrame, encodeFrame, FrameError, type BroadcastPayload, type Frame, type Vsn } from './serializer.ts'

export interface RealtimeDeps {
  config: StandInConfig
  db: Db
  hub: Hub
  capture: ChangeCapture
  log: (...args: unknown[]) => void
}

const MAX_TIMER_MS = 2 ** 31 - 1

/** One WebSocket: the Phoenix socket with its joined channels, handling frames in arrival order. */
export class RealtimeConnection {
  private channels = new Map<string, JoinedChannel>()
  private queue: Promise<void> = Promise.resolve()
  private closed = false

  constructor(
    private ws: WebSocket,
    readonly vsn: Vsn,
    private socketToken: string,
    private deps: RealtimeDeps,
  ) {
    ws.on('message', (data, isBinary) => {
      const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
      this.queue = this.queue.then(() => this.receive(buf, isBinary)).catch((err) => this.deps.log('realtime: frame failed', err))
    })
    ws.on('close', () => {
      this.closed = true
      this.queue = this.queue.then(() => this.dropAll()).catch((err) => this.deps.log('realtime: cleanup failed', err))
    })
    ws.on('error', () => {})
  }

  send(data: string | Buffer) {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return
    this.ws.send(data, { binary: Buffer.isBuffer(data) })
  }

  private reply(f: Frame, status: 'ok' | 'error', response: unknown) {
    this.send(encodeFrame(this.vsn, { joinRef: f.joinRef, ref: f.ref, topic: f.topic, event: 'phx_reply', payload: { status, response } }))
  }

  private async receive(buf: Buffer, isBinary: boolean) {
    let f: Frame
    try {
      f = decodeFrame(this.vsn, buf, isBinary)
    } catch (err) {
      if (err instanceof FrameError) this.deps.log('realtime: bad frame:', err.message)
      return
    }
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') this.reply(f, 'ok', {})
      return
    }
    if (f.event === 'phx_join') return this.join(f)
    const ch = this.channels.get(f.topic)
    if (!ch) {
      if (f.ref) this.reply(f, 'error', { reason: 'unmatched topic' })
      return
    }
    const payload = (f.payload ?? {}) as Record<string, unknown>
    switch (f.event) {
      case 'phx_leave':
        this.reply(f, 'ok', {})
        await this.closeChannel(ch)
        return
      case 'access_token':
        return this.updateToken(ch, payload.access_token)
      case 'broadcast':
        return this.broadcast(ch, f, payload as unknown as BroadcastPayload)
      case 'presence':
        return this.presence(ch, f, payload)
      default:
        if (f.ref) this.reply(f, 'ok', {})
    }
  }

  private async join(f: Frame) {
    const { db, hub, capture, config } = this.deps
    const existing = this.channels.get(f.topic)
    if (existing) await this.closeChannel(existing) // a rejoin replaces the old channel, as in Phoenix
    const payload = (f.payload ?? {}) as Record<string, unknown>
    const cfg = (payload.config ?? {}) as Record<string, Record<string, unknown> | unknown[] | boolean | undefined>
    const token = [payload.access_token, payload.user_token, this.socketToken].find((t) => typeof t === 'string' && t) as string
    const who = await checkRealtimeToken(config, token)
    if (!who.ok) return this.reply(f, 'error', { reason: who.reason })
    const sub: Subscriber = { role: who.role, claims: who.claims, token: who.token, exp: who.exp }
    const isPrivate = cfg.private === true
    let canWrite = true
    if (isPrivate) {
      const access = await privateChannelAccess(db, sub, subTopic(f.topic))
      if (!access.read) {
        return this.reply(f, 'error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(f.topic)}`,
        })
      }
      canWrite = access.write
    }
    const broadcast = (cfg.broadcast ?? {}) as Record<string, unknown>
    const presence = (cfg.presence ?? {}) as Record<string, unknown>
    const wanted = Array.isArray(cfg.postgres_changes) ? cfg.postgres_changes : []
    const prepared: Awaited<ReturnType<typeof prepareBinding>>[] = []
    try {
      for (const raw of wanted) prepared.push(await prepareBinding(db, capture, raw))
    } catch (err) {
      await releaseBindings(capture, prepared.map((p) => p.binding))
      this.deps.log('realtime: join failed', err)
      return this.reply(f, 'error', { reason: `Unable to join: ${(err as Error).message}` })
    }
    const ch: JoinedChannel = {
      socket: this,
      topic: f.topic,
      joinRef: f.joinRef ?? f.ref ?? '',
      subscriber: sub,
      private: isPrivate,
      canWrite,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceKey: typeof presence.key === 'string' && presence.key ? presence.key : crypto.randomUUID(),
      presenceEnabled: presence.enabled === true,
      bindings: prepared.map((p) => p.binding),
      expiryTimer: null,
    }
    if (this.closed) return releaseBindings(capture, ch.bindings)
    this.channels.set(f.topic, ch)
    hub.add(ch)
    this.scheduleExpiry(ch)
    this.reply(f, 'ok', { postgres_changes: prepared.map((p) => p.echo) })
    if (ch.presenceEnabled) pushTo(ch, 'presence_state', hub.presenceState(ch.topic, ch.private))
    if (prepared.length) {
      const errors = prepared.filter((p) => p.error)
      for (const p of errors) this.system(ch, 'postgres_changes', 'error', p.error!)
      if (errors.length === 0) this.system(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL')
    }
  }

  private system(ch: JoinedChannel, extension: string, status: 'ok' | 'error', message: string) {
    pushTo(ch, 'system', { extension, status, message, channel: subTopic(ch.topic) })
  }

  private async updateToken(ch: JoinedChannel, token: unknown) {
    if (typeof token !== 'string' || !token || token.startsWith('sb_') || token === ch.subscriber.token) return
    const who = await checkRealtimeToken(this.deps.config, token)
    if (!who.ok) {
      this.system(ch, 'system', 'error', who.reason.replace(/^InvalidJWTToken: /, ''))
      return this.closeChannel(ch, true)
    }
    ch.subscriber = { role: who.role, claims: who.claims, token: who.token, exp: who.exp }
    if (ch.private) {
      const access = await privateChannelAccess(this.deps.db, ch.subscriber, subTopic(ch.topic))
      if (!access.read) {
        this.system(ch, 'system', 'error', `You do not have permissions to read from this Channel topic: ${subTopic(ch.topic)}`)
        return this.closeChannel(ch, true)
      }
      ch.canWrite = access.write
    }
    this.scheduleExpiry(ch)
  }

  /** The platform closes a channel when its token expires, with a system message saying so. */
  private scheduleExpiry(ch: JoinedChannel) {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer)
    ch.expiryTimer = null
    if (ch.subscriber.exp === null) return
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, ch.subscriber.exp * 1000 - Date.now()))
    ch.expiryTimer = setTimeout(() => {
      this.queue = this.queue.then(async () => {
        if (this.channels.get(ch.topic) !== ch) return
        this.system(ch, 'system', 'error', 'Token has expired 0 seconds ago')
        await this.closeChannel(ch, true)
      })
    }, ms)
    ch.expiryTimer.unref?.()
  }

  private broadcast(ch: JoinedChannel, f: Frame, b: BroadcastPayload) {
    if (!b || typeof b.event !== 'string' || !b.payload) return
    if (ch.private && !ch.canWrite) {
      if (ch.broadcastAck && f.ref) this.reply(f, 'error', { reason: 'You do not have permissions to write to this Channel topic' })
      return
    }
    this.deps.hub.broadcast(ch.topic, ch.private, b, ch)
    if (ch.broadcastAck && f.ref) this.reply(f, 'ok', {})
  }

  private presence(ch: JoinedChannel, f: Frame, payload: Record<string, unknown>) {
    if (ch.private && !ch.canWrite) return this.reply(f, 'error', { reason: 'You do not have permissions to track presence' })
    if (payload.event === 'track') {
      const meta = payload.payload && typeof payload.payload === 'object' ? (payload.payload as Record<string, unknown>) : {}
      this.deps.hub.track(ch, meta)
    } else if (payload.event === 'untrack') this.deps.hub.untrack(ch)
    else return this.reply(f, 'error', { reason: 'unknown presence event' })
    this.reply(f, 'ok', {})
  }

  /** Leaves the channel; `tell` sends phx_close for closes the client did not ask for. */
  private async closeChannel(ch: JoinedChannel, tell = true) {
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic)
    this.deps.hub.remove(ch)
    if (tell) pushTo(ch, 'phx_close', {})
    await releaseBindings(this.deps.capture, ch.bindings)
  }

  private async dropAll() {
    for (const ch of [...this.channels.values()]) await this.closeChannel(ch, false)
  }

  /** Server shutdown: tell each channel, close the socket, and cut it if the client does not answer. */
  shutdown(): Promise<void> {
    if (this.ws.readyState === this.ws.CLOSED) return Promise.resolve()
    for (const ch of this.channels.values()) this.system(ch, 'system', 'error', 'Server is shutting down')
    return new Promise((resolve) => {
      const cut = setTimeout(() => this.ws.terminate(), 250)
      this.ws.once('close', () => {
        clearTimeout(cut)
        resolve()
      })
      this.ws.close(1001, 'server shutting down')
    })
  }
}
