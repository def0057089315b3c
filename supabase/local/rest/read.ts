import type { OrderTerm, ParsedQuery, Scoped, SelectItem } from './ast.ts'
import type { Catalogue, Column, Table } from './catalogue.ts'
import { aggregateInput, aggregateName, aggregatesNotAllowed, applyAggregate, fieldType, hasAggregates, usesAggregates } from './aggregates.ts'
import { findComputedField } from './computed.ts'
import { buildEmbed, relatedOrderColumn, wholeRow, type EmbedInfo } from './embed.ts'
import { RestError } from './errors.ts'
import { bodySql } from './formats.ts'
import type { Format } from './media.ts'
import { findRelationship, notFound, type Relationship } from './relationships.ts'
import { Params, conditionSql, fieldSql, ident, pathSql, unknownColumn, type FilterScope } from './sql.ts'

/** Thrown when a name is missing from the catalogue: the caller reloads it and builds again once. */
export class ReloadCatalogue extends Error {}

export interface BuildContext {
  cat: Catalogue
  /** second attempt (catalogue fresh): missing names are errors */
  final: boolean
  params: Params
  scopes: Map<string, Scoped>
  used: Set<string>
  next: number
  /** set by buildRead: `select 1 from … where …`, what PostgREST counts and EXPLAINs for count=planned */
  countSql?: string
  /** PostgREST db-aggregates-enabled (refused with PGRST123 when not set) */
  aggregates?: boolean
}

/** What a level selects from: a table, a function result, or a mutation's returned rows. */
export interface Source {
  table: Table | null
  relation: string
  columns: Map<string, Column>
  /** rows are not of the table's own type (a mutation's CTE): cast them for computed fields */
  castRow?: boolean
}

export interface Level {
  projection: string[]
  names: string[]
  /** the output columns' types where known (GeoJSON looks for the geometry among them) */
  types: (string | null)[]
  /** set when the level aggregates: every non-aggregated output is a GROUP BY term */
  groupBy: string[] | null
  laterals: string[]
  where: string[]
  orderBy: string[]
  embeds: Map<string, EmbedInfo>
}

export function qualified(t: { schema: string; name: string }): string {
  return `${ident(t.schema)}.${ident(t.name)}`
}

function missing(ctx: BuildContext, err: () => RestError): never {
  if (!ctx.final) throw new ReloadCatalogue()
  throw err()
}

export function relationship(ctx: BuildContext, parent: Source, name: string, hint?: string): Relationship {
  if (!parent.table) throw notFound(null, { schema: 'public', name: parent.relation } as Table, name, hint)
  const rel = findRelationship(ctx.cat, parent.table, name, hint)
  return rel ?? missing(ctx, () => notFound(ctx.cat, parent.table!, name, hint))
}

/** A computed field of the level's table (`full_name(people)`): its call on the current row. */
function computedField(ctx: BuildContext, src: Source, alias: string, name: string): { sql: string; type: string } | undefined {
  if (!src.table) return undefined
  const fn = findComputedField(ctx.cat.rowFunctions ?? [], src.table.schema, src.table.name, name)
  return fn && { sql: `${ident(fn.schema)}.${ident(fn.name)}(${wholeRow(src, alias)})`, type: fn.returnType }
}

export function scopeAt(ctx: BuildContext, paths: string[][]): Scoped {
  const merged: Scoped = { path: paths[0], conditions: [], order: [] }
  for (const p of paths) {
    const k = p.join('.')
    const s = ctx.scopes.get(k)
    if (!s || ctx.used.has(k)) continue
    ctx.used.add(k)
    merged.conditions.push(...s.conditions)
    merged.order.push(...s.order)
    merged.limit ??= s.limit
    merged.offset ??= s.offset
  }
  return merged
}

function orderSql(ctx: BuildContext, src: Source, alias: string, terms: OrderTerm[], level: Level): string[] {
  return terms.map((t) => {
    let expr: string
    if (t.relation) {
      expr = pathSql(relatedOrderColumn(level, src.relation, t.relation, t.field.name), t.field, ctx.params)
    } else if (src.columns.has(t.field.name)) {
      expr = fieldSql(alias, t.field, ctx.params)
    } else {
      const computed = computedField(ctx, src, alias, t.field.name)
      if (!computed) missing(ctx, () => unknownColumn(src.relation, t.field.name))
      expr = pathSql(computed.sql, t.field, ctx.params)
    }
    return `${expr} ${t.dir ?? 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`
  })
}

