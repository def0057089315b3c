import type { AgentOption } from '@/components/agents/agent-picker'
import { importUrlSchema } from '@/lib/listings/import/schema'
import type { ImportedAgent, PageDraft } from '@/lib/listings/import/types'
import type { ListingDefaults } from './listing-fields'

/*
 * What the register form and the try flow's property step do with a page's draft (issue 29):
 * the page's values over what the person already typed, in each form's own shape.
 */

/** The server's answer (lib/listings/import/page.ts). */
export type ImportedDraft = PageDraft

/** The browser's check of the address box; null when it may be sent. */
export function importUrlProblem(url: string): string | null {
  const parsed = importUrlSchema.safeParse({ url })
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Paste the address of the listing page.')
}

// the form's field names → the register form's defaults (column names)
const COLUMNS: Record<string, keyof ListingDefaults> = {
  title: 'title',
  offer: 'offer',
  rentPeriod: 'rent_period',
  propertyType: 'property_type',
  addressLine: 'address_line',
  city: 'city',
  region: 'region',
  postalCode: 'postal_code',
  country: 'country',
  price: 'price',
  currency: 'currency',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  floorArea: 'floor_area',
  areaUnit: 'area_unit',
  yearBuilt: 'year_built',
  description: 'description',
}

const given = (v: unknown): v is string | number => (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v))

/** The register form's defaults: what the person typed, then every value the page gave over it. */
export function listingDefaultsFrom(typed: Record<string, unknown>, values: ImportedDraft['values']): ListingDefaults {
  const out: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(COLUMNS)) {
    if (given(values[field])) out[column] = values[field]
    else if (given(typed[field])) out[column] = typed[field]
  }
  return out as ListingDefaults
}

/** The try flow's defaults (form field names, as strings), the same way round. */
export function trialDefaultsFrom(typed: Record<string, string>, values: ImportedDraft['values']): Record<string, string> {
  const out: Record<string, string> = { ...typed }
  for (const field of Object.keys(COLUMNS)) if (given(values[field])) out[field] = String(values[field])
  return out
}

/** The page's features as tags, after the ones already there (the tag box drops duplicates too). */
export function featuresFrom(current: string[], values: ImportedDraft['values']): string[] {
  const page = Array.isArray(values.features) ? values.features.filter((f): f is string => typeof f === 'string') : []
  const seen = new Set(current.map((f) => f.toLowerCase()))
  return [...current, ...page.filter((f) => !seen.has(f.toLowerCase()) && seen.add(f.toLowerCase()))]
}

/** One of the team's agents the page's agent is, by name (case and spacing aside). */
export function matchAgent(agent: ImportedAgent | null, agents: readonly AgentOption[]): AgentOption | null {
  const name = agent?.name?.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!name) return null
  return agents.find((a) => a.full_name.trim().toLowerCase().replace(/\s+/g, ' ') === name) ?? null
}

/** "Jane Doe · +1 555 0100 · jane@example.com · Acme Realty" */
export function describeAgent(agent: ImportedAgent): string {
  return [agent.name, agent.phone, agent.email, agent.brokerage].filter(Boolean).join(' · ')
}
