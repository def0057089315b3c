import type { Fn, FnArg } from './catalogue.ts'
import { RestError } from './errors.ts'
import { fuzzyGet } from './fuzzy.ts'

const isInput = (a: FnArg) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v'
export const inputsOf = (f: Fn) => f.args.filter(isInput)

const SINGLE_UNNAMED = new Set(['bytea', 'json', 'jsonb', 'text', 'xml'])

/**
 * PostgREST's schema cache keeps a function only if its parameters are all named, or one is unnamed and
 * the first is bytea, json, jsonb, text or xml (SchemaCache.hs, `callable`): `f(int)` cannot be called.
 */
export function callableFunction(f: Fn): boolean {
  const inputs = inputsOf(f)
  const unnamed = inputs.filter((a) => a.name === '').length
  return unnamed === 0 || (unnamed === 1 && SINGLE_UNNAMED.has(inputs[0].type))
}

/** A single unnamed parameter: PostgREST passes it the whole body. */
export function singleUnnamed(f: Fn): FnArg | null {
  const inputs = inputsOf(f)
  return inputs.length === 1 && inputs[0].name === '' ? inputs[0] : null
}

export type Pick = { fn: Fn } | { ambiguous: Fn[] } | null

/**
 * PostgREST's `findProc`: a function fits when the given keys are its required parameters plus any of
 * its optional ones (no parameters: no keys); failing that, a POSTed JSON body goes whole to a single
 * unnamed json/jsonb parameter. More than one fit is ambiguous (300 PGRST203).
 */
export function pickFunction(fns: Fn[], keys: string[], jsonPost: boolean): Pick {
  const given = new Set(keys)
  const fits: Fn[] = []
  const fallbacks: Fn[] = []
  for (const f of fns) {
    const inputs = inputsOf(f)
    const optional = new Set(inputs.filter((a) => a.hasDefault).map((a) => a.name))
    const required = new Set(inputs.filter((a) => !a.hasDefault).map((a) => a.name))
    const rest = [...given].filter((k) => !optional.has(k))
    const matches = inputs.length === 0 ? given.size === 0 : rest.length === required.size && rest.every((k) => required.has(k))
    if (matches) fits.push(f)
    else if (jsonPost && inputs.length === 1 && inputs[0].name === '' && (inputs[0].type === 'json' || inputs[0].type === 'jsonb')) fallbacks.push(f)
  }
  const found = fits.length ? fits : fallbacks
  if (found.length === 1) return { fn: found[0] }
  if (found.length > 1) return { ambiguous: found }
  return null
}

const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`

/** 404 PGRST202 in PostgREST's words (Error.hs `NoRpc`), with its "Perhaps you meant …" hint. */
export function functionNotFound(schema: string, name: string, keys: string[], jsonPost: boolean, allNames: string[], overloads: Fn[]): RestError {
  const sorted = [...keys].sort()
  const func = `${schema}.${name}`
  const msgParams = sorted.length ? paramList(sorted) : ' without parameters'
  const detParams = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters'
  let hint: string | null = null
  // a function's name needs PostgREST's 0.75 similarity (getFuzzyHint HintProcedure), its parameters 0.33
  if (overloads.length === 0) hint = fuzzyGet(allNames, name, 0.75)[0]?.[1] ?? null
  else {
    const best = fuzzyGet(overloads.map((f) => paramList(inputsOf(f).map((a) => a.name))), paramList(sorted))[0]?.[1]
    hint = best === undefined ? null : name + best
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${msgParams} in the schema cache`,
    `Searched for the function ${func}${detParams}${jsonPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint === null ? null : `Perhaps you meant to call the function ${schema}.${hint}`,
  )
}

/** 300 PGRST203, the candidates by their parameters (fewest first). */
export function ambiguousFunction(fns: Fn[]): RestError {
  const sig = (f: Fn) => `${f.schema}.${f.name}(${inputsOf(f).map((a) => `${a.name} => ${a.type}`).join(', ')})`
  const order = (f: Fn) => `${String(inputsOf(f).length).padStart(3, '0')} ${inputsOf(f).map((a) => a.type).join(',')}`
  const sorted = [...fns].sort((a, b) => order(a).localeCompare(order(b)))
  return new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${sorted.map(sig).join(', ')}`, null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved')
}
