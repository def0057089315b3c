import type { Db } from '../db.ts'
import { callableFunction } from './rpc-pick.ts'
import { VIEW_COLUMNS_SQL, viewForeignKeys, type ViewColumn } from './view-keys.ts'
import { loadRowFunctions, type RowFunction } from './computed.ts'

/** PostgREST's schema cache: tables, columns, foreign keys and functions of the exposed schemas. */

export interface Column {
  name: string
  /** `format_type()` text, valid in a cast */
  type: string
  notNull: boolean
  hasDefault: boolean
  /** the default as SQL (PostgREST's column_default: identity by default is its nextval; a domain's own) */
  default?: string | null
}

export interface Table {
  schema: string
  name: string
  kind: string
  columns: Map<string, Column>
  primaryKey: string[]
  /** column sets of unique constraints (a foreign key on one of them is one-to-one) */
  uniques: string[][]
}

export interface ForeignKey {
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export interface FnArg {
  name: string
  type: string
  /** i (in), o (out), b (inout), v (variadic), t (table column) */
  mode: string
  hasDefault: boolean
}

export interface Fn {
  schema: string
  name: string
  args: FnArg[]
  returnType: string
  returnsSet: boolean
  /** scalar, composite (a row type or OUT/TABLE columns), or void */
  shape: 'scalar' | 'composite' | 'void'
  /** result columns when composite */
  resultColumns: Column[]
  volatility: 'i' | 's' | 'v'
}

export interface Catalogue {
  tables: Map<string, Table>
  foreignKeys: ForeignKey[]
  functions: Map<string, Fn[]>
  /** computed fields and computed relationships (functions of one row-type argument) */
  rowFunctions?: RowFunction[]
  loadedAt: number
}

export const key = (schema: string, name: string) => `${schema}.${name}`

const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull, 'hasDefault', a.atthasdef or a.attidentity <> '',
      'default', case
        when a.attidentity = 'd' then (select format('nextval(%L)', s.objid::regclass) from pg_depend s
          where s.refobjid = a.attrelid and s.refobjsubid = a.attnum and s.deptype = 'i' and s.classid = 'pg_class'::regclass limit 1)
        when a.attgenerated = 's' then null
        else coalesce((select pg_get_expr(ad.adbin, ad.adrelid) from pg_attrdef ad where ad.adrelid = a.attrelid and ad.adnum = a.attnum),
          (select pg_get_expr(ty.typdefaultbin, 0) from pg_type ty where ty.oid = a.atttypid and ty.typbasetype <> 0))
      end) order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(a.attname order by k.i) from pg_constraint p
      cross join lateral unnest(p.conkey) with ordinality as k(attnum, i)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where p.conrelid = c.oid and p.contype = 'p'), '[]') as pk,
  coalesce((select json_agg((select json_agg(a.attname) from unnest(u.conkey) k(attnum)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum))
    from pg_constraint u where u.conrelid = c.oid and u.contype = 'u'), '[]') as uniques
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')`

const FKS_SQL = `
select p.conname as name, n1.nspname as schema, c1.relname as "table", n2.nspname as "refSchema", c2.relname as "refTable",
  (select json_agg(a.attname order by k.i) from unnest(p.conkey) with ordinality k(attnum, i)
     join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum) as columns,
  (select json_agg(a.attname order by k.i) from unnest(p.confkey) with ordinality k(attnum, i)
     join pg_attribute a on a.attrelid = p.confrelid and a.attnum = k.attnum) as "refColumns"
from pg_constraint p
join pg_class c1 on c1.oid = p.conrelid join pg_namespace n1 on n1.oid = c1.relnamespace
join pg_class c2 on c2.oid = p.confrelid join pg_namespace n2 on n2.oid = c2.relnamespace
where p.contype = 'f' and n1.nspname = any($1) and n2.nspname = any($1)`

const FNS_SQL = `
select n.nspname as schema, p.proname as name, p.provolatile as volatility, p.proretset as "returnsSet",
  format_type(p.prorettype, null) as "returnType", t.typtype as typtype, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  coalesce((select json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'type', format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), null),
      'mode', coalesce(p.proargmodes[i]::text, 'i')) order by i)
    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i), '[]') as args,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', false, 'hasDefault', false) order by a.attnum)
    from pg_attribute a where a.attrelid = t.typrelid and t.typrelid <> 0 and a.attnum > 0 and not a.attisdropped), '[]') as rowtype
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f'`

