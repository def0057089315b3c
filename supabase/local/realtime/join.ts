import type { Db } from '../db.ts'
import type { Subscriber } from './auth.ts'
import type { ChangeCapture } from './capture.ts'
import { castError, tableInfo } from './catalog.ts'
import { parseFilter } from './filters.ts'
import type { ChangeBinding } from './hub.ts'

/** `realtime:room1` → `room1` (what policies see as realtime.topic() and system messages name). */
export function subTopic(topic: string): string {
  return topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : topic
}

/** A stable positive id per binding, as the server's `:erlang.phash2(params)`; any integer works. */
export function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify([params.event, params.schema, params.table ?? null, params.filter ?? null])
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % 2 ** 27
}

export interface PreparedBinding {
  binding: ChangeBinding
  /** the client's own params plus `id`, echoed in the join reply */
  echo: Record<string, unknown>
  /** set when the binding was refused; sent as a system message after the reply */
  error: string | null
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE'])

function describe(p: Record<string, unknown>, filters: string[]): string {
  return `[event: ${String(p.event)}, schema: ${String(p.schema)}, table: ${String(p.table ?? '*')}, filters: [${filters.join(', ')}]]`
}

/**
 * Checks one postgres_changes entry of a join against the catalogue, and starts capturing its table
 * (before the join is answered, so a write right after SUBSCRIBED is not missed).
 */
export async function prepareBinding(db: Db, capture: ChangeCapture, raw: unknown): Promise<PreparedBinding> {
  const params = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const id = bindingId(params)
  const event = String(params.event ?? '').toUpperCase()
  const schema = typeof params.schema === 'string' && params.schema ? params.schema : ''
  const table = typeof params.table === 'string' && params.table && params.table !== '*' ? params.table : null
  const filterText = typeof params.filter === 'string' && params.filter ? params.filter : null
  const binding: ChangeBinding = {
    id,
    event: (EVENTS.has(event) ? event : '*') as ChangeBinding['event'],
    schema,
    table,
    filter: null,
    active: false,
  }
  const refuse = (error: string): PreparedBinding => ({ binding, echo: { ...params, id }, error })
  const unable = () =>
    refuse(
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(params, filterText ? [filterText] : [])}`,
    )
  if (!EVENTS.has(event) || !schema) return unable()
  if (filterText) {
    const parsed = parseFilter(filterText)
    if (!parsed.ok) return refuse(parsed.message)
    if (!table) return refuse('Error parsing `filter` params: a filter needs a table')
    binding.filter = parsed.filter
  }
  if (table) {
    if (schema === '*' || !(await capture.isPublished(schema, table))) return unable()
    const info = await tableInfo(db, schema, table)
    if (!info) return unable()
    if (binding.filter) {
      const column = info.columns.find((c) => c.name === binding.filter!.column)
      if (!column) return refuse(`Error parsing \`filter\` params: invalid column for filter ${binding.filter.column}`)
      for (const v of binding.filter.values) {
        const bad = await castError(db, v, column.sqlType)
        if (bad) return refuse(`Error parsing \`filter\` params: ${bad}`)
      }
    }
  } else {
    await capture.syncTriggers() // tables added to the publication since start-up
  }
  binding.active = true
  await capture.listen(schema, table ?? '*')
  return { binding, echo: { ...params, id }, error: null }
}

export async function releaseBindings(capture: ChangeCapture, bindings: ChangeBinding[]): Promise<void> {
  for (const b of bindings) if (b.active) await capture.unlistenTable(b.schema, b.table ?? '*')
}

class Verdict extends Error {
  constructor(readonly result: { read: boolean; write: boolean }) {
    super('rolled back')
  }
}

/**
 * Private channels ask realtime.messages' policies, as the realtime server does: in a rolled-back
 * transaction, probe rows are written as the owner, then read (and one written) as the subscriber
 * with realtime.topic() set to the channel's topic.
 */
export async function privateChannelAccess(db: Db, sub: Subscriber, topic: string): Promise<{ read: boolean; write: boolean }> {
  try {
    await db.transaction(async (tx) => {
      const probes = await tx.query<{ id: number }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true) returning id`,
        [topic],
      )
      const settings: [string, string][] = [
        ['role', sub.role],
        ['request.jwt.claims', JSON.stringify(sub.claims)],
        ['request.jwt.claim.role', sub.role],
        ['request.jwt.claim.sub', typeof sub.claims.sub === 'string' ? sub.claims.sub : ''],
        ['realtime.topic', topic],
      ]
      await tx.query(`select ${settings.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`).join(', ')}`, settings.flat())
      const seen = await tx.query(`select id from realtime.messages where id = any($1::bigint[])`, [probes.rows.map((r) => r.id)])
      let write = true
      await tx.exec('savepoint realtime_write_probe')
      try {
        await tx.query(`insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`, [topic])
      } catch {
        write = false
        await tx.exec('rollback to savepoint realtime_write_probe')
      }
      throw new Verdict({ read: seen.rows.length > 0, write })
    })
  } catch (err) {
    if (err instanceof Verdict) return err.result
    return { read: false, write: false }
  }
  return { read: false, write: false }
}
