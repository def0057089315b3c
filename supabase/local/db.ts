import { PGlite, type Extensions, type QueryOptions, type Results } from '@electric-sql/pglite'
import { readFile, readdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ThreadDb } from './db-thread.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/* eslint-disable @typescript-eslint/no-explicit-any -- PGlite's own signatures take any[] */
/** What callers do inside a transaction: PGlite's `Transaction`, or the database thread's. */
export interface Tx {
  query<T>(sql: string, params?: any[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string, options?: QueryOptions): Promise<Array<Results>>
  rollback(): Promise<void>
  readonly closed: boolean
}

/** The database as the stand-in uses it: a PGlite in this thread, or `ThreadDb` (PGlite on a worker). */
export interface Db {
  query<T>(sql: string, params?: any[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string, options?: QueryOptions): Promise<Array<Results>>
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob>
  close(): Promise<void>
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The claims and request facts one API call runs under (PostgREST's per-request settings). */
export interface RequestScope {
  role: string
  claims: Record<string, unknown>
  method?: string
  path?: string
  headers?: Record<string, string>
  readOnly?: boolean
  /** extra `set_config(key, value, true)` pairs, e.g. storage.operation */
  settings?: Record<string, string>
  /** superuser-only settings, set before the role changes (e.g. compute_query_id for EXPLAIN VERBOSE) */
  ownerSettings?: Record<string, string>
}

/** Contrib modules PGlite ships, loaded when a migration asks for them. */
const contribLoaders: Record<string, () => Promise<Record<string, unknown>>> = {
  pgcrypto: () => import('@electric-sql/pglite/contrib/pgcrypto'),
  uuid_ossp: () => import('@electric-sql/pglite/contrib/uuid_ossp'),
  citext: () => import('@electric-sql/pglite/contrib/citext'),
  pg_trgm: () => import('@electric-sql/pglite/contrib/pg_trgm'),
  btree_gin: () => import('@electric-sql/pglite/contrib/btree_gin'),
  btree_gist: () => import('@electric-sql/pglite/contrib/btree_gist'),
  hstore: () => import('@electric-sql/pglite/contrib/hstore'),
  ltree: () => import('@electric-sql/pglite/contrib/ltree'),
  fuzzystrmatch: () => import('@electric-sql/pglite/contrib/fuzzystrmatch'),
  unaccent: () => import('@electric-sql/pglite/contrib/unaccent'),
  moddatetime: () => import('@electric-sql/pglite/contrib/moddatetime'),
  cube: () => import('@electric-sql/pglite/contrib/cube'),
  earthdistance: () => import('@electric-sql/pglite/contrib/earthdistance'),
  intarray: () => import('@electric-sql/pglite/contrib/intarray'),
  tablefunc: () => import('@electric-sql/pglite/contrib/tablefunc'),
}

/** Extension names asked for by `create extension` statements in the given SQL texts. */
export function requestedExtensions(sqlTexts: string[]): string[] {
  const names = new Set<string>(['pgcrypto'])
  const re = /create\s+extension\s+(?:if\s+not\s+exists\s+)?"?([a-z0-9_-]+)"?/gi
  for (const text of sqlTexts) {
    for (const m of text.matchAll(re)) names.add(m[1].replace(/-/g, '_').toLowerCase())
  }
  return [...names]
}

async function loadExtensions(names: string[]): Promise<Extensions> {
  const out: Extensions = {}
  for (const name of names) {
    const load = contribLoaders[name]
    if (!load) continue // plpgsql and friends are built in; unknown ones fail at `create extension` with Postgres' own error
    const mod = await load()
    out[name] = (mod[name] ?? Object.values(mod)[0]) as Extensions[string]
  }
  return out
}

export interface OpenOptions {
  /** folder for the data, or null for memory */
  dataDir: string | null
  /** a `dumpDataDir()` tarball to start from (tests) */
  snapshot?: Blob | File
  extensions: string[]
}

export async function openPGlite(opts: OpenOptions): Promise<PGlite> {
  const extensions = await loadExtensions(opts.extensions)
  const db = await PGlite.create({
    dataDir: opts.dataDir ?? undefined,
    loadDataDir: opts.snapshot,
    extensions,
  })
  return db
}

export type DbThread = 'worker' | 'inline'

/** `SUPABASE_LOCAL_DB_THREAD=inline` keeps PGlite on the main thread; anything else means a worker. */
export function dbThreadFromEnv(env: Record<string, string | undefined> = process.env): DbThread {
  return env.SUPABASE_LOCAL_DB_THREAD?.trim().toLowerCase() === 'inline' ? 'inline' : 'worker'
}

/**
 * The stand-in's database: PGlite on a worker thread (`db-thread.ts`), or in this thread when
 * asked (`thread: 'inline'`) or when no worker can start here (then `onFallback` hears why).
 */
export async function openDatabase(
  opts: OpenOptions & { thread?: DbThread; onFallback?: (err: unknown) => void },
): Promise<Db> {
  if ((opts.thread ?? dbThreadFromEnv()) === 'worker') {
    try {
      return await ThreadDb.open({ ...opts, extensions: opts.extensions.filter((name) => name in contribLoaders) })
    } catch (err) {
      // a database that cannot open fails the same way inline; only a thread that cannot start falls back
      if (isDatabaseFailure(err)) throw err
      opts.onFallback?.(err)
    }
  }
  return openPGlite(opts)
}

function isDatabaseFailure(err: unknown): boolean {
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly pgMessage: string,
  ) {
    super(`migration ${file} failed: ${pgMessage}`)
  }
}

function pgErrorText(err: unknown): string {
  const e = err as { message?: string; detail?: string; hint?: string; position?: string; code?: string }
  return [e.message, e.code && `(SQLSTATE ${e.code})`, e.detail && `detail: ${e.detail}`, e.hint && `hint: ${e.hint}`]
    .filter(Boolean)
    .join(' ')
}

export async function isBootstrapped(db: Db): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = 'supabase_local') as ok`,
  )
  return r.rows[0].ok
}

export async function bootstrap(db: Db): Promise<void> {
  const sql = await readFile(path.join(here, 'sql', 'bootstrap.sql'), 'utf8')
  try {
    await db.exec(sql)
  } catch (err) {
    throw new MigrationError('supabase/local/sql/bootstrap.sql', pgErrorText(err))
  }
  await db.query(`insert into supabase_local.meta (key, value) values ('bootstrapped_at', now()::text)`)
  await ensurePgrstWatch(db)
  await ensureMfaTables(db)
}

/** GoTrue's MFA, WebAuthn and OAuth-client tables (sql/mfa.sql, webauthn.sql, oauth-clients.sql): idempotent, so a data folder bootstrapped before them gets them. */
export async function ensureMfaTables(db: Db): Promise<void> {
  for (const [table, file] of [['auth.mfa_challenges', 'mfa.sql'], ['auth.webauthn_challenges', 'webauthn.sql'], ['auth.oauth_clients', 'oauth-clients.sql']]) {
    const r = await db.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [table])
    if (r.rows[0].ok) continue
    try {
      await db.exec(await readFile(path.join(here, 'sql', file), 'utf8'))
    } catch (err) {
      throw new MigrationError(`supabase/local/sql/${file}`, pgErrorText(err))
    }
  }
}

/** The platform's DDL event triggers that send `NOTIFY pgrst, 'reload schema'` (sql/pgrst-watch.sql). */
export async function ensurePgrstWatch(db: Db): Promise<void> {
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_event_trigger where evtname in ('pgrst_ddl_watch', 'pgrst_drop_watch')`,
  )
  if (r.rows[0].n === 2) return
  try {
    await db.exec(await readFile(path.join(here, 'sql', 'pgrst-watch.sql'), 'utf8'))
  } catch (err) {
    throw new MigrationError('supabase/local/sql/pgrst-watch.sql', pgErrorText(err))
  }
}

