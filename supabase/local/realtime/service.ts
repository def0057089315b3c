import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Service, StandInContext } from '../http.ts'
import { json } from '../http.ts'
import { checkRealtimeToken } from './auth.ts'
import { ChangeCapture, type CapturedChange } from './capture.ts'
import { ChangeDelivery } from './changes.ts'
import { RealtimeConnection, type RealtimeDeps } from './connection.ts'
import { Hub } from './hub.ts'
import { handleBroadcastRequest } from './rest.ts'
import { parseVsn } from './serializer.ts'

/** Rows of realtime.messages (database broadcasts) apart from table changes, order kept within each. */
function splitMessages(changes: CapturedChange[]): [CapturedChange[], CapturedChange[]] {
  const isMessage = (c: CapturedChange) => c.schema === 'realtime' && c.table === 'messages'
  return [changes.filter(isMessage), changes.filter((c) => !isMessage(c))]
}

/** realtime.send(): the stored message goes to the topic's channels of the same privacy. */
function broadcastStored(hub: Hub, change: CapturedChange) {
  const m = change.record as { id?: unknown; topic?: string; event?: string | null; payload?: unknown; private?: boolean | null }
  if (typeof m?.topic !== 'string') return
  hub.broadcast(
    `realtime:${m.topic}`,
    m.private === true,
    { type: 'broadcast', event: m.event ?? '', payload: { kind: 'json', value: m.payload ?? {} }, meta: { id: String(m.id) } },
    null,
  )
}

const SOCKET_PATHS = new Set(['/realtime/v1/websocket', '/realtime/v1/websocket/'])

function refuse(socket: Duplex, status: number, text: string, body: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
}

/**
 * realtime/v1: Phoenix channels over `/realtime/v1/websocket` (broadcast, presence and
 * postgres_changes with RLS per subscriber) and the REST broadcast endpoints.
 */
export async function createRealtimeService(ctx: StandInContext): Promise<Service> {
  const hub = new Hub()
  const delivery = new ChangeDelivery(ctx.db, hub, ctx.log)
  const capture = new ChangeCapture(
    ctx.db,
    async (changes) => {
      const [messages, rows] = splitMessages(changes)
      for (const m of messages) broadcastStored(hub, m)
      if (rows.length) await delivery.deliver(rows)
    },
    ctx.log,
  )
  await capture.start()
  const deps: RealtimeDeps = { config: ctx.config, db: ctx.db, hub, capture, log: ctx.log }
  const wss = new WebSocketServer({ noServer: true })
  const connections = new Set<RealtimeConnection>()

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://local')
    if (!SOCKET_PATHS.has(url.pathname)) return // another service's upgrade, or nobody's
    const vsn = parseVsn(url.searchParams.get('vsn'))
    if (!vsn) return refuse(socket, 400, 'Bad Request', JSON.stringify({ message: 'unsupported vsn' }))
    const header = req.headers['x-api-key'] ?? req.headers['apikey']
    const token = url.searchParams.get('apikey') ?? (Array.isArray(header) ? header[0] : header) ?? ''
    const who = token ? await checkRealtimeToken(ctx.config, token) : { ok: false as const, reason: 'no api key given' }
    if (!who.ok) return refuse(socket, 403, 'Forbidden', JSON.stringify({ message: who.reason }))
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new RealtimeConnection(ws, vsn, token, deps)
      connections.add(conn)
      ws.on('close', () => connections.delete(conn))
    })
  }

  return {
    prefix: '/realtime/v1',
    async handle(req) {
      if (req.path.startsWith('/api/broadcast')) return handleBroadcastRequest(req, deps)
      if (req.path === '/websocket' || req.path === '/websocket/') return json(426, { message: 'Upgrade Required' })
      return json(404, { message: 'Not found' })
    },
    attach(server: Server) {
      server.on('upgrade', (req, socket, head) => {
        upgrade(req, socket, head).catch((err) => {
          ctx.log('realtime: upgrade failed', err)
          socket.destroy()
        })
      })
    },
    async close() {
      await Promise.all([...connections].map((conn) => conn.shutdown()))
      wss.close()
      await capture.close()
    },
  }
}
