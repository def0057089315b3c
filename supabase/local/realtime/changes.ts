import { withScope, type Db } from '../db.ts'
import type { Subscriber } from './auth.ts'
import type { CapturedChange } from './capture.ts'
import { publishedTables, qualified, quoteIdent, selectableColumns, tableInfo, type TableInfo } from './catalog.ts'
import { rowMatches } from './filters.ts'
import { pushTo, type ChangeBinding, type Hub, type JoinedChannel } from './hub.ts'

function bindingSees(b: ChangeBinding, change: CapturedChange, info: TableInfo, row: Record<string, unknown> | null): boolean {
  if (!b.active) return false
  if (b.schema !== '*' && b.schema !== change.schema) return false
  if (b.table && b.table !== '*' && b.table !== change.table) return false
  if (b.event !== '*' && b.event !== change.type) return false
  if (!b.filter) return true
  const column = info.columns.find((c) => c.name === b.filter!.column)
  return !!column && rowMatches(b.filter, row, column.type)
}

function pick(row: Record<string, unknown> | null, keep: (name: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row ?? {})) if (keep(k)) out[k] = v
  return out
}

/** One event for one channel, waiting for its RLS verdict when it needs one. */
interface Pending {
  ch: JoinedChannel
  change: CapturedChange
  info: TableInfo
  ids: number[]
  oldRow: Record<string, unknown> | null
  cols: Set<string>
  /** key of the (subscriber claims, table) group whose visibility check decides it; null = no check */
  check: string | null
}

/** Rows of one table to check under one subscriber's claims. */
interface CheckGroup {
  subscriber: Subscriber
  info: TableInfo
  changes: CapturedChange[]
  visible: Set<CapturedChange>
}

/**
 * Delivers captured changes the way realtime's apply_rls does: each subscriber gets the event only
 * if its role may select the row (RLS checked by primary key under the subscriber's claims), sees
 * only the columns it may select, and DELETEs carry only the primary key and skip the RLS check.
 * Visibility is checked once per batch for each subscriber and table, not once per row.
 */
export class ChangeDelivery {
  constructor(
    private db: Db,
    private hub: Hub,
    private log: (...args: unknown[]) => void,
  ) {}

  async deliver(changes: CapturedChange[]): Promise<void> {
    const channels = [...this.hub.all()].filter((ch) => ch.bindings.some((b) => b.active))
    if (channels.length === 0) return
    const published = await publishedTables(this.db)
    const infos = new Map<string, TableInfo | null>()
    const selectable = new Map<string, Set<string>>()
    const pending: Pending[] = []
    const groups = new Map<string, CheckGroup>()
    for (const change of changes) {
      const name = `${change.schema}.${change.table}`
      if (!published.has(name)) continue
      if (!infos.has(name)) infos.set(name, await tableInfo(this.db, change.schema, change.table))
      const info = infos.get(name)
      if (!info) continue
      const pk = new Set(info.primaryKey)
      // The old row as the platform knows it: the primary key only, unless REPLICA IDENTITY FULL.
      const oldRow =
        change.type === 'INSERT'
          ? null
          : (change.type === 'DELETE' && info.rls) || !info.replicaIdentityFull
            ? pick(change.oldRecord, (k) => pk.has(k))
            : change.oldRecord
      const filterRow = change.type === 'DELETE' ? oldRow : change.record
      for (const ch of channels) {
        const ids = ch.bindings.filter((b) => bindingSees(b, change, info, filterRow)).map((b) => b.id)
        if (ids.length === 0) continue
        const { role } = ch.subscriber
        const privKey = `${role}\u0000${name}`
        if (!selectable.has(privKey)) selectable.set(privKey, await selectableColumns(this.db, role, change.schema, change.table))
        const cols = selectable.get(privKey)!
        const pkReadable = info.primaryKey.length > 0 && info.primaryKey.every((k) => cols.has(k))
        let check: string | null = null
        if (pkReadable && change.type !== 'DELETE' && info.rls) {
          check = `${name}\u0000${role}\u0000${JSON.stringify(ch.subscriber.claims)}`
          const group = groups.get(check) ?? { subscriber: ch.subscriber, info, changes: [], visible: new Set() }
          if (!group.changes.includes(change)) group.changes.push(change)
          groups.set(check, group)
        }
        pending.push({ ch, change, info, ids, oldRow, cols, check })
      }
    }
    for (const group of groups.values()) group.visible = await this.visibleRows(group)
    for (const p of pending) {
      if (p.check && !groups.get(p.check)!.visible.has(p.change)) continue
      pushTo(p.ch, 'postgres_changes', { ids: p.ids, data: this.payload(p) })
    }
  }

  private payload({ change, info, oldRow, cols }: Pending): Record<string, unknown> {
    const base = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.committedAt.toISOString(),
      type: change.type,
      columns: info.columns.filter((c) => cols.has(c.name)).map((c) => ({ name: c.name, type: c.type })),
    }
    if (info.primaryKey.length === 0) return { ...base, errors: ['Error 400: Bad Request, no primary key'] }
    if (!info.primaryKey.every((k) => cols.has(k))) return { ...base, errors: ['Error 401: Unauthorized'] }
    const data: Record<string, unknown> = { ...base, errors: null }
    if (change.type !== 'DELETE') data.record = pick(change.record, (k) => cols.has(k))
    if (change.type !== 'INSERT') data.old_record = pick(oldRow, (k) => cols.has(k))
    return data
  }

  /** Which of the group's rows the subscriber can select now (apply_rls' `select exists(... where pk = ...)`). */
  private async visibleRows({ subscriber, info, changes }: CheckGroup): Promise<Set<CapturedChange>> {
    const table = qualified(info.schema, info.table)
    const where = info.primaryKey.map((k) => `t.${quoteIdent(k)} = r.${quoteIdent(k)}`).join(' and ')
    const keys = changes.map((c) => pick(c.record, (k) => info.primaryKey.includes(k)))
    try {
      const seen = await withScope(this.db, { role: subscriber.role, claims: subscriber.claims, readOnly: true }, async (tx) => {
        const r = await tx.query<{ i: number }>(
          `select (e.ord - 1)::int as i
             from jsonb_array_elements($1::jsonb) with ordinality as e(rec, ord),
                  jsonb_populate_record(null::${table}, e.rec) as r
            where exists (select 1 from ${table} t where ${where})`,
          [JSON.stringify(keys)],
        )
        return r.rows.map((row) => row.i)
      })
      return new Set(seen.map((i) => changes[i]))
    } catch (err) {
      this.log('realtime: RLS check failed for', subscriber.role, 'on', table, (err as Error).message)
      return new Set()
    }
  }
}