function isEmbedCount(item: SelectItem & { kind: 'field' }, src: Source, path: string[]): boolean {
  return path.length > 0 && item.field.name === 'count' && item.field.json.length === 0 && !item.cast && !src.columns.has('count')
}

/** One level of the select tree: its projection, embedded laterals, filters and order. */
export function buildLevel(ctx: BuildContext, src: Source, alias: string, items: SelectItem[], path: string[], scoped: Scoped): Level {
  // aggregates at this level: its own, or hoisted out of a to-one spread (PostgREST hoists only those)
  const aggregated = hasAggregates(items, (embed) => relationship(ctx, src, embed.relation, embed.hint).toOne)
  if (aggregated && !ctx.aggregates) throw aggregatesNotAllowed()
  const level: Level = { projection: [], names: [], types: [], groupBy: aggregated ? [] : null, laterals: [], where: [], orderBy: [], embeds: new Map() }
  const group = (expr: string) => groupTerm(level, expr)
  for (const item of items) {
    if (item.kind === 'star') {
      level.projection.push(`${alias}.*`)
      level.names.push(...src.columns.keys())
      for (const c of src.columns.values()) {
        level.types.push(c.type)
        group(`${alias}.${ident(c.name)}`)
      }
    } else if (item.kind === 'field') {
      if (isEmbedCount(item, src, path)) {
        // `rel(count)`: the long-standing PostgREST form Supabase documents, kept apart from aggregates
        if (items.length > 1) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed', 'count can only be selected alone in an embedded resource')
        level.projection.push(`count(*) as ${ident(item.alias ?? 'count')}`)
        level.names.push(item.alias ?? 'count')
        level.types.push('bigint')
        continue
      }
      if (item.field.name === '*' && !item.aggregate) {
        // a hoisted count() inside a spread: marks the rows whose spread row exists
        level.projection.push(`true as ${ident(item.alias!)}`)
        level.names.push(item.alias!)
        level.types.push('boolean')
        group('true')
        continue
      }
      if (item.aggregate) {
        if (item.field.name !== '*' && !src.columns.has(item.field.name)) missing(ctx, () => unknownColumn(src.relation, item.field.name))
        const name = aggregateName(item)
        level.projection.push(`${applyAggregate(item.aggregate, aggregateInput(item, alias, ctx.params), item.aggregateCast)} as ${ident(name)}`)
        level.names.push(name)
        level.types.push(item.aggregateCast ?? null)
        continue
      }
      let expr: string
      let type: string | null
      const column = src.columns.get(item.field.name)
      if (column) {
        expr = fieldSql(alias, item.field, ctx.params)
        type = fieldType(item, column)
      } else {
        const computed = computedField(ctx, src, alias, item.field.name)
        if (!computed) missing(ctx, () => unknownColumn(src.relation, item.field.name))
        expr = pathSql(computed.sql, item.field, ctx.params)
        type = fieldType(item, computed)
      }
      const last = item.field.json[item.field.json.length - 1]
      const name = item.alias ?? (last ? String(last.key) : item.field.name)
      if (item.cast) expr = `(${expr})::${item.cast}`
      level.projection.push(`${expr} as ${ident(name)}`)
      level.names.push(name)
      level.types.push(type)
      group(expr)
    } else buildEmbed(ctx, src, alias, item, path, level)
  }
  const embeds = new Map([...level.embeds].map(([k, e]) => [k, e.json]))
  const filterScope: FilterScope = { alias, relation: src.relation, columns: src.columns, embeds, computed: (n) => computedField(ctx, src, alias, n) }
  for (const c of scoped.conditions) {
    try {
      level.where.push(conditionSql(c, filterScope, ctx.params))
    } catch (err) {
      if (err instanceof RestError && err.code === '42703') missing(ctx, () => err)
      throw err
    }
  }
  level.orderBy = orderSql(ctx, src, alias, scoped.order, level)
  return level
}

