/**
 * `Prefer` values PostgREST understands, and the `Preference-Applied` header it answers with
 * (ApiRequest/Preferences.hs and Response.hs `responsePreferences`): only valid values are echoed,
 * in PostgREST's fixed order, and only those that apply to the kind of request.
 */

export type CountPref = 'exact' | 'planned' | 'estimated'
export type ResolutionPref = 'merge-duplicates' | 'ignore-duplicates'
export type ReturnPref = 'representation' | 'minimal' | 'headers-only'

export interface Prefs {
  resolution?: ResolutionPref
  return?: ReturnPref
  count?: CountPref
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  maxAffected?: number
}

/** What a request does, as far as `Preference-Applied` is concerned. */
export type PlanKind = 'read' | 'create' | 'update' | 'upsert' | 'delete' | 'call'

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value)
}

export function readPrefs(prefer: Record<string, string>): Prefs {
  const maxAffected = Number(prefer['max-affected'])
  return {
    resolution: oneOf(prefer['resolution'], ['merge-duplicates', 'ignore-duplicates'] as const),
    return: oneOf(prefer['return'], ['representation', 'minimal', 'headers-only'] as const),
    count: oneOf(prefer['count'], ['exact', 'planned', 'estimated'] as const),
    missing: oneOf(prefer['missing'], ['default', 'null'] as const),
    handling: oneOf(prefer['handling'], ['strict', 'lenient'] as const),
    maxAffected: /^\d+$/.test(prefer['max-affected'] ?? '') ? maxAffected : undefined,
  }
}

/** PostgREST counts in SQL for exact and estimated (`shouldCount`); planned only asks EXPLAIN. */
export function countsInSql(count: CountPref | undefined): boolean {
  return count === 'exact' || count === 'estimated'
}

/**
 * `Preference-Applied` for a plan. `resolutionApplies`: an insert whose table has a primary key or
 * that named `on_conflict` (PostgREST drops the resolution otherwise).
 */
export function preferenceApplied(p: Prefs, kind: PlanKind, resolutionApplies = false): Record<string, string> {
  const mutation = kind === 'create' || kind === 'update' || kind === 'upsert' || kind === 'delete'
  const list = [
    kind === 'create' && resolutionApplies && p.resolution && `resolution=${p.resolution}`,
    (kind === 'create' || kind === 'update') && p.missing && `missing=${p.missing}`,
    mutation && p.return && `return=${p.return}`,
    p.count && `count=${p.count}`,
    p.handling && `handling=${p.handling}`,
    (kind === 'update' || kind === 'delete' || kind === 'call') && p.handling === 'strict' && p.maxAffected !== undefined && `max-affected=${p.maxAffected}`,
  ].filter((x): x is string => !!x)
  return list.length ? { 'Preference-Applied': list.join(', ') } : {}
}
