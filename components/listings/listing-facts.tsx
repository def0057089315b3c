import type { ReactNode } from 'react'
import { PROPERTY_TYPE_LABELS, formatArea, formatPrice } from './format'

export interface FactsView {
  offer: string
  rentPeriod: string | null
  propertyType: string
  price: number | null
  currency: string
  bedrooms: number | null
  bathrooms: number | null
  floorArea: number | null
  areaUnit: string
  yearBuilt: number | null
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-canvas px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-medium text-ink tabular-nums">{children}</dd>
    </div>
  )
}

/** The listing's facts; a fact nobody entered is left out rather than shown as a dash. */
export function ListingFacts({ facts }: { facts: FactsView }) {
  const type = PROPERTY_TYPE_LABELS.find(([value]) => value === facts.propertyType)?.[1] ?? facts.propertyType
  const area = formatArea(facts.floorArea, facts.areaUnit)
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
      <Fact label={facts.offer === 'rent' ? 'Rent' : 'Price'}>{formatPrice(facts.price, facts.currency, facts.offer === 'rent' ? facts.rentPeriod : null)}</Fact>
      <Fact label="Type">
        {type} · {facts.offer === 'rent' ? 'for rent' : 'for sale'}
      </Fact>
      {facts.bedrooms !== null ? <Fact label="Bedrooms">{facts.bedrooms}</Fact> : null}
      {facts.bathrooms !== null ? <Fact label="Bathrooms">{facts.bathrooms}</Fact> : null}
      {area ? <Fact label="Floor area">{area}</Fact> : null}
      {facts.yearBuilt !== null ? <Fact label="Year built">{facts.yearBuilt}</Fact> : null}
    </dl>
  )
}
