import type { Db } from '../db.ts'

/** What realtime needs to know about a published table. */
export interface TableInfo {
  schema: string
  table: string
  /** attnum order; `type` is pg_type.typname, `sqlType` the declared type for casts */
  columns: { name: string; type: string; sqlType: string }[]
  primaryKey: string[]
  rls: boolean
  replicaIdentityFull: boolean
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function qualified(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`
}

export async function tableInfo(db: Db, schema: string, table: string): Promise<TableInfo | null> {
  const r = await db.query<{
    rls: boolean
    replica_full: boolean
    columns: { name: string; type: string; sqlType: string }[] | null
    pk: string[] | null
  }>(
    `select c.relrowsecurity as rls, c.relreplident = 'f' as replica_full,
            (select json_agg(json_build_object('name', a.attname, 'type', t.typname,
                                               'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
               from pg_attribute a join pg_type t on t.oid = a.atttypid
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
               from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
              where i.indrelid = c.oid and i.indisprimary) as pk
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  )
  const row = r.rows[0]
  if (!row) return null
  return {
    schema,
    table,
    columns: row.columns ?? [],
    primaryKey: row.pk ?? [],
    rls: row.rls,
    replicaIdentityFull: row.replica_full,
  }
}

/** The columns `role` may SELECT (column privileges included); empty when the role is unknown. */
export async function selectableColumns(db: Db, role: string, schema: string, table: string): Promise<Set<string>> {
  const r = await db.query<{ attname: string }>(
    `select a.attname from pg_attribute a
      where exists (select 1 from pg_roles where rolname = $1)
        and a.attrelid = (quote_ident($2) || '.' || quote_ident($3))::regclass
        and a.attnum > 0 and not a.attisdropped
        and has_column_privilege($1, a.attrelid, a.attnum, 'SELECT')`,
    [role, schema, table],
  )
  return new Set(r.rows.map((row) => row.attname))
}

/** Null when `value` is valid input for the SQL type, else Postgres' own complaint. */
export async function castError(db: Db, value: string, sqlType: string): Promise<string | null> {
  try {
    await db.query(`select $1::text::${sqlType}`, [value])
    return null
  } catch (err) {
    return (err as Error).message
  }
}

/** The tables currently in the supabase_realtime publication, as `schema.table`. */
export async function publishedTables(db: Db): Promise<Set<string>> {
  const r = await db.query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_publication_tables where pubname = 'supabase_realtime'`,
  )
  return new Set(r.rows.map((row) => row.name))
}