interface FnRow {
  schema: string
  name: string
  volatility: 'i' | 's' | 'v'
  returnsSet: boolean
  returnType: string
  typtype: string
  nargs: number
  ndefaults: number
  args: { name: string; type: string; mode: string }[]
  rowtype: Column[]
}

function toFn(r: FnRow): Fn {
  const inputs = r.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
  const firstDefault = inputs.length - r.ndefaults
  let inputIndex = 0
  const args: FnArg[] = r.args.map((a) => {
    const isInput = a.mode === 'i' || a.mode === 'b' || a.mode === 'v'
    const hasDefault = isInput && inputIndex++ >= firstDefault
    return { ...a, hasDefault }
  })
  const outs = args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't')
  let shape: Fn['shape'] = 'scalar'
  let resultColumns: Column[] = []
  if (r.returnType === 'void') shape = 'void'
  else if (r.typtype === 'c') {
    shape = 'composite'
    resultColumns = r.rowtype
  } else if (outs.length > 1 || (outs.length === 1 && args.some((a) => a.mode === 't'))) {
    shape = 'composite'
    resultColumns = outs.map((a) => ({ name: a.name, type: a.type, notNull: false, hasDefault: false }))
  }
  return { schema: r.schema, name: r.name, args, returnType: r.returnType, returnsSet: r.returnsSet, shape, resultColumns, volatility: r.volatility }
}

export async function loadCatalogue(db: Db, schemas: string[]): Promise<Catalogue> {
  const [tables, fks, fns] = [
    await db.query<{ schema: string; name: string; kind: string; columns: Column[]; pk: string[]; uniques: string[][] }>(TABLES_SQL, [schemas]),
    await db.query<ForeignKey>(FKS_SQL, [schemas]),
    await db.query<FnRow>(FNS_SQL, [schemas]),
  ]
  const rowFunctions = await loadRowFunctions(db)
  const viewColumns = await db.query<ViewColumn>(VIEW_COLUMNS_SQL, [schemas])
  const foreignKeys = [...fks.rows, ...viewForeignKeys(fks.rows, viewColumns.rows)]
  const cat: Catalogue = { tables: new Map(), foreignKeys, functions: new Map(), rowFunctions, loadedAt: Date.now() }
  for (const t of tables.rows) {
    cat.tables.set(key(t.schema, t.name), {
      schema: t.schema,
      name: t.name,
      kind: t.kind,
      columns: new Map(t.columns.map((c) => [c.name, c])),
      primaryKey: t.pk,
      uniques: t.uniques,
    })
  }
  for (const r of fns.rows) {
    const fn = toFn(r)
    // PostgREST leaves out functions it cannot call (unnamed parameters, rpc-pick.ts)
    if (!callableFunction(fn)) continue
    const k = key(r.schema, r.name)
    const list = cat.functions.get(k) ?? []
    list.push(fn)
    cat.functions.set(k, list)
  }
  return cat
}

/**
 * The cached catalogue. A lookup that misses reloads it once (migrations may have run since),
 * and concurrent reloads share one query.
 */
export class SchemaCache {
  private current: Catalogue | null = null
  private pending: Promise<Catalogue> | null = null

  constructor(
    private readonly db: Db,
    private readonly schemas: string[],
  ) {}

  async get(): Promise<Catalogue> {
    return this.current ?? this.reload()
  }

  /** Forget the cached catalogue: the next request loads it again (DDL, NOTIFY pgrst, a stale name). */
  invalidate(): void {
    this.current = null
    this.pending = null // a load already under way may predate the change
  }

  reload(): Promise<Catalogue> {
    if (this.pending) return this.pending
    const pending: Promise<Catalogue> = loadCatalogue(this.db, this.schemas).then(
      (c) => {
        if (this.pending === pending) {
          this.current = c
          this.pending = null
        }
        return c
      },
      (err) => {
        if (this.pending === pending) this.pending = null
        throw err
      },
    )
    this.pending = pending
    return pending
  }

  /** Looks something up, reloading once when it is missing. */
  async find<T>(lookup: (c: Catalogue) => T | undefined): Promise<{ found: T | undefined; catalogue: Catalogue }> {
    let catalogue = await this.get()
    let found = lookup(catalogue)
    if (found === undefined) {
      catalogue = await this.reload()
      found = lookup(catalogue)
    }
    return { found, catalogue }
  }
}
