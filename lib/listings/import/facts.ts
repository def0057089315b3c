import type { ExtractedListing } from './types'

/** What one source read: any subset of the listing's fields, already normalised. */
export type ListingFacts = Partial<Omit<ExtractedListing, 'sources'>>

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Arrays stay arrays; one value becomes a list of one; null/undefined an empty list. */
export function list(value: unknown): unknown[] {
  if (value === null || value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/** The first value that is not null/undefined/''/[]. */
export function first(value: unknown): unknown {
  for (const v of list(value)) if (v !== null && v !== undefined && v !== '') return v
  return undefined
}

/** A number or text from a plain value, or from a {value}/{@value}/{name} object (schema.org QuantitativeValue). */
export function scalar(value: unknown): string | number | undefined {
  const v = first(value)
  if (typeof v === 'string' || typeof v === 'number') return v
  if (isObject(v)) return scalar(v.value ?? v['@value'] ?? v.name)
  return undefined
}
