import type { Condition, ParsedQuery, Scoped } from './ast.ts'
import { parseError } from './errors.ts'
import { parseField, parseLogic, parseOperation, parseOrder, parseSelect, splitTop, unquote } from './grammar.ts'

/** Form-decoding as PostgREST does it: `+` is a space, then percent-decoding. */
export function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    throw parseError(`"failed to parse query string" (${s})`, 'invalid percent-encoding')
  }
}

export function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return []
  return rawQuery
    .split('&')
    .filter((p) => p !== '')
    .map((pair) => {
      const eq = pair.indexOf('=')
      return eq < 0 ? [decodeComponent(pair), ''] : [decodeComponent(pair.slice(0, eq)), decodeComponent(pair.slice(eq + 1))]
    })
}

function scope(q: ParsedQuery, path: string[]): Scoped {
  const key = path.join('.')
  let s = q.scopes.get(key)
  if (!s) {
    s = { path, conditions: [], order: [] }
    q.scopes.set(key, s)
  }
  return s
}

function nonNegativeInt(key: string, value: string): number {
  if (!/^\d+$/.test(value)) throw parseError(`"failed to parse ${key}" (${value})`, 'unexpected value expecting a non-negative integer')
  return Number(value)
}

export interface ParseOptions {
  /** GET /rpc: keys that name function arguments */
  argNames?: Set<string>
}

/** Parses a PostgREST query string into select, per-embed filters/order/paging, columns and on_conflict. */
export function parseQuery(rawQuery: string, opts: ParseOptions = {}): ParsedQuery {
  const q: ParsedQuery = { select: [{ kind: 'star' }], scopes: new Map(), args: [] }
  scope(q, [])
  for (const [key, value] of queryPairs(rawQuery)) {
    if (key === 'select') {
      q.select = parseSelect(value)
      continue
    }
    if (key === 'columns') {
      q.columns = splitTop(value).map((c) => unquote(c.trim()))
      continue
    }
    if (key === 'on_conflict') {
      q.onConflict = splitTop(value).map((c) => unquote(c.trim()))
      continue
    }
    if (opts.argNames?.has(key)) {
      q.args.push([key, value])
      continue
    }
    const arrow = key.indexOf('->')
    const head = arrow < 0 ? key : key.slice(0, arrow)
    const segments = head.split('.')
    const last = segments[segments.length - 1]
    if (arrow < 0 && (last === 'order' || last === 'limit' || last === 'offset')) {
      const s = scope(q, segments.slice(0, -1))
      if (last === 'order') s.order.push(...parseOrder(value))
      else if (last === 'limit') s.limit = nonNegativeInt(key, value)
      else s.offset = nonNegativeInt(key, value)
      continue
    }
    if (arrow < 0 && (last === 'or' || last === 'and')) {
      const negate = segments[segments.length - 2] === 'not'
      const path = segments.slice(0, negate ? -2 : -1)
      scope(q, path).conditions.push(parseLogic(last, negate, value))
      continue
    }
    const path = segments.slice(0, -1)
    const field = parseField(last + (arrow < 0 ? '' : key.slice(arrow)), 'filter')
    const cond: Condition = parseOperation(field, value, false)
    scope(q, path).conditions.push(cond)
  }
  return q
}
