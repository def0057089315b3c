/**
 * The reverse proxy our own commands put in front of Next (`npm run dev`, the e2e stack): it listens
 * on the app's port, passes every request and WebSocket upgrade (HMR) through to Next on a loopback
 * port, streaming both ways, and OVERWRITES X-Forwarded-For with the address of the socket it
 * accepted. That makes CLIENT_ADDRESS_HEADER=x-forwarded-for honest: whatever a client writes in the
 * header is thrown away, so the per-address limits count the real peer (docs/security.md). Next alone
 * would keep a client's own X-Forwarded-For (it only fills it in when absent).
 *
 * Node built-ins only. Next must listen on 127.0.0.1 so nothing reaches it around this door.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import net, { type AddressInfo, type Socket } from 'node:net'

// headers that describe one connection, not the request: never passed on (RFC 9110 §7.6.1)
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization']
// what a client could write to claim another address; the door says where the request came from
const CLAIMS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip']

/** The peer of a socket as it goes into X-Forwarded-For (an IPv4 peer of a dual-stack socket unwrapped). */
export function peerAddress(socket: Socket): string {
  return (socket.remoteAddress ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
}

/** The headers Next receives: the client's, minus hop-by-hop and address claims, plus ours. */
export function forwardedHeaders(req: IncomingMessage, publicPort: number, upgrade = false): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...req.headers }
  for (const name of CLAIMS) delete headers[name]
  // the header named in Connection is hop-by-hop too
  for (const name of String(req.headers.connection ?? '').split(',')) {
    if (!upgrade || name.trim().toLowerCase() !== 'upgrade') delete headers[name.trim().toLowerCase()]
  }
  for (const name of HOP_BY_HOP) delete headers[name]
  if (upgrade) {
    headers.connection = 'Upgrade'
    headers.upgrade = req.headers.upgrade
  }
  headers['x-forwarded-for'] = peerAddress(req.socket)
  headers['x-forwarded-proto'] = 'http'
  headers['x-forwarded-port'] = String(publicPort)
  headers['x-forwarded-host'] = req.headers.host ?? `localhost:${publicPort}`
  return headers
}

/**
 * The address configuration of an app behind this door (lib/env.ts): trust X-Forwarded-For, one
 * hop (the door's own entry, the only one there is). Used by every command that starts the door.
 */
export const BEHIND_DOOR_ENV = { CLIENT_ADDRESS_HEADER: 'x-forwarded-for', TRUSTED_PROXY_HOPS: '1' } as const

export interface FrontDoor {
  port: number
  close(): Promise<void>
}

/**
 * Listens on `port` (0: any free port) at `host` (default: every interface, as `next dev` would) and
 * forwards to 127.0.0.1:`targetPort`. While Next is still starting, requests get a 502 saying so.
 */
export async function startFrontDoor(opts: { port: number; host?: string; targetPort: number }): Promise<FrontDoor> {
  const sockets = new Set<Socket>()
  // a new loopback connection to Next per request: a kept-alive one can be closed by Next just as it is
  // reused (ECONNRESET), which would turn a good request into a 502
  const agent = new http.Agent({ keepAlive: false })
  const server = http.createServer((req, res) => {
    const publicPort = (server.address() as AddressInfo).port
    const upstream = http.request(
      { agent, host: '127.0.0.1', port: opts.targetPort, method: req.method, path: req.url, headers: forwardedHeaders(req, publicPort) },
      (answer) => {
        const headers = { ...answer.headers }
        for (const name of HOP_BY_HOP) delete headers[name]
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers)
        // streamed: each chunk Next writes (RSC, server-sent events, MP4 ranges) goes on at once
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      },
    )
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.destroyed) return
      console.error(`[front-door] ${req.method} ${req.url?.split('?')[0]}: ${error.code ?? error.message}`)
      if (res.headersSent) return res.destroy()
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('The app is starting (or stopped); try again in a moment.\n')
    })
    // a client that goes away takes the upstream request with it
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    req.pipe(upstream)
  })
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const publicPort = (server.address() as AddressInfo).port
    const upstream = net.connect(opts.targetPort, '127.0.0.1', () => {
      const headers = forwardedHeaders(req, publicPort, true)
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`),
      )
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) upstream.write(head)
      // from here on the two sockets speak the upgraded protocol; the door only carries bytes
      upstream.pipe(client)
      client.pipe(upstream)
    })
    const end = () => {
      upstream.destroy()
      client.destroy()
    }
    upstream.on('error', end)
    client.on('error', end)
    upstream.on('close', end)
    client.on('close', end)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        agent.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A free port on 127.0.0.1 for Next to listen on behind the door. */
export async function freeLoopbackPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
