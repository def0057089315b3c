/**
 * postgres_changes filters (`column=op.value`), the classic realtime set: eq, neq, lt, lte, gt,
 * gte, in. Parsing is pure; values are checked against the column's type when a channel subscribes
 * (subscriptions.ts) and compared here by the column's type family.
 */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'

export interface ChangeFilter {
  column: string
  op: FilterOp
  /** one value, or the list for `in` */
  values: string[]
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'])

export type FilterParse = { ok: true; filter: ChangeFilter } | { ok: false; message: string }

function splitList(inner: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (const ch of inner) {
    if (ch === '"') quoted = !quoted
    else if (ch === ',' && !quoted) {
      out.push(cur.trim())
      cur = ''
    } else cur += ch
  }
  out.push(cur.trim())
  return out
}

export function parseFilter(text: string): FilterParse {
  const bad = (why: string): FilterParse => ({ ok: false, message: `Error parsing \`filter\` params: ${why}` })
  const eq = text.indexOf('=')
  if (eq <= 0) return bad(`expected column=operator.value, got ${JSON.stringify(text)}`)
  const column = text.slice(0, eq).trim()
  const rest = text.slice(eq + 1)
  const dot = rest.indexOf('.')
  if (dot <= 0) return bad(`expected operator.value after ${column}=`)
  const op = rest.slice(0, dot) as FilterOp
  if (!OPS.has(op)) return bad(`unsupported operator ${JSON.stringify(rest.slice(0, dot))}`)
  const raw = rest.slice(dot + 1)
  if (op === 'in') {
    const m = /^\((.*)\)$/s.exec(raw.trim())
    if (!m) return bad('`in` expects a list like in.(a,b,c)')
    const values = splitList(m[1])
    if (values.length === 0 || values.some((v) => v === '')) return bad('`in` list has an empty value')
    return { ok: true, filter: { column, op, values } }
  }
  return { ok: true, filter: { column, op, values: [raw.replace(/^"(.*)"$/s, '$1')] } }
}

type Family = 'number' | 'bool' | 'time' | 'text'

export function typeFamily(typname: string): Family {
  if (/^(int2|int4|int8|float4|float8|numeric|oid|money)$/.test(typname)) return 'number'
  if (typname === 'bool') return 'bool'
  if (/^(timestamp|timestamptz|date)$/.test(typname)) return 'time'
  return 'text'
}

function normalise(family: Family, v: unknown): number | string | boolean | null {
  if (v === null || v === undefined) return null
  switch (family) {
    case 'number':
      return Number(v)
    case 'bool':
      return v === true || v === 't' || v === 'true' || v === 'TRUE'
    case 'time': {
      const s = String(v)
      const ms = Date.parse(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(s) || s.length <= 10 ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`)
      return Number.isNaN(ms) ? s : ms
    }
    default:
      return typeof v === 'string' ? v : JSON.stringify(v)
  }
}

function compare(a: number | string | boolean, b: number | string | boolean): number {
  if (a === b) return 0
  return a < b ? -1 : 1
}

/**
 * Does the row pass the filter? A missing or null column never passes (as in the realtime server,
 * where the comparison with null is not true). `typname` is the column's pg_type name.
 */
export function rowMatches(filter: ChangeFilter, row: Record<string, unknown> | null, typname: string): boolean {
  if (!row || !(filter.column in row)) return false
  const family = typeFamily(typname)
  let cell = normalise(family, row[filter.column])
  if (cell === null) return false
  if (typname === 'uuid' && typeof cell === 'string') cell = cell.toLowerCase()
  const want = filter.values.map((v) => {
    const n = normalise(family, v)
    return typname === 'uuid' && typeof n === 'string' ? n.toLowerCase() : n
  })
  if (filter.op === 'in') return want.some((w) => w !== null && compare(cell, w) === 0)
  const w = want[0]
  if (w === null) return false
  const c = compare(cell, w)
  switch (filter.op) {
    case 'eq':
      return c === 0
    case 'neq':
      return c !== 0
    case 'lt':
      return c < 0
    case 'lte':
      return c <= 0
    case 'gt':
      return c > 0
    case 'gte':
      return c >= 0
  }
  return false
}
