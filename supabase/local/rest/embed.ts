import type { SelectItem } from './ast.ts'
import { aggregateName, aggregatesNotAllowed, applyAggregate, hasAggregates, hoistSpread } from './aggregates.ts'
import { RestError } from './errors.ts'
import { buildLevel, groupBySql, groupTerm, qualified, relationship, scopeAt, type BuildContext, type Level, type Source } from './read.ts'
import type { Relationship } from './relationships.ts'
import { ident } from './sql.ts'

type Embed = SelectItem & { kind: 'embed' }

/** What a level knows about one of its embeds: for `rel=is.null` filters and `order=rel(col)`. */
export interface EmbedInfo {
  rel: Relationship
  /** SQL of the embed's JSON value (null when nothing matched) */
  json: string
  /** the lateral's alias: its output columns can be referenced as `lat."col"` (to-one only) */
  lateral: string
  names: string[]
}

/** The whole-row value of a level's current row, as a function of that row type takes it. */
export function wholeRow(src: Source, alias: string): string {
  return src.castRow && src.table ? `row(${alias}.*)::${qualified(src.table)}` : alias
}

/** `child.col = parent.col and …`: how the embedded rows are tied to the parent row. */
function joinSql(rel: Relationship, parent: string, child: string, junction: string): string {
  const eq = (a: string, b: string) => `${a} = ${b}`
  if (rel.fn) return 'true'
  if (rel.junction) return rel.junction.source.map(([o, j]) => eq(`${junction}.${ident(j)}`, `${parent}.${ident(o)}`)).join(' and ')
  return rel.columns.map(([o, t]) => eq(`${child}.${ident(t)}`, `${parent}.${ident(o)}`)).join(' and ')
}

function fromSql(rel: Relationship, src: Source, parent: string, child: string, junction: string): string {
  if (rel.fn) return `${ident(rel.fn.schema)}.${ident(rel.fn.name)}(${wholeRow(src, parent)}) as ${child}`
  let from = `${qualified(rel.target)} as ${child}`
  if (rel.junction) {
    const on = rel.junction.target.map(([t, j]) => `${junction}.${ident(j)} = ${child}.${ident(t)}`).join(' and ')
    from += ` join ${qualified(rel.junction.table)} as ${junction} on ${on}`
  }
  return from
}

/**
 * One embedded resource of a level: a `left join lateral` subquery (json_agg for to-many, one row for
 * to-one), spread into the parent's columns for `...rel(...)`, left out of the output when it selects
 * nothing (`rel()`), and required to match for `!inner`.
 */
