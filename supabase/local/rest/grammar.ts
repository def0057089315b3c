import { FILTER_OPS, type AggregateFn, type Condition, type FieldRef, type Filter, type FilterOp, type JsonStep, type Logic, type OrderTerm, type SelectItem } from './ast.ts'
import { parseError } from './errors.ts'

/**
 * Splits on `sep` at depth 0, honouring "double quotes" (with backslash escapes), (parens) and {braces}.
 * Quotes are kept; callers unquote the parts they expect to be quoted.
 */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
      continue
    }
    if (c === '"') quoted = true
    else if (c === '(' || c === '{' || c === '[') depth++
    else if (c === ')' || c === '}' || c === ']') depth--
    else if (c === sep && depth === 0) {
      out.push(s.slice(start, i))
      start = i + 1
    }
    if (depth < 0) throw parseError(`"failed to parse" (${s})`, `unexpected "${c}" at position ${i + 1}`)
  }
  if (quoted || depth !== 0) throw parseError(`"failed to parse" (${s})`, 'unbalanced quotes or parentheses')
  out.push(s.slice(start))
  return out
}

/** `"a \"b\""` → `a "b"`; anything not wrapped in quotes is returned as is. */
export function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1')
  return s
}

const NAME_RE = /^[^.,:()!"<>=&*\\{}[\]']+$/

/** `data->a->>b`, `items->0`, `"my col"` → name and json steps; rejects anything that is not a plain name. */
export function parseField(raw: string, context: string): FieldRef {
  const s = raw.trim()
  let name: string
  let rest: string
  if (s.startsWith('"')) {
    const end = s.indexOf('"', 1)
    if (end < 0) throw parseError(`"failed to parse ${context}" (${raw})`, 'unterminated quoted name')
    name = s.slice(1, end)
    rest = s.slice(end + 1)
  } else {
    const arrow = s.indexOf('->')
    name = arrow < 0 ? s : s.slice(0, arrow)
    rest = arrow < 0 ? '' : s.slice(arrow)
  }
  if (!name || (!s.startsWith('"') && !NAME_RE.test(name))) {
    throw parseError(`"failed to parse ${context}" (${raw})`, `unexpected "${name || raw}" expecting field name`)
  }
  const json: JsonStep[] = []
  const stepRe = /^(->>|->)("(?:[^"\\]|\\.)*"|-?\d+(?=->|$)|[^-"]+(?:-(?!>)[^-"]*)*)/
  while (rest) {
    const m = stepRe.exec(rest)
    if (!m) throw parseError(`"failed to parse ${context}" (${raw})`, `unexpected "${rest}" expecting json path`)
    const key = m[2].startsWith('"') ? unquote(m[2]) : m[2]
    json.push({ arrow: m[1] as JsonStep['arrow'], key: /^-?\d+$/.test(key) && !m[2].startsWith('"') ? Number(key) : key })
    rest = rest.slice(m[0].length)
  }
  return { name, json }
}

/** PostgREST's `select=` grammar; aggregates are parsed here and refused at build time unless enabled (PGRST123). */
export function parseSelect(raw: string): SelectItem[] {
  if (raw.trim() === '') return [{ kind: 'star' }]
  return splitTop(raw).map((part) => parseSelectItem(part.trim(), raw))
}

function parseSelectItem(s: string, whole: string): SelectItem {
  if (s === '*') return { kind: 'star' }
  if (s === '') throw parseError(`"failed to parse select parameter (${whole})"`, 'unexpected empty item')
  let spread = false
  let rest = s
  if (rest.startsWith('...')) {
    spread = true
    rest = rest.slice(3)
  }
  let alias: string | undefined
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:(!"]+):(?!:)/.exec(rest)
  if (aliasMatch && !aliasMatch[1].includes('->')) {
    alias = unquote(aliasMatch[1])
    rest = rest.slice(aliasMatch[0].length)
  }
  const agg = spread ? null : parseAggregate(rest, whole)
  if (agg) return { ...agg, alias }
  const paren = rest.indexOf('(')
  if (paren >= 0 || spread) {
    if (paren < 0 || !rest.endsWith(')')) {
      throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${rest}" expecting embedded resource`)
    }
    const head = rest.slice(0, paren)
    const [relation, ...marks] = head.split('!')
    if (!relation || !NAME_RE.test(relation)) {
      throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${head}" expecting relation name`)
    }
    let inner = false
    let hint: string | undefined
    for (const mark of marks) {
      if (mark === 'inner') inner = true
      else if (mark === 'left') inner = false
      else if (mark && NAME_RE.test(mark) && !hint) hint = mark
      else throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "!${mark}"`)
    }
    const body = rest.slice(paren + 1, -1)
    const children = body.trim() === '' ? [] : splitTop(body).map((p) => parseSelectItem(p.trim(), whole))
    return { kind: 'embed', relation, alias, hint, inner, spread, children }
  }
  return { ...plainField(rest, whole), alias }
}

/** Type names are spliced into SQL, so only plain names (and arrays of them) pass. */
function checkedType(cast: string, whole: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)?(\[\])?$/.test(cast)) {
    throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${cast}" expecting type name`)
  }
  return cast
}

function plainField(raw: string, whole: string): SelectItem & { kind: 'field' } {
  const castAt = raw.indexOf('::')
  if (castAt < 0) return { kind: 'field', field: parseField(raw, 'select parameter') }
  const cast = checkedType(raw.slice(castAt + 2), whole)
  return { kind: 'field', field: parseField(raw.slice(0, castAt), 'select parameter'), cast }
}

/** `count()`, `count()::int`, `col.sum()`, `col::int.avg()::text` (PostgREST's pFieldSelect). */
function parseAggregate(rest: string, whole: string): (SelectItem & { kind: 'field' }) | null {
  const bare = /^count\(\)(?:::(.+))?$/.exec(rest)
  if (bare) {
    const aggregateCast = bare[1] === undefined ? undefined : checkedType(bare[1], whole)
    return { kind: 'field', field: { name: '*', json: [] }, aggregate: 'count', aggregateCast }
  }
  const m = /^(.+)\.(count|sum|avg|min|max)\(\)(?:::(.+))?$/.exec(rest)
  if (!m || m[1].includes('(')) return null
  const aggregateCast = m[3] === undefined ? undefined : checkedType(m[3], whole)
  return { ...plainField(m[1], whole), aggregate: m[2] as AggregateFn, aggregateCast }
}

const OP_SET = new Set<string>(FILTER_OPS)
const MODIFIABLE = new Set(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch'])
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts'])

/** `[not.]op[(modifier)].value` for the given field. */
export function parseOperation(field: FieldRef, raw: string, quotedValue: boolean): Filter {
  const m = /^(not\.)?([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(raw)
  if (!m || !OP_SET.has(m[2])) {
    const bad = m ? m[2] : raw
    throw parseError(`"failed to parse filter (${raw})"`, `unexpected "${bad}" expecting "not" or operator (eq, gt, ...)`)
  }
  const op = m[2] as FilterOp
  const modifier = m[3]
  if (modifier !== undefined) {
    const ok = FTS.has(op) ? /^[A-Za-z0-9_]+$/.test(modifier) : MODIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')
    if (!ok) throw parseError(`"failed to parse filter (${raw})"`, `unexpected modifier "(${modifier})"`)
  }
  let value = quotedValue ? unquote(m[4]) : m[4]
  const filter: Filter = { kind: 'filter', field, negate: !!m[1], op, modifier, value }
  if (op === 'like' || op === 'ilike') filter.value = value = value.replace(/\*/g, '%')
  if (op === 'is' && !/^(null|not_null|true|false|unknown)$/i.test(value)) {
    throw parseError(`"failed to parse filter (${raw})"`, `unexpected "${value}" expecting null, not_null, true, false or unknown`)
  }
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) {
      throw parseError(`"failed to parse filter (${raw})"`, 'unexpected value expecting "(" list ")"')
    }
    const inner = value.slice(1, -1)
    filter.list = inner === '' ? [] : splitTop(inner).map(unquote)
  }
  return filter
}

/** `(a.eq.1,and(b.gt.2,not.c.is.null))` → a logic tree. */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string): Logic {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${raw})"`, 'unexpected value expecting "("')
  }
  const children = splitTop(raw.slice(1, -1)).map((part): Condition => {
    const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part)
    if (nested) return parseLogic(nested[2] as 'and' | 'or', !!nested[1], nested[3])
    const dot = part.startsWith('"') ? part.indexOf('"', 1) + 1 : part.indexOf('.')
    if (dot <= 0 || part[dot] !== '.') throw parseError(`"failed to parse logic tree (${raw})"`, `unexpected "${part}"`)
    return parseOperation(parseField(part.slice(0, dot), 'logic tree'), part.slice(dot + 1), true)
  })
  return { kind: 'logic', op, negate, children }
}

/** `a.desc.nullslast,rel(col).asc,data->>x` */
export function parseOrder(raw: string): OrderTerm[] {
  return splitTop(raw).map((part) => {
    const tokens = part.split('.')
    const term: Partial<OrderTerm> = {}
    while (tokens.length > 1) {
      const t = tokens[tokens.length - 1]
      if ((t === 'asc' || t === 'desc') && !term.dir) term.dir = t
      else if ((t === 'nullsfirst' || t === 'nullslast') && !term.nulls) term.nulls = t === 'nullsfirst' ? 'first' : 'last'
      else break
      tokens.pop()
    }
    const target = tokens.join('.')
    const rel = /^([^()]+)\(([^()]+)\)$/.exec(target)
    if (rel) {
      term.relation = rel[1]
      term.field = parseField(rel[2], 'order')
    } else term.field = parseField(target, 'order')
    return term as OrderTerm
  })
}
