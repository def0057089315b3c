import type { PGlite } from '@electric-sql/pglite'
import { withScope } from '../db.ts'
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

/**
 * Delivers captured changes the way realtime's apply_rls does: each subscriber gets the event only
 * if the role may select the row (RLS checked by primary key under the subscriber's claims), sees
 * only the columns it may select, and DELETEs carry only the primary key and skip the RLS check.
 */
export class ChangeDelivery {
  constructor(
    private db: PGlite,
    private hub: Hub,
    private log: (...args: unknown[]) => void,
  ) {}

  async deliver(changes: CapturedChange[]): Promise<void> {
    const channels = [...this.hub.all()].filter((ch) => ch.bindings.some((b) => b.active))
    if (channels.length === 0) return
    const published = await publishedTables(this.db)
    const infos = new Map<string, TableInfo | null>()
    const selectable = new Map<string, Set<string>>()
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
      const visibility = new Map<string, Promise<boolean>>()
      for (const ch of channels) {
        const ids = ch.bindings.filter((b) => bindingSees(b, change, info, filterRow)).map((b) => b.id)
        if (ids.length === 0) continue
        const { role } = ch.subscriber
        const privKey = `${role}\u0000${name}`
        if (!selectable.has(privKey)) selectable.set(privKey, await selectableColumns(this.db, role, change.schema, change.table))
        const cols = selectable.get(privKey)!
        const base = {
          schema: change.schema,
          table: change.table,
          commit_timestamp: change.committedAt.toISOString(),
          type: change.type,
          columns: info.columns.filter((c) => cols.has(c.name)).map((c) => ({ name: c.name, type: c.type })),
        }
        if (info.primaryKey.length === 0 || !info.primaryKey.every((k) => cols.has(k))) {
          const why = info.primaryKey.length === 0 ? 'Error 400: Bad Request, no primary key' : 'Error 401: Unauthorized'
          pushTo(ch, 'postgres_changes', { ids, data: { ...base, errors: [why] } })
          continue
        }
        if (change.type !== 'DELETE' && info.rls) {
          const claimsKey = `${role}\u0000${JSON.stringify(ch.subscriber.claims)}`
          if (!visibility.has(claimsKey)) visibility.set(claimsKey, this.visible(ch, info, change.record ?? {}))
          if (!(await visibility.get(claimsKey))) continue
        }
        const data: Record<string, unknown> = { ...base, errors: null }
        if (change.type !== 'DELETE') data.record = pick(change.record, (k) => cols.has(k))
        if (change.type !== 'INSERT') data.old_record = pick(oldRow, (k) => cols.has(k))
        pushTo(ch, 'postgres_changes', { ids, data })
      }
    }
  }

  /** Can this subscriber select the row now? (apply_rls' prepared `select exists(... where pk = ...)`). */
  private async visible(ch: JoinedChannel, info: TableInfo, record: Record<string, unknown>): Promise<boolean> {
    const table = qualified(info.schema, info.table)
    const where = info.primaryKey.map((k) => `t.${quoteIdent(k)} = r.${quoteIdent(k)}`).join(' and ')
    try {
      return await withScope(this.db, { role: ch.subscriber.role, claims: ch.subscriber.claims, readOnly: true }, async (tx) => {
        const r = await tx.query<{ ok: boolean }>(
          `select exists (select 1 from ${table} t, jsonb_populate_record(null::${table}, $1::jsonb) r where ${where}) as ok`,
          [JSON.stringify(record)],
        )
        return r.rows[0]?.ok === true
      })
    } catch (err) {
      this.log('realtime: RLS check failed for', ch.subscriber.role, 'on', table, (err as Error).message)
      return false
    }
  }
}
