import type { ForeignKey } from './catalogue.ts'

/**
 * A view's columns that are a base table's column under the same name (the view's rule depends on
 * that column): PostgREST follows them to give views their tables' foreign keys (its
 * `view_key_dependencies`). Renamed columns are not followed here.
 */
export const VIEW_COLUMNS_SQL = `
select distinct vn.nspname as "viewSchema", v.relname as "view", tn.nspname as schema, t.relname as "table", a.attname as "column"
from pg_rewrite r
join pg_class v on v.oid = r.ev_class and v.relkind in ('v', 'm')
join pg_namespace vn on vn.oid = v.relnamespace
join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid and d.refclassid = 'pg_class'::regclass
  and d.refobjsubid > 0 and d.refobjid <> v.oid
join pg_class t on t.oid = d.refobjid
join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
join pg_attribute va on va.attrelid = v.oid and va.attname = a.attname and va.attnum > 0 and not va.attisdropped
where vn.nspname = any($1)`

export interface ViewColumn {
  viewSchema: string
  view: string
  schema: string
  table: string
  column: string
}

/** The tables' foreign keys again for every view that shows all of a key's columns (either side). */
export function viewForeignKeys(fks: ForeignKey[], cols: ViewColumn[]): ForeignKey[] {
  const views = new Map<string, { viewSchema: string; view: string; schema: string; table: string; columns: Set<string> }>()
  for (const c of cols) {
    const k = JSON.stringify([c.viewSchema, c.view, c.schema, c.table])
    const v = views.get(k) ?? { viewSchema: c.viewSchema, view: c.view, schema: c.schema, table: c.table, columns: new Set<string>() }
    v.columns.add(c.column)
    views.set(k, v)
  }
  const out: ForeignKey[] = []
  for (const fk of fks) {
    for (const v of views.values()) {
      if (v.schema === fk.schema && v.table === fk.table && fk.columns.every((c) => v.columns.has(c))) {
        out.push({ ...fk, schema: v.viewSchema, table: v.view })
      }
      if (v.schema === fk.refSchema && v.table === fk.refTable && fk.refColumns.every((c) => v.columns.has(c))) {
        out.push({ ...fk, refSchema: v.viewSchema, refTable: v.view })
      }
    }
  }
  return out
}
