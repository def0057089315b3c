import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import type { Db, Tx } from './db.ts'

/**
 * PGlite on a worker thread (db-worker.mjs), so Postgres runs on one core while HTTP, JSON and JWT
 * work run on the other. The same surface as PGlite (`Db`): every call is one message, answered by
 * one message. A transaction is a session on the worker: its first statement opens it there (with
 * the request's `set_config` statement in the same message), later ones run inside it in order, and
 * `end` commits or rolls back; other calls wait for it exactly as they wait in PGlite itself.
 */

type Message = Record<string, unknown>
interface Pending {
  resolve(value: unknown): void
  reject(err: unknown): void
}

/** A Postgres error as the worker sent it, rebuilt with the same fields (code, detail, hint, …). */
function rebuildError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message))
  Object.assign(err, data)
  return err
}

const KEEPS_TEXT = Symbol('keepsText')
const asText = Object.assign((x: string) => x, { [KEEPS_TEXT]: true })

/**
 * Query options that keep values of the given types as the text Postgres sent (e.g. EXPLAIN's
 * `json`), the same inline and on the database thread, where they cross as `textTypes`.
 */
export function keepText(oids: number[]): QueryOptions {
  return { parsers: Object.fromEntries(oids.map((oid) => [oid, asText])) }
}

/** Options as they cross to the worker: `keepText` parsers become `textTypes`; no other function may. */
function portable(options: QueryOptions | undefined): Record<string, unknown> | undefined {
  if (!options) return undefined
  const { parsers, ...rest } = options
  const textTypes = parsers && Object.values(parsers).every((p) => KEEPS_TEXT in p) ? Object.keys(parsers).map(Number) : null
  if ((parsers && !textTypes) || options.serializers || options.onNotice) {
    throw new Error('parsers, serializers and onNotice cannot cross to the database thread; use SUPABASE_LOCAL_DB_THREAD=inline')
  }
  return textTypes ? { ...rest, textTypes } : rest
}

export interface ThreadOpenOptions {
  dataDir: string | null
  snapshot?: Blob
  /** contrib modules by their `@electric-sql/pglite/contrib/<name>` name */
  extensions: string[]
}

export class ThreadDb implements Db {
  private nextId = 1
  private nextTx = 1
  private readonly pending = new Map<number, Pending>()
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private closed = false

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Message) => this.receive(m))
    worker.on('error', (err) => this.failAll(err))
    worker.on('exit', (code) => this.failAll(new Error(`the database thread exited (code ${code})`)))
    worker.unref()
  }

  static async open(opts: ThreadOpenOptions): Promise<ThreadDb> {
    const snapshot = opts.snapshot ? new Uint8Array(await opts.snapshot.arrayBuffer()) : null
    const worker = new Worker(new URL('./db-worker.mjs', import.meta.url), {
      workerData: { dataDir: opts.dataDir, snapshot, extensions: opts.extensions },
      transferList: snapshot ? [snapshot.buffer] : [],
    })
    const ready = await new Promise<Message>((resolve, reject) => {
      const onMessage = (m: Message) => {
        if (!('ready' in m)) return
        worker.off('message', onMessage)
        worker.off('error', reject)
        resolve(m)
      }
      worker.on('message', onMessage)
      worker.once('error', reject)
    })
    if (!ready.ready) {
      await worker.terminate()
      throw rebuildError(ready.error as Record<string, unknown>)
    }
    return new ThreadDb(worker)
  }

  private receive(m: Message) {
    if (typeof m.notify === 'string') {
      for (const cb of this.listeners.get(m.notify) ?? []) cb(m.payload as string)
      return
    }
    const p = this.pending.get(m.id as number)
    if (!p) return
    this.pending.delete(m.id as number)
    if (this.pending.size === 0) this.worker.unref()
    if (m.error) p.reject(rebuildError(m.error as Record<string, unknown>))
    else p.resolve(m.result)
  }

  private failAll(err: unknown) {
    this.closed = true
    for (const p of this.pending.values()) p.reject(err)
    this.pending.clear()
  }

  /** One call to the worker; the thread is kept referenced only while answers are awaited. */
  call<T>(m: Message): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'))
    const id = this.nextId++
    if (this.pending.size === 0) this.worker.ref()
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      try {
        this.worker.postMessage({ ...m, id })
      } catch (err) {
        // a value that cannot be cloned (a function, a class with private state) never left here
        this.pending.delete(id)
        if (this.pending.size === 0) this.worker.unref()
        reject(err)
      }
    })
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, options: portable(options) })
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.call({ op: 'exec', sql, options: portable(options) })
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.scopedTransaction(null, fn)
  }

  /**
   * A transaction whose first statement is `setup`, sent in the same message as the first
   * statement `fn` runs: a request costs two messages (that one, and the commit).
   */
  async scopedTransaction<T>(setup: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const txId = this.nextTx++
    let begun = false
    let closed = false
    const send = <R>(m: Message): Promise<R> => {
      if (closed) return Promise.reject(new Error('Transaction is closed'))
      const options = portable(m.options as QueryOptions | undefined)
      const first = !begun
      begun = true
      return this.call({ ...m, options, tx: txId, ...(first ? { begin: true, setup } : {}) })
    }
    const end = async (commit: boolean) => {
      closed = true
      if (begun) await this.call({ op: 'end', tx: txId, commit })
      else if (setup !== null && commit) await this.call({ op: 'once', setup })
    }
    const tx: Tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => send<Results<R>>({ op: 'query', sql, params, options }),
      exec: (sql: string, options?: QueryOptions) => send<Results[]>({ op: 'exec', sql, options }),
      rollback: async () => {
        if (closed) throw new Error('Transaction is closed')
        await end(false)
      },
      get closed() {
        return closed
      },
    }
    let result: T
    try {
      result = await fn(tx)
    } catch (err) {
      if (!closed) await end(false).catch(() => {})
      throw err
    }
    if (!closed) await end(true)
    return result
  }

  async listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel)
    if (!set) {
      set = new Set()
      this.listeners.set(channel, set)
      await this.call({ op: 'listen', channel })
    }
    const mine = (payload: string) => cb(payload)
    set.add(mine)
    return async () => {
      set.delete(mine)
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel)
        await this.call({ op: 'unlisten', channel })
      }
    }
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    const r = await this.call<{ bytes: Uint8Array<ArrayBuffer>; type: string; name: string | null }>({ op: 'dump', compression })
    return r.name ? new File([r.bytes], r.name, { type: r.type }) : new Blob([r.bytes], { type: r.type })
  }

  /** The Postgres wire protocol for psql, served by the database thread itself. */
  async serveSql(host: string, port: number): Promise<{ port: number; stop(): Promise<void> }> {
    const actual = await this.call<number>({ op: 'sql-socket', host, port })
    return { port: actual, stop: () => this.call<void>({ op: 'sql-socket-stop' }) }
  }

  async close(): Promise<void> {
    if (this.closed) return
    try {
      await this.call({ op: 'close' })
    } finally {
      this.closed = true
      await this.worker.terminate()
    }
  }
}