export async function migrationFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
}

/** Applies the migrations not yet recorded, in file-name order, each in its own transaction. */
export async function applyMigrations(db: Db, dir: string): Promise<string[]> {
  const applied = new Set(
    (await db.query<{ name: string }>('select name from supabase_local.migrations')).rows.map((r) => r.name),
  )
  const done: string[] = []
  for (const file of await migrationFiles(dir)) {
    if (applied.has(file)) continue
    const sql = await readFile(path.join(dir, file), 'utf8')
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('insert into supabase_local.migrations (name) values ($1)', [file])
      })
    } catch (err) {
      throw new MigrationError(path.join(dir, file), pgErrorText(err))
    } finally {
      await db.exec(`set search_path to "$user", public, extensions; reset role;`)
    }
    done.push(file)
  }
  return done
}

/** Applies the seed file once, on a database that has never been seeded. */
export async function applySeed(db: Db, fileOrFiles: string | string[]): Promise<boolean> {
  // the files that exist, in order (the CLI skips a missing one), in one transaction
  const files = (Array.isArray(fileOrFiles) ? fileOrFiles : [fileOrFiles]).filter((file) => existsSync(file))
  if (files.length === 0) return false
  const seeded = await db.query(`select 1 from supabase_local.meta where key = 'seeded_at'`)
  if (seeded.rows.length > 0) return false
  let current = files[0]
  try {
    await db.transaction(async (tx) => {
      for (const file of files) {
        current = file
        await tx.exec(await readFile(file, 'utf8'))
      }
      await tx.query(`insert into supabase_local.meta (key, value) values ('seeded_at', now()::text)`)
    })
  } catch (err) {
    throw new MigrationError(current, pgErrorText(err))
  } finally {
    await db.exec(`set search_path to "$user", public, extensions; reset role;`)
  }
  return true
}

