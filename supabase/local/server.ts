import http from 'node:http'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { resolveConfig, type ConfigInput, type StandInConfig } from './config.ts'
import { openDatabase, type Db, type DbThread, bootstrap, ensureMfaTables, ensurePgrstWatch, isBootstrapped, applyMigrations, applySeed, migrationFiles, requestedExtensions } from './db.ts'
import { acquireLock } from './lock.ts'
import { Mailbox, mailboxService } from './mailbox.ts'
import { corsHeaders, json, readBody, sendResponse, toLocalRequest, type Service, type StandInContext } from './http.ts'
import { createRestService } from './rest/service.ts'
import { createAuthService } from './auth/service.ts'
import { createStorageService } from './storage/service.ts'
import { createRealtimeService } from './realtime/service.ts'
import { startSqlSocket } from './sql-socket.ts'

export interface StartOptions extends ConfigInput {
  /** start from a `dumpDataDir()` snapshot (tests) */
  snapshot?: Blob
  /** delete the database first (files in storage stay unless the folder is removed) */
  reset?: boolean
  /** serve the Postgres wire protocol here for psql (the Supabase CLI uses 54322); off when undefined */
  dbPort?: number
  /** where PGlite runs: its own worker thread (default) or this thread; `SUPABASE_LOCAL_DB_THREAD` otherwise */
  dbThread?: DbThread
}

export interface StandIn {
  url: string
  config: StandInConfig
  /** PGlite itself (inline) or its stand-in on the database thread: query, exec, transaction, listen */
  db: Db
  mailbox: Mailbox
  appliedMigrations: string[]
  seeded: boolean
  /** the psql-reachable port when `dbPort` was given */
  dbPort: number | null
  stop(): Promise<void>
}

const MAX_BODY = 60 * 1024 * 1024

export async function startStandIn(opts: StartOptions = {}): Promise<StandIn> {
  const config = await resolveConfig(opts)
  const log = config.quiet ? () => {} : (...a: unknown[]) => console.log('[supabase-local]', ...a)

  let releaseLock = async () => {}
  if (config.dataDir) {
    releaseLock = await acquireLock(config.dataDir)
    if (opts.reset) await rm(path.join(config.dataDir, 'pgdata'), { recursive: true, force: true })
  }

  let db: Db | undefined
  try {
    const files = await migrationFiles(config.migrationsDir)
    const texts = await Promise.all(files.map((f) => readFile(path.join(config.migrationsDir, f), 'utf8')))
    for (const file of config.seedFiles) texts.push(await readFile(file, 'utf8').catch(() => ''))
    db = await openDatabase({
      dataDir: config.dataDir ? path.join(config.dataDir, 'pgdata') : null,
      snapshot: opts.snapshot,
      extensions: requestedExtensions(texts),
      thread: opts.dbThread,
      onFallback: (err) => console.warn('[supabase-local] no database thread, PGlite runs on the main thread:', (err as Error).message),
    })
    if (!(await isBootstrapped(db))) await bootstrap(db)
    else {
      await ensurePgrstWatch(db)
      await ensureMfaTables(db)
    }
    const appliedMigrations = await applyMigrations(db, config.migrationsDir)
    const seeded = config.seedFiles.length > 0 ? await applySeed(db, config.seedFiles) : false

    const mailbox = new Mailbox()
    const ctx: StandInContext = { config, db, mailbox, log }
    const services: Service[] = [
      await createRestService(ctx),
      await createAuthService(ctx),
      await createStorageService(ctx),
      await createRealtimeService(ctx),
      mailboxService(mailbox),
    ]

    const server = http.createServer(async (req, res) => {
      const cors = corsHeaders(req)
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors)
        res.end()
        return
      }
      const pathname = (req.url ?? '/').split('?')[0]
      const service = services.find((s) => pathname === s.prefix || pathname.startsWith(s.prefix + '/'))
      try {
        if (!service) {
          const r = pathname === '/health' ? json(200, { status: 'ok' }) : json(404, { message: 'no such API' })
          sendResponse(res, req.method ?? 'GET', r, cors)
          return
        }
        const body = await readBody(req, MAX_BODY)
        const r = await service.handle(toLocalRequest(req, service.prefix, body))
        sendResponse(res, req.method ?? 'GET', r, cors)
      } catch (err) {
        const tooLarge = (err as { code?: string }).code === 'EPAYLOAD'
        if (!tooLarge) console.error('[supabase-local] unhandled', req.method, req.url, err)
        if (!res.headersSent) {
          sendResponse(
            res,
            req.method ?? 'GET',
            tooLarge
              ? json(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' })
              : json(500, { message: (err as Error).message ?? 'internal error' }),
            cors,
          )
        } else res.end()
      }
    })
    for (const s of services) s.attach?.(server)

    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => resolve())
    })
    const address = server.address()
    if (address && typeof address === 'object') {
      config.port = address.port
      config.publicUrl = `http://${config.host}:${address.port}`
    }

    const sqlSocket = opts.dbPort === undefined ? null : await startSqlSocket(db, config.host, opts.dbPort)

    let stopped = false
    const database = db
    return {
      url: config.publicUrl,
      config,
      db: database,
      mailbox,
      appliedMigrations,
      seeded,
      dbPort: sqlSocket?.port ?? null,
      async stop() {
        if (stopped) return
        stopped = true
        await sqlSocket?.stop()
        server.closeAllConnections?.()
        // upgraded sockets (realtime) hold server.close() open until their service closes them
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        for (const s of services) await s.close?.()
        await closed
        await database.close()
        await releaseLock()
      },
    }
  } catch (err) {
    await db?.close().catch(() => {})
    await releaseLock()
    throw err
  }
}
