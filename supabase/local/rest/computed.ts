import type { Db } from '../db.ts'

/**
 * Functions of one row-type argument: PostgREST's computed fields (`full_name(people) returns text`,
 * used as `select=full_name`) and computed relationships (`manager(employees) returns setof employees
 * rows 1`, embedded as `select=manager(name)`).
 */
export interface RowFunction {
  schema: string
  name: string
  /** the table whose row type is the argument */
  argSchema: string
  argTable: string
  /** `format_type()` of the result, valid in a cast */
  returnType: string
  /** the table whose row type is returned (a computed relationship), if any */
  retSchema: string | null
  retTable: string | null
  /** not a set, or `rows 1`: a to-one computed relationship */
  singleRow: boolean
}

// like PostgREST's allComputedRels: one argument of a relation's row type (any schema but the system ones)
const ROW_FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, an.nspname as "argSchema", ac.relname as "argTable",
  format_type(p.prorettype, null) as "returnType", rn.nspname as "retSchema", rc.relname as "retTable",
  (not p.proretset or p.prorows = 1) as "singleRow"
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type at on at.oid = p.proargtypes[0]
join pg_class ac on ac.oid = at.typrelid and ac.relkind in ('r', 'v', 'm', 'f', 'p')
join pg_namespace an on an.oid = ac.relnamespace
left join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'f', 'p')
left join pg_namespace rn on rn.oid = rc.relnamespace
where p.pronargs = 1 and p.prokind = 'f' and n.nspname not in ('pg_catalog', 'information_schema')
order by n.nspname, p.proname`

export async function loadRowFunctions(db: Db): Promise<RowFunction[]> {
  return (await db.query<RowFunction>(ROW_FUNCTIONS_SQL)).rows
}

/** The computed field `name` on table `schema.table`: one in the table's own schema first. */
export function findComputedField(fns: RowFunction[], schema: string, table: string, name: string): RowFunction | undefined {
  const onTable = fns.filter((f) => f.argSchema === schema && f.argTable === table && f.name === name)
  return onTable.find((f) => f.schema === schema) ?? onTable[0]
}