/**
 * A Postgres string literal that reads the same whatever `standard_conforming_strings` says: a
 * plain '…' with the quote doubled, or, when the value holds a backslash, an E'…' string with
 * backslashes doubled too (a plain one would let `\'` end the literal if that setting were off).
 * NUL cannot be stored and is dropped.
 */
export function sqlLiteral(value: string): string {
  const v = value.replace(/\0/g, '').replace(/'/g, "''")
  return v.includes('\\') ? `E'${v.replace(/\\/g, '\\\\')}'` : `'${v}'`
}

const SETTING_NAME = /^[a-z_][a-z0-9_.]*$/

/**
 * Runs `fn` in one transaction under the request's role and claims, exactly as PostgREST and
 * Storage scope a request: `set_config(..., true)` so everything is LOCAL to the transaction.
 * The settings go as one simple-protocol statement (quoted literals): PGlite's extended protocol
 * costs a parse/describe/bind round of its own, a third of a small request's database time.
 */
export async function withScope<T>(db: Db, scope: RequestScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, scopeSetup(scope), fn)
}

/** The one `select set_config(…, true), …` statement that scopes a transaction to a request. */
export function scopeSetup(scope: RequestScope): string {
  const pairs: [string, string][] = [
    ['search_path', 'public, extensions'],
    ...Object.entries(scope.ownerSettings ?? {}),
    ['role', scope.role],
    ['request.jwt.claims', JSON.stringify(scope.claims)],
    ['request.jwt.claim.role', scope.role],
    ['request.jwt.claim.sub', typeof scope.claims.sub === 'string' ? scope.claims.sub : ''],
    ['request.method', scope.method ?? 'GET'],
    ['request.path', scope.path ?? '/'],
    ['request.headers', JSON.stringify(scope.headers ?? {})],
    ...Object.entries(scope.settings ?? {}),
  ]
  if (scope.readOnly) pairs.push(['transaction_read_only', 'on'])
  for (const [name] of pairs) {
    if (!SETTING_NAME.test(name)) throw new Error(`invalid setting name: ${name}`)
  }
  return `select ${pairs.map(([k, v]) => `set_config('${k}', ${sqlLiteral(v)}, true)`).join(', ')}`
}

/** A transaction that starts with `setup`; on the database thread both go in one message. */
function scoped<T>(db: Db, setup: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof ThreadDb) return db.scopedTransaction(setup, fn)
  return db.transaction(async (tx) => {
    await tx.exec(setup)
    return fn(tx)
  })
}

/** Runs `fn` as the database owner (what Storage does for public and signed downloads). */
export async function asOwner<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, `select set_config('search_path', 'public, extensions', true)`, fn)
}
