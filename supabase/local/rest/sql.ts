import type { Condition, FieldRef, Filter } from './ast.ts'
import type { Column } from './catalogue.ts'
import { RestError } from './errors.ts'

/** Collects bound values; SQL text only ever gets `$n` placeholders for them. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** A quoted identifier; callers pass only names already found in the catalogue. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** A string literal; callers pass only names already found in the catalogue. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}

/** A Postgres array literal from strings (each element quoted, so commas and braces stay data). */
export function arrayLiteral(items: unknown[]): string {
  const parts = items.map((v) => {
    if (v === null || v === undefined) return 'NULL'
    if (Array.isArray(v)) return arrayLiteral(v)
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v)
    return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  })
  return `{${parts.join(',')}}`
}

export function unknownColumn(relation: string, column: string): RestError {
  return new RestError(400, '42703', `column ${relation}.${column} does not exist`)
}

/** `"_0"."data"->'a'->>'b'` with the keys bound. */
export function fieldSql(alias: string, field: FieldRef, params: Params): string {
  return pathSql(`${alias}.${ident(field.name)}`, field, params)
}

/** The field's json steps applied to `base` (a column, or a computed field's call). */
export function pathSql(base: string, field: FieldRef, params: Params): string {
  let sql = base
  for (const step of field.json) {
    sql += typeof step.key === 'number' ? `${step.arrow}${params.add(step.key)}::int` : `${step.arrow}${params.add(step.key)}::text`
  }
  return sql
}

const COMPARE: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-', isdistinct: 'is distinct from',
}
const TSQUERY: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }
const IS: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }

/** What a filter may refer to at one level: its columns, and embeds for `rel=is.null`. */
export interface FilterScope {
  alias: string
  relation: string
  columns: Map<string, Column>
  /** embed output name → SQL of its JSON value */
  embeds: Map<string, string>
  /** computed fields (functions of the row type): name → the call and its result type */
  computed?: (name: string) => { sql: string; type: string } | undefined
}

function filterSql(f: Filter, scope: FilterScope, params: Params): string {
  const computed = scope.columns.has(f.field.name) ? undefined : scope.computed?.(f.field.name)
  const column = scope.columns.get(f.field.name) ?? (computed && { name: f.field.name, type: computed.type, notNull: false, hasDefault: false })
  if (!column) {
    const embed = scope.embeds.get(f.field.name)
    if (embed !== undefined && f.op === 'is' && /^null$/i.test(f.value) && f.field.json.length === 0) {
      return `${embed} is ${f.negate ? 'not ' : ''}null`
    }
    if (embed !== undefined) {
      throw new RestError(400, 'PGRST120', 'Bad operator on the embedded resource', 'Only is null or not is null filters are allowed on embedded resources')
    }
    throw unknownColumn(scope.relation, f.field.name)
  }
  const lhs = computed ? pathSql(computed.sql, f.field, params) : fieldSql(scope.alias, f.field, params)
  let sql: string
  if (f.op === 'is') sql = `${lhs} is ${IS[f.value.toLowerCase()]}`
  else if (f.op === 'in') sql = `${lhs} = any(${params.add(arrayLiteral(f.list ?? []))})`
  else if (TSQUERY[f.op]) {
    const config = f.modifier ? `${params.add(f.modifier)}::regconfig, ` : ''
    const vector = column.type === 'tsvector' && f.field.json.length === 0 ? lhs : `to_tsvector(${config}${lhs})`
    sql = `${vector} @@ ${TSQUERY[f.op]}(${config}${params.add(f.value)})`
  } else if (f.modifier === 'any' || f.modifier === 'all') {
    sql = `${lhs} ${COMPARE[f.op]} ${f.modifier}(${params.add(f.value)})`
  } else sql = `${lhs} ${COMPARE[f.op]} ${params.add(f.value)}`
  return f.negate ? `not (${sql})` : sql
}

export function conditionSql(c: Condition, scope: FilterScope, params: Params): string {
  if (c.kind === 'filter') return filterSql(c, scope, params)
  const parts = c.children.map((child) => conditionSql(child, scope, params))
  const joined = parts.length === 0 ? (c.op === 'and' ? 'true' : 'false') : `(${parts.join(` ${c.op} `)})`
  return c.negate ? `not ${joined}` : joined
}