export function buildEmbed(ctx: BuildContext, src: Source, alias: string, item: Embed, path: string[], level: Level): void {
  const rel = relationship(ctx, src, item.relation, item.hint)
  const n = ctx.next++
  const child = `"_${n}"`
  const lat = `"_l${n}"`
  const junction = `"_j${n}"`
  const name = item.alias ?? item.relation
  const childPath = [...path, name]
  const childScope = scopeAt(ctx, item.alias ? [childPath, [...path, item.relation]] : [childPath])
  const target: Source = { table: rel.target, relation: rel.target.name, columns: rel.target.columns }
  if (item.spread && !rel.toOne && hasAggregates(item.children)) {
    // PostgREST 13 (Plan.hs addToManyOrderSelects), once aggregates are allowed at all
    if (!ctx.aggregates) throw aggregatesNotAllowed()
    throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.')
  }
  // a to-one spread's aggregates apply at the parent's level (PostgREST hoists them)
  const { children, hoisted } = item.spread && rel.toOne ? hoistSpread(item.children) : { children: item.children, hoisted: new Map() }
  const sub = buildLevel(ctx, target, child, children, childPath, childScope)
  const where = [joinSql(rel, alias, child, junction), ...sub.where].join(' and ')
  const params = ctx.params
  const paging =
    (childScope.limit !== undefined ? ` limit ${params.add(childScope.limit)}` : rel.toOne ? ' limit 1' : '') +
    (childScope.offset !== undefined ? ` offset ${params.add(childScope.offset)}` : '')
  const orderBy = sub.orderBy.length ? ` order by ${sub.orderBy.join(', ')}` : ''
  const inner = `select ${sub.projection.join(', ')} from ${fromSql(rel, src, alias, child, junction)} ${sub.laterals.join(' ')} where ${where}${groupBySql(sub)}${orderBy}${paging}`
  const info: EmbedInfo = { rel, json: `${lat}.pgrst_json`, lateral: lat, names: sub.names }
  // an aggregating parent groups by its embeds: as jsonb, as PostgREST's always are (json has no equality)
  const grouped = (expr: string) => (level.groupBy ? `${expr}::jsonb` : expr)

  if (item.spread && rel.toOne) {
    // a marker column: `row is not null` would be false as soon as one spread column is null
    const found = inner.replace(/^select /, `select true as pgrst_found${sub.projection.length ? ', ' : ' '}`)
    level.laterals.push(`left join lateral (${found}) as ${lat} on true`)
    sub.names.forEach((col, i) => {
      const agg = hoisted.get(col)
      if (agg) {
        const aggName = aggregateName(agg)
        level.projection.push(`${applyAggregate(agg.aggregate!, `${lat}.${ident(col)}`, agg.aggregateCast)} as ${ident(aggName)}`)
        level.names.push(aggName)
        level.types.push(agg.aggregateCast ?? null)
        return
      }
      level.projection.push(`${lat}.${ident(col)}`)
      level.names.push(col)
      level.types.push(sub.types[i])
      groupTerm(level, `${lat}.${ident(col)}`)
    })
    info.json = `${lat}.pgrst_found`
    if (item.inner) level.where.push(`${lat}.pgrst_found is not null`)
  } else if (item.spread) {
    // to-many spread (PostgREST 13): each spread column becomes an array, all in the same row order
    const arrays = sub.names.map((col) => `, coalesce(json_agg(_e.${ident(col)}), '[]') as ${ident(col)}`).join('')
    level.laterals.push(`left join lateral (select json_agg(_e) as pgrst_json${arrays} from (${inner}) _e) as ${lat} on true`)
    for (const col of sub.names) {
      const value = grouped(`${lat}.${ident(col)}`)
      level.projection.push(`${value} as ${ident(col)}`)
      level.names.push(col)
      level.types.push('json')
      groupTerm(level, value)
    }
    if (item.inner) level.where.push(`${lat}.pgrst_json is not null`)
  } else if (rel.toOne) {
    level.laterals.push(`left join lateral (select row_to_json(_e) as pgrst_json, _e.* from (${inner}) _e) as ${lat} on true`)
    if (item.inner) level.where.push(`${lat}.pgrst_json is not null`)
  } else {
    level.laterals.push(`left join lateral (select json_agg(_e) as pgrst_json from (${inner}) _e) as ${lat} on true`)
    if (item.inner) level.where.push(`${lat}.pgrst_json is not null`)
  }
  if (!item.spread && sub.names.length > 0) {
    const value = grouped(rel.toOne ? `${lat}.pgrst_json` : `coalesce(${lat}.pgrst_json, '[]')`)
    level.projection.push(`${value} as ${ident(name)}`)
    level.names.push(name)
    level.types.push('json')
    groupTerm(level, value)
  }
  level.embeds.set(name, info)
}

/** `order=rel(col)`: the embed must be in the select (by its alias if it has one) and to-one. */
export function relatedOrderColumn(level: Level, parentName: string, relation: string, column: string): string {
  const info = level.embeds.get(relation)
  if (!info) {
    throw new RestError(400, 'PGRST108', `'${relation}' is not an embedded resource in this request`, null, `Verify that '${relation}' is included in the 'select' query parameter.`)
  }
  if (!info.rel.toOne) {
    throw new RestError(400, 'PGRST118', `A related order on '${relation}' is not possible`, `'${parentName}' and '${relation}' do not form a many-to-one or one-to-one relationship`)
  }
  if (!info.names.includes(column)) throw new RestError(400, '42703', `column ${info.lateral.replace(/"/g, '')}.${column} does not exist`)
  return `${info.lateral}.${ident(column)}`
}
