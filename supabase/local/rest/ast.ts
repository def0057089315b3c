/** The parsed shape of a PostgREST request's query string (nothing here is checked against the database yet). */

export type JsonStep = { arrow: '->' | '->>'; key: string | number }

export interface FieldRef {
  name: string
  json: JsonStep[]
}

export type AggregateFn = 'count' | 'sum' | 'avg' | 'min' | 'max'

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'field'
      /** `count()` has the field `*` */
      field: FieldRef
      alias?: string
      /** `col::type`: cast before any aggregate */
      cast?: string
      /** `col.sum()` (only with db-aggregates-enabled) */
      aggregate?: AggregateFn
      /** `col.sum()::type`: cast of the aggregate's result */
      aggregateCast?: string
    }
  | {
      kind: 'embed'
      relation: string
      alias?: string
      hint?: string
      inner: boolean
      spread: boolean
      children: SelectItem[]
    }

export const FILTER_OPS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]

export interface Filter {
  kind: 'filter'
  field: FieldRef
  negate: boolean
  op: FilterOp
  /** `any` / `all` for `eq(any).{..}`; the text-search config for `fts(english)` */
  modifier?: string
  /** the raw value (`*` already turned into `%` for like/ilike) */
  value: string
  /** for `in`: the list items, unquoted */
  list?: string[]
}

export interface Logic {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: Condition[]
}

export type Condition = Filter | Logic

export interface OrderTerm {
  /** `order=rel(col)`: order the parent by a to-one embedded column */
  relation?: string
  field: FieldRef
  dir?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** Filters, order and paging that apply at one embed path ([] = the top level). */
export interface Scoped {
  path: string[]
  conditions: Condition[]
  order: OrderTerm[]
  limit?: number
  offset?: number
}

export interface ParsedQuery {
  select: SelectItem[]
  scopes: Map<string, Scoped>
  columns?: string[]
  onConflict?: string[]
  /** GET /rpc keys that are function arguments, in order */
  args: [string, string][]
}
