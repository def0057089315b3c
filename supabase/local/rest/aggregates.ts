import type { AggregateFn, SelectItem } from './ast.ts'
import type { Column } from './catalogue.ts'
import { RestError } from './errors.ts'
import { fieldSql, type Params } from './sql.ts'

/**
 * Aggregate functions in `select` (PostgREST 12+, `db-aggregates-enabled`): `count()`,
 * `col.sum()`, `col.avg()`, `col.min()`, `col.max()`, `col.count()`, with a cast of the input
 * (`col::int.sum()`) and/or of the result (`col.sum()::text`); every other selected column
 * (and embedded resource) becomes a GROUP BY term.
 */

type FieldItem = SelectItem & { kind: 'field' }

export function aggregatesNotAllowed(): RestError {
  return new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
}

/** `SUM(expr)`, `COUNT(*)`, wrapped in `CAST(… AS type)` for a result cast, as PostgREST writes it. */
export function applyAggregate(fn: AggregateFn, expr: string, resultCast?: string): string {
  const call = `${fn.toUpperCase()}(${expr})`
  return resultCast ? `CAST( ${call} AS ${resultCast} )` : call
}

/** The key an aggregate gets in the JSON: its alias, else the function's name. */
export function aggregateName(item: FieldItem): string {
  return item.alias ?? item.aggregate!
}

/** The input of an aggregate at one level: `*` for `count()`, else the (cast) column. */
export function aggregateInput(item: FieldItem, alias: string, params: Params): string {
  if (item.field.name === '*') return '*'
  const expr = fieldSql(alias, item.field, params)
  return item.cast ? `CAST( ${expr} AS ${item.cast} )` : expr
}

/**
 * Does this select list aggregate at its own level (directly or hoisted out of a to-one spread)?
 * `toOne` tells a spread's cardinality: a to-many spread's aggregates stay inside its arrays.
 */
export function hasAggregates(items: SelectItem[], toOne: (spread: SelectItem & { kind: 'embed' }) => boolean = () => true): boolean {
  return items.some(
    (i) => (i.kind === 'field' && !!i.aggregate) || (i.kind === 'embed' && i.spread && i.children.some((c) => c.kind === 'field' && !!c.aggregate) && toOne(i)),
  )
}

/** Anywhere in the tree: refused with PGRST123 unless aggregates are enabled. */
export function usesAggregates(items: SelectItem[]): boolean {
  return items.some((i) => (i.kind === 'field' && !!i.aggregate) || (i.kind === 'embed' && usesAggregates(i.children)))
}

/**
 * A to-one spread's aggregates apply at the parent's level (PostgREST "hoists" them): inside the
 * spread they are selected as plain columns under a private name, and the parent aggregates those.
 */
export function hoistSpread(children: SelectItem[]): { children: SelectItem[]; hoisted: Map<string, FieldItem> } {
  const hoisted = new Map<string, FieldItem>()
  const out = children.map((c, i): SelectItem => {
    if (c.kind !== 'field' || !c.aggregate) return c
    const inner = `pgrst_hoisted_${i}`
    hoisted.set(inner, c)
    // count() counts the parent rows whose spread row exists (COUNT(spread.*) in PostgREST)
    if (c.field.name === '*') return { kind: 'field', field: { name: '*', json: [] }, alias: inner }
    return { kind: 'field', field: c.field, cast: c.cast, alias: inner }
  })
  return { children: out, hoisted }
}

/** The SQL type name of a plain selected field, where the catalogue knows it. */
export function fieldType(item: FieldItem, column: Pick<Column, 'type'> | undefined): string | null {
  if (item.cast) return item.cast
  if (!column) return null
  const last = item.field.json[item.field.json.length - 1]
  if (!last) return column.type
  return last.arrow === '->>' ? 'text' : column.type
}
