import type { ParsedQuery } from './ast.ts'
import { key, type Catalogue, type Fn, type Table } from './catalogue.ts'
import type { Format } from './media.ts'
import { singleUnnamed } from './rpc-pick.ts'
import { buildRead, RESPONSE_GUCS, type BuildContext, type Source } from './read.ts'
import { arrayLiteral, ident } from './sql.ts'

const isInput = (mode: string) => mode === 'i' || mode === 'b' || mode === 'v'

/** A JSON value as the text Postgres' input function for `type` reads. */
function argText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (Array.isArray(value) && type.endsWith('[]')) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Postgres' reading of a JSON object for a composite (row) type, as PostgREST's `json_to_record` does. */
const isRowValue = (value: unknown, type: string) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && type !== 'json' && type !== 'jsonb'

/**
 * `"schema"."fn"("a" := $1::int4, ...)`: every argument a bound, typed parameter; a JSON object for a
 * row type goes through `json_populate_record`; a single unnamed parameter gets the whole body.
 */
export function callSql(ctx: BuildContext, fn: Fn, args: Record<string, unknown>, wholeBody: unknown): string {
  const inputs = fn.args.filter((a) => isInput(a.mode))
  const fname = `${ident(fn.schema)}.${ident(fn.name)}`
  const single = singleUnnamed(fn)
  if (single) {
    const text = typeof wholeBody === 'string' ? wholeBody : JSON.stringify(wholeBody ?? {})
    return `${fname}(${ctx.params.add(text)}::${single.type})`
  }
  const given = inputs.filter((a) => a.name in args)
  const list = given.map((a) => {
    const value = args[a.name]
    if (isRowValue(value, a.type)) return `${ident(a.name)} := json_populate_record(null::${a.type}, ${ctx.params.add(JSON.stringify(value))}::json)`
    return `${ident(a.name)} := ${ctx.params.add(argText(value, a.type))}::${a.type}`
  })
  return `${fname}(${list.join(', ')})`
}

function resultTable(cat: Catalogue, fn: Fn): Table | null {
  const name = fn.returnType.replace(/^.*\./, '').replace(/"/g, '')
  return cat.tables.get(key(fn.schema, name)) ?? null
}

export interface RpcOptions {
  fn: Fn
  call: string
  query: ParsedQuery
  maxRows: number
  count: boolean
  singular: boolean
  format?: Format
  stripNulls?: boolean
  body: boolean
}

/** The statement for a function call: set results go through the read builder (filters, order, paging). */
export function buildRpc(ctx: BuildContext, o: RpcOptions): string {
  const { fn } = o
  if (fn.shape === 'void' || (fn.shape === 'scalar' && !fn.returnsSet)) {
    const body = fn.shape === 'void' ? 'null::text' : 'to_json(_v.v)::text'
    return `select null::int as total, 1 as page_total, ${body} as body, ${RESPONSE_GUCS} from (select ${o.call} as v) _v`
  }
  if (fn.shape === 'scalar') {
    const col = { name: fn.name, type: fn.returnType, notNull: false, hasDefault: false }
    const src: Source = { table: null, relation: fn.name, columns: new Map([[fn.name, col]]) }
    const query: ParsedQuery = { ...o.query, select: [{ kind: 'field', field: { name: fn.name, json: [] } }] }
    // a SETOF scalar answers with an array of values, not of objects
    return buildRead(ctx, { from: o.call, fromAs: `"_0"(${ident(fn.name)})`, bodyColumn: ident(fn.name), src, query, maxRows: o.maxRows, count: o.count, singular: o.singular, format: o.format, stripNulls: o.stripNulls, body: o.body })
  }
  const table = resultTable(ctx.cat, fn)
  const columns = table ? table.columns : new Map(fn.resultColumns.map((c) => [c.name, c]))
  const src: Source = { table, relation: fn.name, columns }
  // a function returning one row answers an object, as PostgREST's asJsonF does
  const format = !fn.returnsSet && (o.format ?? 'json') === 'json' ? 'object' : o.format
  return buildRead(ctx, { from: o.call, src, query: o.query, maxRows: o.maxRows, count: o.count, singular: o.singular || !fn.returnsSet, format, stripNulls: o.stripNulls, body: o.body })
}
