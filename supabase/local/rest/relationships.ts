import { key, type Catalogue, type ForeignKey, type Table } from './catalogue.ts'
import type { RowFunction } from './computed.ts'
import { RestError } from './errors.ts'
import { fuzzyGet } from './fuzzy.ts'

/**
 * How an embedded resource joins its parent, found as PostgREST's schema cache does (SchemaCache.hs):
 * many-to-one / one-to-one from each foreign key, their inverses, many-to-many through a join table
 * whose primary key holds both foreign keys, and computed relationships (functions of the row type).
 */
export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'
  origin: Table
  target: Table
  isSelf: boolean
  /** the foreign key constraint (direct relationships) */
  constraint: string
  /** (origin column, target column) pairs of a direct relationship */
  columns: [string, string][]
  junction?: {
    table: Table
    cons1: string
    cons2: string
    /** (origin column, junction column) */
    source: [string, string][]
    /** (target column, junction column) */
    target: [string, string][]
  }
  /** a computed relationship: the function is called with the parent row */
  fn?: RowFunction
  toOne: boolean
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i])
const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]])
const isKeyed = (t: Table, cols: string[]) => [t.primaryKey, ...t.uniques].some((k) => k.length > 0 && sameSet(k, cols))

const cache = new WeakMap<Catalogue, Map<Table, Relationship[]>>()

/** Every relationship from `origin` to a table of its schema, in PostgREST's order (cached per catalogue). */
export function relationshipsFrom(cat: Catalogue, origin: Table): Relationship[] {
  let byTable = cache.get(cat)
  if (!byTable) cache.set(cat, (byTable = new Map()))
  let rels = byTable.get(origin)
  if (!rels) byTable.set(origin, (rels = detect(cat, origin)))
  return rels
}

function detect(cat: Catalogue, origin: Table): Relationship[] {
  const table = (schema: string, name: string) => cat.tables.get(key(schema, name))
  const from = (fk: ForeignKey, t: Table) => fk.schema === t.schema && fk.table === t.name
  const to = (fk: ForeignKey, t: Table) => fk.refSchema === t.schema && fk.refTable === t.name
  const out: Relationship[] = []
  const base = (target: Table) => ({ origin, target, isSelf: target === origin, constraint: '', columns: [] as [string, string][] })
  for (const fk of cat.foreignKeys) {
    if (from(fk, origin)) {
      const target = table(fk.refSchema, fk.refTable)
      const o2o = isKeyed(origin, fk.columns)
      if (target?.schema === origin.schema) {
        out.push({ ...base(target), cardinality: o2o ? 'one-to-one' : 'many-to-one', constraint: fk.name, columns: zip(fk.columns, fk.refColumns), toOne: true })
      }
    }
    if (to(fk, origin)) {
      const target = table(fk.schema, fk.table)
      if (!target || target.schema !== origin.schema) continue
      const o2o = isKeyed(target, fk.columns)
      out.push({ ...base(target), cardinality: o2o ? 'one-to-one' : 'one-to-many', constraint: fk.name, columns: zip(fk.refColumns, fk.columns), toOne: o2o })
    }
  }
  // many-to-many: two distinct many-to-one keys of one junction table, both inside its primary key
  for (const a of cat.foreignKeys) {
    if (!to(a, origin)) continue
    const junction = table(a.schema, a.table)
    if (!junction || isKeyed(junction, a.columns)) continue
    for (const b of cat.foreignKeys) {
      if (b.name === a.name || b.schema !== a.schema || b.table !== a.table || isKeyed(junction, b.columns)) continue
      const target = table(b.refSchema, b.refTable)
      if (!target || target.schema !== origin.schema) continue
      if (![...a.columns, ...b.columns].every((c) => junction.primaryKey.includes(c))) continue
      out.push({
        ...base(target),
        cardinality: 'many-to-many',
        junction: { table: junction, cons1: a.name, cons2: b.name, source: zip(a.refColumns, a.columns), target: zip(b.refColumns, b.columns) },
        toOne: false,
      })
    }
  }
  // computed relationships override detected ones to the table of the same name as the function
  const computed: Relationship[] = []
  for (const fn of cat.rowFunctions ?? []) {
    if (fn.argSchema !== origin.schema || fn.argTable !== origin.name || !fn.retTable || !fn.retSchema) continue
    const target = table(fn.retSchema, fn.retTable)
    if (!target || target.schema !== origin.schema) continue
    computed.push({ ...base(target), cardinality: fn.singleRow ? 'many-to-one' : 'one-to-many', fn, toOne: fn.singleRow })
  }
  const overridden = (r: Relationship) => computed.some((c) => c.fn!.schema === r.target.schema && c.fn!.name === r.target.name)
  return [...out.filter((r) => !overridden(r)).sort(compare), ...computed]
}

