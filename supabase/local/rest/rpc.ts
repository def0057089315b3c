import type { ParsedQuery } from './ast.ts'
import { key, type Catalogue, type Fn, type Table } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { Format } from './media.ts'
import { buildRead, RESPONSE_GUCS, type BuildContext, type Source } from './read.ts'
import { arrayLiteral, ident } from './sql.ts'

const isInput = (mode: string) => mode === 'i' || mode === 'b' || mode === 'v'

/** PostgREST's overload choice: every given key is a parameter and every parameter without a default is given. */
export function pickFunction(fns: Fn[], keys: string[]): Fn | 'ambiguous' | undefined {
  const fits = fns.filter((f) => {
    const inputs = f.args.filter((a) => isInput(a.mode))
    const names = new Set(inputs.map((a) => a.name))
    return keys.every((k) => names.has(k)) && inputs.every((a) => a.hasDefault || keys.includes(a.name))
  })
  if (fits.length > 1) return 'ambiguous'
  if (fits.length === 1) return fits[0]
  // a single unnamed json/jsonb parameter takes the whole body
  return fns.find((f) => {
    const inputs = f.args.filter((a) => isInput(a.mode))
    return inputs.length === 1 && inputs[0].name === '' && (inputs[0].type === 'json' || inputs[0].type === 'jsonb')
  })
}

export function functionNotFound(schema: string, name: string, keys: string[]): RestError {
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}(${[...keys].sort().join(', ')}) in the schema cache`,
    `Searched for the function ${schema}.${name}${keys.length ? ` with parameters ${[...keys].sort().join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  )
}

export function ambiguousFunction(fns: Fn[]): RestError {
  const sig = (f: Fn) => `${f.schema}.${f.name}(${f.args.filter((a) => isInput(a.mode)).map((a) => `${a.name} => ${a.type}`).join(', ')})`
  return new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${fns.map(sig).join(', ')}`, null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved')
}

/** A JSON value as the text Postgres' input function for `type` reads. */
function argText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (Array.isArray(value) && type.endsWith('[]')) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `"schema"."fn"("a" := $1::int4, ...)`: every argument a bound, typed parameter. */
export function callSql(ctx: BuildContext, fn: Fn, args: Record<string, unknown>, wholeBody: unknown): string {
  const inputs = fn.args.filter((a) => isInput(a.mode))
  const fname = `${ident(fn.schema)}.${ident(fn.name)}`
  if (inputs.length === 1 && inputs[0].name === '' && !(inputs[0].name in args)) {
    return `${fname}(${ctx.params.add(JSON.stringify(wholeBody ?? {}))}::${inputs[0].type})`
  }
  const given = inputs.filter((a) => a.name in args)
  const list = given.map((a) => `${ident(a.name)} := ${ctx.params.add(argText(args[a.name], a.type))}::${a.type}`)
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
