import type { ParsedQuery } from './ast.ts'
import type { Table } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { Format } from './media.ts'
import { buildLevel, buildRead, qualified, RESPONSE_GUCS, ReloadCatalogue, scopeFor, type BuildContext, type Source } from './read.ts'
import { returningColumns, returningSql } from './returning.ts'
import { ident, literal } from './sql.ts'

export interface WriteOptions {
  table: Table
  query: ParsedQuery
  representation: boolean
  count: boolean
  singular: boolean
  /** output format and `nulls=stripped` of the returned rows (Accept) */
  format?: Format
  stripNulls?: boolean
}

function unknownBodyColumn(ctx: BuildContext, table: Table, column: string): never {
  if (!ctx.final) throw new ReloadCatalogue()
  throw new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`)
}

/** The statement that runs a mutation (as `pgrst_source`) and returns its rows as a read would. */
function finish(ctx: BuildContext, o: WriteOptions, ctes: string, extra = ''): string {
  const src: Source = { table: o.table, relation: o.table.name, columns: o.table.columns }
  const w = `with ${ctes} `
  if (!o.representation) {
    return `${w}select null::int as total, count(*)::int as page_total, null::text as body, ${RESPONSE_GUCS}${extra} from pgrst_source`
  }
  return buildRead(ctx, { from: 'pgrst_source', src, query: o.query, count: false, singular: o.singular, format: o.format, stripNulls: o.stripNulls, body: true, with: w, skipFilters: true, extra })
}

/** Insert (and upsert) from a JSON array body, with PostgREST's typed-record semantics. */
export function buildInsert(
  ctx: BuildContext,
  o: WriteOptions & { rows: Record<string, unknown>[]; missingDefault: boolean; resolution?: 'merge-duplicates' | 'ignore-duplicates' },
): string {
  const t = o.table
  const cols = o.query.columns ?? [...new Set(o.rows.flatMap((r) => Object.keys(r)))]
  for (const c of cols) if (!t.columns.has(c)) unknownBodyColumn(ctx, t, c)
  const target = `${qualified(t)} as "_t"`
  const list = cols.map(ident).join(', ')
  let insert: string
  // Prefer: missing=default, as PostgREST builds it: each row is the payload columns' defaults
  // overlaid by the row's own keys, every default evaluated for every row (a serial's nextval too)
  const defaults = o.missingDefault ? cols.flatMap((c) => (t.columns.get(c)?.default ? [`${literal(c)}, ${t.columns.get(c)!.default}`] : [])) : []
  if (cols.length === 0) {
    insert = `insert into ${target} select from json_populate_recordset(null::${qualified(t)}, ${ctx.params.add(JSON.stringify(o.rows))}::json) _b`
  } else if (defaults.length) {
    const rows = `(select jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || elem) from jsonb_array_elements(${ctx.params.add(JSON.stringify(o.rows))}::jsonb) elem)`
    insert = `insert into ${target} (${list}) select ${list} from jsonb_populate_recordset(null::${qualified(t)}, ${rows}) _b`
  } else {
    insert = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${qualified(t)}, ${ctx.params.add(JSON.stringify(o.rows))}::json) _b`
  }
  if (o.resolution) {
    const conflict = o.query.onConflict ?? t.primaryKey
    for (const c of conflict) if (!t.columns.has(c)) unknownBodyColumn(ctx, t, c)
    // as PostgREST: every payload column, the conflict columns too (so merged rows are returned)
    const updates = cols.map((c) => `${ident(c)} = excluded.${ident(c)}`)
    const action = o.resolution === 'merge-duplicates' && updates.length ? `do update set ${updates.join(', ')}` : 'do nothing'
    insert += ` on conflict (${conflict.map(ident).join(', ')}) ${action}`
    if (action !== 'do nothing') {
      // xmax is 0 on a freshly inserted row: tells 201 (something inserted) from 200 (all merged)
      const returning = o.representation ? returningSql(ctx, t, o.query, '"_t"') : '1'
      const returned = returningColumns(ctx, t, o.query)
      const all = (returned === '*' ? [...t.columns.keys()] : returned).map(ident).join(', ')
      const mut = `pgrst_mut as (${insert} returning ${returning}, ("_t".xmax::text = '0') as pgrst_inserted)`
      const source = o.representation ? `select ${all} from pgrst_mut` : `select 1 from pgrst_mut`
      const inserted = `, (select count(*) from pgrst_mut where pgrst_inserted)::int as inserted`
      return finish(ctx, o, `${mut}, pgrst_source as (${source})`, inserted)
    }
  }
  return finish(ctx, o, `pgrst_source as (${insert} returning ${o.representation ? returningSql(ctx, t, o.query, '"_t"') : '1'})`)
}

function whereOf(ctx: BuildContext, o: WriteOptions): string {
  const src: Source = { table: o.table, relation: o.table.name, columns: o.table.columns }
  const level = buildLevel(ctx, src, '"_0"', [], [], scopeFor(ctx, []))
  return level.where.length ? ` where ${level.where.join(' and ')}` : ''
}

export function buildUpdate(ctx: BuildContext, o: WriteOptions & { row: Record<string, unknown>; missingDefault?: boolean }): string {
  const t = o.table
  const cols = o.query.columns ?? Object.keys(o.row)
  for (const c of cols) if (!t.columns.has(c)) unknownBodyColumn(ctx, t, c)
  const where = whereOf(ctx, o)
  // an empty patch changes nothing and returns nothing, as in PostgREST
  if (cols.length === 0) return finish(ctx, o, `pgrst_source as (select ${returningSql(ctx, t, o.query, '"_0"')} from ${qualified(t)} as "_0"${where ? `${where} and false` : ' where false'})`)
  // `columns=` may name keys the body lacks: null, or their default with Prefer: missing=default
  const sets = cols.map((c) => `${ident(c)} = ${o.missingDefault && !(c in o.row) ? 'default' : `_b.${ident(c)}`}`).join(', ')
  const body = ctx.params.add(JSON.stringify(o.row))
  const update = `update ${qualified(t)} as "_0" set ${sets} from (select * from json_populate_record(null::${qualified(t)}, ${body}::json)) _b${where}`
  return finish(ctx, o, `pgrst_source as (${update} returning ${o.representation ? returningSql(ctx, t, o.query, '"_0"') : '1'})`)
}

export function buildDelete(ctx: BuildContext, o: WriteOptions): string {
  const where = whereOf(ctx, o)
  return finish(ctx, o, `pgrst_source as (delete from ${qualified(o.table)} as "_0"${where} returning ${o.representation ? returningSql(ctx, o.table, o.query, '"_0"') : '1'})`)
}
