import { randomBytes } from 'node:crypto'
import type { Subscriber } from './auth.ts'
import type { ChangeFilter } from './filters.ts'
import { broadcastMessage, encodeFrame, type BroadcastPayload, type Frame, type Vsn } from './serializer.ts'

/** One postgres_changes binding of a joined channel, with the id the join reply gave it. */
export interface ChangeBinding {
  id: number
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema: string
  /** null or '*' = every table of the schema */
  table: string | null
  filter: ChangeFilter | null
  /** false when the filter or table was refused: the binding then never fires */
  active: boolean
}

/** What a channel needs from its socket. */
export interface ChannelSocket {
  vsn: Vsn
  send(data: string | Buffer): void
}

/** A channel joined on one socket: `supabase.channel('room1').subscribe()` on the server side. */
export interface JoinedChannel {
  socket: ChannelSocket
  topic: string
  joinRef: string
  subscriber: Subscriber
  private: boolean
  /** private channels: may this subscriber broadcast and track presence (realtime.messages insert policy) */
  canWrite: boolean
  broadcastSelf: boolean
  broadcastAck: boolean
  presenceKey: string
  presenceEnabled: boolean
  bindings: ChangeBinding[]
  expiryTimer: NodeJS.Timeout | null
}

export function pushTo(ch: JoinedChannel, event: string, payload: unknown, ref: string | null = null) {
  const frame: Frame = { joinRef: ch.joinRef, ref, topic: ch.topic, event, payload }
  ch.socket.send(encodeFrame(ch.socket.vsn, frame))
}

interface Presence {
  key: string
  meta: Record<string, unknown> & { phx_ref: string }
}

function presenceRef(): string {
  return randomBytes(8).toString('base64url')
}

/** Everyone joined to each topic, with broadcast fan-out and Phoenix-style presence. */
export class Hub {
  private topics = new Map<string, Set<JoinedChannel>>()
  private presences = new Map<JoinedChannel, Presence>()

  add(ch: JoinedChannel) {
    let set = this.topics.get(ch.topic)
    if (!set) this.topics.set(ch.topic, (set = new Set()))
    set.add(ch)
  }

  remove(ch: JoinedChannel) {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer)
    ch.expiryTimer = null
    this.untrack(ch)
    const set = this.topics.get(ch.topic)
    set?.delete(ch)
    if (set && set.size === 0) this.topics.delete(ch.topic)
  }

  all(): Iterable<JoinedChannel> {
    const out: JoinedChannel[] = []
    for (const set of this.topics.values()) out.push(...set)
    return out
  }

  /** Sends a broadcast to the topic's channels of the same privacy; the sender only with `self`. */
  broadcast(topic: string, isPrivate: boolean, message: BroadcastPayload, sender: JoinedChannel | null): number {
    let delivered = 0
    for (const ch of this.topics.get(topic) ?? []) {
      if (ch.private !== isPrivate) continue
      if (ch === sender && !ch.broadcastSelf) continue
      ch.socket.send(broadcastMessage(ch.socket.vsn, topic, message))
      delivered++
    }
    return delivered
  }

  /** The `presence_state` a channel receives right after joining. */
  presenceState(topic: string, isPrivate: boolean): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {}
    for (const ch of this.topics.get(topic) ?? []) {
      const p = this.presences.get(ch)
      if (!p || ch.private !== isPrivate) continue
      ;(state[p.key] ??= { metas: [] }).metas.push(p.meta)
    }
    return state
  }

  /** track(): a new meta for the channel's key; a second track replaces the first (leave + join). */
  track(ch: JoinedChannel, payload: Record<string, unknown>) {
    const old = this.presences.get(ch)
    const meta = { ...payload, phx_ref: presenceRef(), ...(old ? { phx_ref_prev: old.meta.phx_ref } : {}) }
    this.presences.set(ch, { key: ch.presenceKey, meta })
    this.diff(ch, { [ch.presenceKey]: { metas: [meta] } }, old ? { [old.key]: { metas: [old.meta] } } : {})
  }

  untrack(ch: JoinedChannel) {
    const old = this.presences.get(ch)
    if (!old) return
    this.presences.delete(ch)
    this.diff(ch, {}, { [old.key]: { metas: [old.meta] } })
  }

  private diff(from: JoinedChannel, joins: object, leaves: object) {
    for (const ch of this.topics.get(from.topic) ?? []) {
      if (!ch.presenceEnabled || ch.private !== from.private) continue
      pushTo(ch, 'presence_diff', { joins, leaves })
    }
  }
}
