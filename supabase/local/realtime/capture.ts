import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../db.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const TRIGGER = 'supabase_local_realtime'
const CHANNEL = 'supabase_local_realtime'
const BATCH = 500

export interface CapturedChange {
  id: number
  schema: string
  table: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  record: Record<string, unknown> | null
  oldRecord: Record<string, unknown> | null
  committedAt: Date
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/**
 * Turns committed row changes on published tables into `CapturedChange` batches: triggers write
 * rows into supabase_local.realtime_changes, LISTEN wakes a drain that reads, deletes and hands
 * them over in commit order. Only tables someone listens to are captured.
 */
export class ChangeCapture {
  private triggered = new Set<string>()
  private listened = new Map<string, number>()
  private draining: Promise<void> | null = null
  private again = false
  private serial: Promise<unknown> = Promise.resolve()
  private unlisten: (() => Promise<void>) | null = null
  private closed = false

  constructor(
    private db: Db,
    private onChanges: (changes: CapturedChange[]) => Promise<void>,
    private log: (...args: unknown[]) => void,
  ) {}

  async start(): Promise<void> {
    await this.db.exec(await readFile(path.join(here, 'capture.sql'), 'utf8'))
    await this.syncTriggers()
    this.unlisten = await this.db.listen(CHANNEL, () => this.wake())
  }

  async close(): Promise<void> {
    this.closed = true
    await this.draining?.catch(() => {})
    // the database may already be closing; nothing to undo then
    await this.unlisten?.().catch(() => {})
  }

  /** Installs the capture trigger on every published table that lacks it; returns the published tables. */
  async syncTriggers(): Promise<Set<string>> {
    return this.exclusive(async () => {
      const r = await this.db.query<{ schemaname: string; tablename: string; has_trigger: boolean }>(
        `select p.schemaname, p.tablename,
                exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = $1) as has_trigger
           from pg_publication_tables p
           join pg_namespace n on n.nspname = p.schemaname
           join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
          where p.pubname = 'supabase_realtime' and p.schemaname <> 'supabase_local'`,
        [TRIGGER],
      )
      const missing = r.rows.filter((row) => !row.has_trigger)
      if (missing.length) {
        await this.db.transaction(async (tx) => {
          for (const row of missing) {
            await tx.exec(
              `create trigger ${TRIGGER} after insert or update or delete on ${quoteIdent(row.schemaname)}.${quoteIdent(row.tablename)}
                 for each row execute function supabase_local.realtime_capture()`,
            )
          }
        })
        this.log('realtime: capture trigger on', missing.map((m) => `${m.schemaname}.${m.tablename}`).join(', '))
      }
      this.triggered = new Set(r.rows.map((row) => `${row.schemaname}.${row.tablename}`))
      return this.triggered
    })
  }

  /** True when the table is in the publication (re-reading it when the table is new to us). */
  async isPublished(schema: string, table: string): Promise<boolean> {
    if (this.triggered.has(`${schema}.${table}`)) return true
    return (await this.syncTriggers()).has(`${schema}.${table}`)
  }

  /** Starts capturing a table ('*' for any) for one more subscriber. */
  async listen(schema: string, table: string): Promise<void> {
    const key = `${schema}\u0000${table}`
    const n = this.listened.get(key) ?? 0
    this.listened.set(key, n + 1)
    if (n === 0) {
      await this.exclusive(() =>
        this.db.query(
          `insert into supabase_local.realtime_listened (schema_name, table_name) values ($1, $2) on conflict do nothing`,
          [schema, table],
        ),
      )
    }
  }

  async unlistenTable(schema: string, table: string): Promise<void> {
    const key = `${schema}\u0000${table}`
    const n = this.listened.get(key) ?? 0
    if (n > 1) {
      this.listened.set(key, n - 1)
      return
    }
    this.listened.delete(key)
    if (this.closed) return
    await this.exclusive(() =>
      this.db.query(`delete from supabase_local.realtime_listened where schema_name = $1 and table_name = $2`, [schema, table]),
    )
  }

  /** Catalogue and bookkeeping changes run one at a time so an insert never overtakes a delete. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.serial.then(fn, fn)
    this.serial = next.catch(() => {})
    return next
  }

  private wake() {
    if (this.closed) return
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = this.drainLoop()
      .catch((err) => this.log('realtime: change delivery failed', err))
      .finally(() => {
        this.draining = null
        if (this.again) {
          this.again = false
          this.wake()
        }
      })
  }

  private async drainLoop(): Promise<void> {
    for (;;) {
      this.again = false
      // one round trip: take the oldest batch off the table and hand it over in commit order
      const r = await this.db.query<{
        id: number
        schema_name: string
        table_name: string
        type: CapturedChange['type']
        record: Record<string, unknown> | null
        old_record: Record<string, unknown> | null
        committed_at: Date
      }>(
        `delete from supabase_local.realtime_changes
          where id in (select id from supabase_local.realtime_changes order by id limit ${BATCH})
          returning id::float8 as id, schema_name, table_name, type, record, old_record, committed_at`,
      )
      if (r.rows.length === 0) return
      r.rows.sort((a, b) => a.id - b.id)
      await this.onChanges(
        r.rows.map((row) => ({
          id: row.id,
          schema: row.schema_name,
          table: row.table_name,
          type: row.type,
          record: row.record,
          oldRecord: row.old_record,
          committedAt: row.committed_at,
        })),
      )
      if (r.rows.length < BATCH && !this.again) return
      if (this.closed) return
    }
  }
}
