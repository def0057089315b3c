// Reads what the type generator needs from pg_catalog (one schema), in the generator's sort order.
import type { PGlite } from '@electric-sql/pglite'

export interface PgType {
  oid: number
  name: string
  schema: string
  /** typtype: b base, c composite, d domain, e enum, p pseudo, r range */
  kind: string
  category: string
  elem: number
  baseType: number
  relid: number
  enumLabels: string[]
}

export interface Column {
  name: string
  typeOid: number
  nullable: boolean
  hasDefault: boolean
  identity: boolean
  identityAlways: boolean
  updatable: boolean
}

export interface Relation {
  oid: number
  name: string
  kind: 'table' | 'view' | 'composite'
  updatable: boolean
  columns: Column[]
}

export interface ForeignKey {
  name: string
  relOid: number
  columns: string[]
  oneToOne: boolean
  referencedRelation: string
  referencedColumns: string[]
}

export interface FunctionArg {
  name: string
  typeOid: number
  /** proargmodes: i in, o out, b inout, v variadic, t table */
  mode: string
  hasDefault: boolean
}

export interface PgFunction {
  name: string
  args: FunctionArg[]
  returnType: number
  returnsSet: boolean
}

export interface Catalog {
  types: Map<number, PgType>
  relations: Relation[]
  foreignKeys: ForeignKey[]
  functions: PgFunction[]
  enums: { name: string; labels: string[] }[]
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)

export async function introspect(db: PGlite, schema: string): Promise<Catalog> {
  const typeRows = await db.query<{
    oid: number; name: string; schema: string; kind: string; category: string
    elem: number; base_type: number; relid: number; labels: string[] | null
  }>(`
    select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype as kind, t.typcategory as category,
           t.typelem::int as elem, t.typbasetype::int as base_type, t.typrelid::int as relid,
           (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels
    from pg_type t join pg_namespace n on n.oid = t.typnamespace`)
  const types = new Map<number, PgType>()
  for (const r of typeRows.rows) {
    types.set(r.oid, {
      oid: r.oid, name: r.name, schema: r.schema, kind: r.kind, category: r.category,
      elem: r.elem, baseType: r.base_type, relid: r.relid, enumLabels: r.labels ?? [],
    })
  }

  const relRows = await db.query<{ oid: number; name: string; relkind: string; updatable: boolean }>(
    `select c.oid::int as oid, c.relname as name, c.relkind::text as relkind,
            (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
    [schema],
  )
  const colRows = await db.query<{
    relid: number; name: string; type_oid: number; nullable: boolean; has_default: boolean
    identity: string; updatable: boolean
  }>(
    `select a.attrelid::int as relid, a.attname as name, a.atttypid::int as type_oid,
            not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
            a.atthasdef as has_default, a.attidentity::text as identity,
            pg_column_is_updatable(a.attrelid, a.attnum, false) as updatable
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid
     where n.nspname = $1 and a.attnum > 0 and not a.attisdropped`,
    [schema],
  )
  const kindOf = (relkind: string): Relation['kind'] =>
    relkind === 'v' || relkind === 'm' ? 'view' : relkind === 'c' ? 'composite' : 'table'
  const relations: Relation[] = relRows.rows
    .map((r) => ({
      oid: r.oid,
      name: r.name,
      kind: kindOf(r.relkind),
      updatable: r.relkind === 'v' && r.updatable,
      columns: colRows.rows
        .filter((c) => c.relid === r.oid)
        .map((c) => ({
          name: c.name,
          typeOid: c.type_oid,
          nullable: c.nullable,
          hasDefault: c.has_default,
          identity: c.identity !== '',
          identityAlways: c.identity === 'a',
          updatable: c.updatable,
        }))
        .sort(byName),
    }))
    .sort(byName)

  // Only relationships inside the schema, like the CLI: PostgREST cannot embed across schemas.
  const fkRows = await db.query<{
    name: string; rel_oid: number; columns: string[]; referenced_relation: string
    referenced_columns: string[]; one_to_one: boolean
  }>(
    `select con.conname as name, con.conrelid::int as rel_oid,
            (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
            fc.relname as referenced_relation,
            (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as referenced_columns,
            exists (
              select 1 from pg_constraint u
              where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                and (select array_agg(x order by x) from unnest(u.conkey) x)
                  = (select array_agg(y order by y) from unnest(con.conkey) y)
            ) as one_to_one
     from pg_constraint con
     join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_class fc on fc.oid = con.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
     where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1`,
    [schema],
  )
  const foreignKeys: ForeignKey[] = fkRows.rows
    .map((r) => ({
      name: r.name,
      relOid: r.rel_oid,
      columns: r.columns,
      oneToOne: r.one_to_one,
      referencedRelation: r.referenced_relation,
      referencedColumns: r.referenced_columns,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.referencedRelation.localeCompare(b.referencedRelation))

  const fnRows = await db.query<{
    name: string; arg_names: string[] | null; arg_modes: string[] | null; all_types: number[] | null
    in_types: number[]; n_defaults: number; return_type: number; returns_set: boolean
  }>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            p.proallargtypes::int[] as all_types, string_to_array(nullif(p.proargtypes::text, ''), ' ')::int[] as in_types,
            p.pronargdefaults::int as n_defaults, p.prorettype::int as return_type, p.proretset as returns_set
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    [schema],
  )
  const functions: PgFunction[] = fnRows.rows
    .map((r) => {
      const typeOids = r.all_types ?? r.in_types ?? []
      const modes = r.arg_modes ?? typeOids.map(() => 'i')
      const inCount = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length
      let inSeen = 0
      const args = typeOids.map((typeOid, i) => {
        const mode = modes[i]
        const isIn = mode === 'i' || mode === 'b' || mode === 'v'
        if (isIn) inSeen += 1
        return { name: r.arg_names?.[i] ?? '', typeOid, mode, hasDefault: isIn && inSeen > inCount - r.n_defaults }
      })
      return { name: r.name, args, returnType: r.return_type, returnsSet: r.returns_set }
    })
    // like the CLI: callable by name only when every input is named (or there is one unnamed input)
    .filter((fn) => {
      const inArgs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
      return !inArgs.some((a) => a.name === '') || inArgs.length === 1
    })
    .sort(byName)

  const enums = [...types.values()]
    .filter((t) => t.schema === schema && t.kind === 'e')
    .map((t) => ({ name: t.name, labels: t.enumLabels }))
    .sort(byName)

  return { types, relations, foreignKeys, functions, enums }
}
