import type { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { ThreadDb } from './db-thread.ts'
import type { Db } from './db.ts'

/**
 * The Postgres wire protocol for `npm run db:psql`. PGlite has one connection, shared by every
 * psql client and the APIs: an open transaction in psql holds up the APIs until it ends. With the
 * database on its own thread, that thread serves the socket too (pglite-socket needs PGlite itself).
 */
export async function startSqlSocket(db: Db, host: string, port: number) {
  if (db instanceof ThreadDb) return db.serveSql(host, port)
  const server = new PGLiteSocketServer({ db: db as PGlite, host, port, maxConnections: 4 })
  await server.start()
  const address = (server as unknown as { server?: { address(): { port: number } | string | null } }).server?.address()
  const actual = address && typeof address === 'object' ? address.port : port
  return { port: actual, stop: () => server.stop() }
}
