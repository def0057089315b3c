import { RestError } from './errors.ts'

/**
 * Content negotiation as PostgREST 12/13 does it (MediaType.hs, Plan.negotiateContent):
 * the `Accept` list is split and ordered like wai's parseHttpAccept, each entry decoded, and the
 * first one a built-in handler produces wins; none → 406 PGRST107.
 */

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal'
const PLAN_OPTIONS: PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal']

/** How the rows of a response are rendered. */
export type Format = 'json' | 'csv' | 'geojson' | 'object' | 'array-stripped'

export type MediaType =
  | { kind: 'json' | 'geojson' | 'csv' | 'any' | 'array-stripped' }
  | { kind: 'object'; strip: boolean }
  | { kind: 'plan'; for: MediaType; format: 'text' | 'json'; options: PlanOption[] }
  | { kind: 'other'; mime: string }

/** What the request will answer with. */
export interface Negotiated {
  format: Format
  /** the media type whose Content-Type is sent */
  media: MediaType
  stripNulls: boolean
  /** EXPLAIN instead of rows */
  plan: { format: 'text' | 'json'; options: PlanOption[] } | null
}

/** wai-extra's parseHttpAccept: spaces removed, split on commas, stable sort by (q, `;` count, -`*` count) descending. */
export function parseHttpAccept(header: string): string[] {
  const items = header.split(',').map((raw, i) => {
    const s = raw.replace(/ /g, '')
    const at = s.indexOf(';q=')
    const type = at < 0 ? s : s.slice(0, at)
    const qText = at < 0 ? '' : s.slice(at + 3).split(';')[0]
    const q = /^\d+(\.\d+)?$/.test(qText) ? Number(qText) : 1
    const semis = (type.match(/;/g) ?? []).length
    const stars = (type.match(/\*/g) ?? []).length
    return { type, key: [q, semis, -stars], i }
  })
  items.sort((a, b) => {
    for (let k = 0; k < 3; k++) if (a.key[k] !== b.key[k]) return b.key[k] - a.key[k]
    return a.i - b.i
  })
  return items.map((x) => x.type)
}

/** `type/sub; k=v; k="v"` → parts, as PostgREST's tokenizeMediaType (a bad parameter ends the list). */
function tokenize(mt: string): { main: string; sub: string; params: Map<string, string> } {
  const m = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)/.exec(mt)
  if (!m) return { main: mt, sub: '', params: new Map() }
  const params = new Map<string, string>()
  let rest = mt.slice(m[0].length)
  const paramRe = /^\s*;\s*([A-Za-z0-9-]+)\s*=\s*(?:"([^"]*)"|([A-Za-z0-9|-]+))/
  for (let p = paramRe.exec(rest); p; p = paramRe.exec(rest)) {
    params.set(p[1].toLowerCase(), p[2] ?? p[3])
    rest = rest.slice(p[0].length)
  }
  return { main: m[1], sub: m[2], params }
}

export function decodeMediaType(mt: string): MediaType {
  const { main, sub, params } = tokenize(mt)
  const stripped = (params.get('nulls') ?? 'false') === 'stripped'
  const plan = (format: 'text' | 'json'): MediaType => {
    const opts = (params.get('options') ?? '').split('|')
    return { kind: 'plan', for: decodeMediaType(params.get('for') ?? 'application/json'), format, options: PLAN_OPTIONS.filter((o) => opts.includes(o)) }
  }
  switch (`${main.toLowerCase()}/${sub.toLowerCase()}`) {
    case 'application/json':
      return { kind: 'json' }
    case 'application/geo+json':
      return { kind: 'geojson' }
    case 'text/csv':
      return { kind: 'csv' }
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
      return plan('text')
    case 'application/vnd.pgrst.plan+json':
      return plan('json')
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', strip: stripped }
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? { kind: 'array-stripped' } : { kind: 'json' }
    case '*/*':
      return { kind: 'any' }
    default:
      return { kind: 'other', mime: mt }
  }
}

/** PostgREST's toMime: the media type as named in errors and Content-Type. */
export function toMime(m: MediaType): string {
  switch (m.kind) {
    case 'json':
      return 'application/json'
    case 'array-stripped':
      return 'application/vnd.pgrst.array+json;nulls=stripped'
    case 'geojson':
      return 'application/geo+json'
    case 'csv':
      return 'text/csv'
    case 'object':
      return m.strip ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json'
    case 'any':
      return '*/*'
    case 'other':
      return m.mime
    case 'plan':
      return `application/vnd.pgrst.plan+${m.format}; for="${toMime(m.for)}"${m.options.length ? `; options=${m.options.join('|')}` : ''}`
  }
}

/** `Content-Type` of a successful answer (charset except for octet-stream / unknown types). */
export function contentTypeOf(m: MediaType): string {
  return m.kind === 'other' ? m.mime : `${toMime(m)}; charset=utf-8`
}

function builtin(m: MediaType): { format: Format; media: MediaType; stripNulls: boolean } | null {
  switch (m.kind) {
    case 'any':
    case 'json':
      return { format: 'json', media: { kind: 'json' }, stripNulls: false }
    case 'csv':
    case 'geojson':
      return { format: m.kind, media: m, stripNulls: false }
    case 'array-stripped':
      return { format: 'json', media: m, stripNulls: true }
    case 'object':
      return { format: 'object', media: m, stripNulls: m.strip }
    default:
      return null
  }
}

/** The first acceptable entry of `Accept`; plans only with db-plan-enabled. */
export function negotiate(accept: string | undefined, planEnabled: boolean): Negotiated {
  const accepts = accept === undefined ? [{ kind: 'any' } as MediaType] : parseHttpAccept(accept).map(decodeMediaType)
  for (const m of accepts) {
    if (m.kind === 'plan') {
      if (!planEnabled) continue
      const inner = builtin(m.for)
      if (!inner) continue
      return { format: inner.format, media: m, stripNulls: inner.stripNulls, plan: { format: m.format, options: m.options } }
    }
    const b = builtin(m)
    if (b) return { ...b, plan: null }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepts.map(toMime).join(', ')}`)
}
