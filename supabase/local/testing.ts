import type { JWK } from 'jose'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ApiSettingsInput, AuthSettingsInput } from './config.ts'
import { applyMigrations, applySeed, bootstrap, migrationFiles, openPGlite, requestedExtensions } from './db.ts'
import type { DbThread } from './db.ts'
import { startStandIn, type StandIn } from './server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

export interface TestStandInOptions {
  migrationsDir: string
  seedFile?: string | null
  auth?: AuthSettingsInput
  /** `[api]` settings (exposed schemas, max rows) */
  api?: ApiSettingsInput
  env?: Record<string, string | undefined>
  /** a config.toml to read; none by default, so each test states the settings it depends on */
  configFile?: string | null
  /** PGlite on its own thread (default) or inline; `SUPABASE_LOCAL_DB_THREAD` when unset */
  dbThread?: DbThread
  /** serve the Postgres wire protocol on this port (0: any free one) */
  dbPort?: number
  /** asymmetric signing keys (private JWKs), as `[auth] signing_keys_path` */
  signingKeys?: JWK[]
}

async function sources(opts: TestStandInOptions): Promise<{ key: string; texts: string[] }> {
  const files = await migrationFiles(opts.migrationsDir)
  const texts = await Promise.all(files.map((f) => readFile(path.join(opts.migrationsDir, f), 'utf8')))
  const seed = opts.seedFile ? await readFile(opts.seedFile, 'utf8') : ''
  const boot = await readFile(path.join(here, 'sql', 'bootstrap.sql'), 'utf8')
  const watch = await readFile(path.join(here, 'sql', 'pgrst-watch.sql'), 'utf8')
  const hash = createHash('sha256')
  for (const part of [boot, watch, ...files, ...texts, seed]) hash.update(part).update('\0')
  return { key: hash.digest('hex').slice(0, 16), texts: seed ? [...texts, seed] : texts }
}

/**
 * A migrated (and seeded) database as a `dumpDataDir()` tarball, built once per content hash and
 * cached in the temp folder: a fresh PGlite costs seconds, loading a snapshot about one.
 */
export async function migratedSnapshot(opts: TestStandInOptions): Promise<{ blob: Blob; extensions: string[] }> {
  const { key, texts } = await sources(opts)
  const extensions = requestedExtensions(texts)
  const dir = path.join(os.tmpdir(), 'supabase-local-snapshots')
  const file = path.join(dir, `${key}.tar.gz`)
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true })
    const db = await openPGlite({ dataDir: null, extensions })
    await bootstrap(db)
    await applyMigrations(db, opts.migrationsDir)
    if (opts.seedFile) await applySeed(db, opts.seedFile)
    const dump = await db.dumpDataDir('gzip')
    await db.close()
    const tmp = `${file}.${process.pid}.tmp`
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()))
    await rename(tmp, file)
  }
  return { blob: new Blob([await readFile(file)]), extensions }
}

/** The stand-in on a free port with an in-memory database cloned from the migrated snapshot. */
export async function startTestStandIn(opts: TestStandInOptions): Promise<StandIn> {
  const { blob } = await migratedSnapshot(opts)
  return startStandIn({
    port: 0,
    dataDir: null,
    snapshot: blob,
    migrationsDir: opts.migrationsDir,
    seedFile: null,
    auth: opts.auth,
    api: opts.api,
    configFile: opts.configFile ?? null,
    quiet: true,
    env: opts.env ?? {},
    dbThread: opts.dbThread,
    dbPort: opts.dbPort,
    signingKeys: opts.signingKeys,
  })
}