/** A GROUP BY term of an aggregating level (nothing when the level does not aggregate). */
export function groupTerm(level: Level, expr: string): void {
  level.groupBy?.push(expr)
}

export function groupBySql(level: Level): string {
  return level.groupBy?.length ? ` group by ${level.groupBy.join(', ')}` : ''
}

export interface ReadOptions {
  /** SQL for the FROM item (a table, a function call, or `pgrst_source`) */
  from: string
  src: Source
  query: ParsedQuery
  /** rows cap (PostgREST db-max-rows); undefined: no cap or paging (mutation results) */
  maxRows?: number
  count: boolean
  /** count at most this many rows (count=estimated: db-max-rows + 1) */
  countLimit?: number
  singular: boolean
  body: boolean
  /** prefix such as `with pgrst_source as (...)` */
  with?: string
  /** mutations filter in their own statement */
  skipFilters?: boolean
  /** the FROM alias, e.g. `"_0"("fn")` for a SETOF scalar function */
  fromAs?: string
  /** aggregate this one column's values instead of whole rows (SETOF scalar) */
  bodyColumn?: string
  /** the output format (overrides `singular`): json, object, csv (a header line, then rows in Postgres' record text form), geojson */
  format?: Format
  /** drop null-valued keys from the rows (Accept: …;nulls=stripped) */
  stripNulls?: boolean
  /** extra output columns, e.g. `, (...) as inserted` */
  extra?: string
}

export function scopeFor(ctx: BuildContext, path: string[]): Scoped {
  return scopeAt(ctx, [path])
}

/** The one statement of a read: page of rows as JSON text, its size, and the exact count if asked. */
export function buildRead(ctx: BuildContext, o: ReadOptions): string {
  if (!ctx.aggregates && usesAggregates(o.query.select)) throw aggregatesNotAllowed()
  const top = scopeAt(ctx, [[]])
  if (o.skipFilters) top.conditions = []
  // a mutation's rows come from its CTE, not the table: computed fields get them cast to the row type
  const src = o.with ? { ...o.src, castRow: true } : o.src
  const level = buildLevel(ctx, src, '"_0"', o.query.select, [], top)
  for (const k of ctx.scopes.keys()) {
    if (k !== '' && !ctx.used.has(k)) {
      throw new RestError(400, 'PGRST108', `'${k}' is not an embedded resource in this request`, null, `Verify that '${k}' is included in the 'select' query parameter.`)
    }
  }
  const where = level.where.length ? ` where ${level.where.join(' and ')}` : ''
  const limit = o.maxRows === undefined ? top.limit : Math.min(top.limit ?? o.maxRows, o.maxRows)
  let paging = ''
  if (limit !== undefined) paging += ` limit ${ctx.params.add(limit)}`
  if (top.offset) paging += ` offset ${ctx.params.add(top.offset)}`
  const order = level.orderBy.length ? ` order by ${level.orderBy.join(', ')}` : ''
  const inner = `select ${level.projection.join(', ')} from ${o.from} as ${o.fromAs ?? '"_0"'} ${level.laterals.join(' ')}${where}${groupBySql(level)}${order}${paging}`
  const usesLaterals = level.where.some((w) => w.includes('"_l'))
  ctx.countSql = `select 1 from ${o.from} as ${o.fromAs ?? '"_0"'} ${usesLaterals ? level.laterals.join(' ') : ''}${where}`
  const countLimit = o.countLimit !== undefined ? ` limit ${ctx.params.add(o.countLimit)}` : ''
  const count = o.count ? `(select count(*) from (${ctx.countSql}${countLimit}) _c)::int` : 'null::int'
  const format: Format = o.format ?? (o.singular ? 'object' : 'json')
  const body = !o.body ? 'null::text' : bodySql({ format, stripNulls: !!o.stripNulls, names: level.names, types: level.types, bodyColumn: o.bodyColumn }, ctx.params)
  return `${o.with ?? ''}select ${count} as total, count(*)::int as page_total, ${body} as body, ${RESPONSE_GUCS}${o.extra ?? ''} from (${inner}) _r`
}

/** PostgREST lets SQL set the response status and headers through these settings. */
export const RESPONSE_GUCS = `nullif(current_setting('response.headers', true), '') as resp_headers, nullif(current_setting('response.status', true), '') as resp_status`