const RANK = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 }
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Haskell's derived `Ord` on PostgREST's Relationship: target, self, cardinality, then its fields. */
function compare(a: Relationship, b: Relationship): number {
  const rankA = a.cardinality === 'one-to-one' && a.toOne ? RANK['one-to-one'] : RANK[a.cardinality]
  const rankB = b.cardinality === 'one-to-one' && b.toOne ? RANK['one-to-one'] : RANK[b.cardinality]
  return (
    cmp(a.target.schema, b.target.schema) || cmp(a.target.name, b.target.name) || Number(a.isSelf) - Number(b.isSelf) || rankA - rankB ||
    cmp(a.junction?.table.schema ?? '', b.junction?.table.schema ?? '') || cmp(a.junction?.table.name ?? '', b.junction?.table.name ?? '') ||
    cmp(a.junction?.cons1 ?? a.constraint, b.junction?.cons1 ?? b.constraint) || cmp(a.junction?.cons2 ?? '', b.junction?.cons2 ?? '') ||
    cmp(JSON.stringify(a.columns), JSON.stringify(b.columns))
  )
}

const singleCol = (r: Relationship, side: 0 | 1) => (r.columns.length === 1 ? r.columns[0][side] : undefined)

/** PostgREST's findRel (Plan.hs): what `target[!hint]` names from `origin`. */
function matches(r: Relationship, target: string, hint: string | undefined): boolean {
  if (r.fn) return r.fn.name === target
  const direct = !r.junction
  const isView = r.target.kind === 'v' || r.target.kind === 'm'
  if (r.isSelf) {
    // one foreign key, two relationships: the table name gives the one-to-many, the column the many-to-one
    if (hint === undefined) {
      return (target === r.target.name && r.cardinality === 'one-to-many') || (r.cardinality === 'many-to-one' && singleCol(r, 0) === target)
    }
    return target === r.target.name && r.cardinality === 'one-to-many' && singleCol(r, 1) === hint
  }
  if (hint === undefined) {
    return target === r.target.name || (direct && !isView && (r.constraint === target || singleCol(r, 0) === target))
  }
  if (target !== r.target.name) return false
  if (direct) return r.constraint === hint || singleCol(r, 0) === hint || singleCol(r, 1) === hint
  return r.junction!.table.name === hint
}

function describe(r: Relationship): Record<string, string> {
  const list = (cols: string[]) => `(${cols.join(', ')})`
  const relationship = r.junction
    ? `${r.junction.table.name} using ${r.junction.cons1}${list(r.junction.source.map((c) => c[1]))} and ${r.junction.cons2}${list(r.junction.target.map((c) => c[1]))}`
    : `${r.constraint} using ${r.origin.name}${list(r.columns.map((c) => c[0]))} and ${r.target.name}${list(r.columns.map((c) => c[1]))}`
  return { cardinality: r.cardinality, embedding: `${r.origin.name} with ${r.target.name}`, relationship }
}

/** PGRST200, with PostgREST's "Perhaps you meant …" suggestion. */
export function notFound(cat: Catalogue | null, parent: Table, name: string, hint?: string): RestError {
  let suggestion: string | null = null
  if (cat) {
    const rels = relationshipsFrom(cat, parent)
    if (rels.length) {
      const best = fuzzyGet(rels.map((r) => r.target.name), name).find(([score]) => score < 1)
      if (best) suggestion = `Perhaps you meant '${best[1]}' instead of '${name}'.`
    } else {
      const parents = [...cat.tables.values()].filter((t) => t.schema === parent.schema && relationshipsFrom(cat, t).length > 0).map((t) => t.name)
      const best = fuzzyGet(parents, parent.name)[0]
      if (best) suggestion = `Perhaps you meant '${best[1]}' instead of '${parent.name}'.`
    }
  }
  return new RestError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
    suggestion,
  )
}

/** The one relationship `parent → name[!hint]` names, or undefined when nothing matches (caller reloads). */
export function findRelationship(cat: Catalogue, parent: Table, name: string, hint?: string): Relationship | undefined {
  const found = relationshipsFrom(cat, parent).filter((r) => matches(r, name, hint))
  if (found.length === 0) return undefined
  if (found.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map(describe),
      `Try changing '${name}' to one of the following: ${found.map((r) => `'${r.target.name}!${r.junction ? r.junction.table.name : r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    )
  }
  return found[0]
}
