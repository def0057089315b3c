import type { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/**
 * The Postgres wire protocol for `npm run db:psql`. PGlite has one connection, shared by every
 * psql client and the APIs: an open transaction in psql holds up the APIs until it ends.
 */
export async function startSqlSocket(db: PGlite, host: string, port: number) {
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 4 })
  await server.start()
  const address = (server as unknown as { server?: { address(): { port: number } | string | null } }).server?.address()
  const actual = address && typeof address === 'object' ? address.port : port
  return { port: actual, stop: () => server.stop() }
}
