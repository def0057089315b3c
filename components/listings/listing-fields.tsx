'use client'

import { useState } from 'react'
import { Field } from '@/components/ui/field'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import type { FieldErrors } from '@/lib/safe-action'
import { PROPERTY_TYPE_LABELS } from './format'
import { SelectField, TextareaField } from './select-field'

/** What the form shows for an existing listing (column names, as the schema uses them). */
export interface ListingDefaults {
  title?: string
  offer?: string
  rent_period?: string | null
  property_type?: string
  address_line?: string
  city?: string
  region?: string | null
  postal_code?: string | null
  country?: string
  price?: number | null
  currency?: string
  bedrooms?: number | null
  bathrooms?: number | null
  floor_area?: number | null
  area_unit?: string
  year_built?: number | null
  description?: string | null
}


const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))

/** The listing's facts, uncontrolled so nothing typed is lost when the server says no. */
export function ListingFields({ defaults, errors }: { defaults: ListingDefaults; errors: FieldErrors }) {
  const [offer, setOffer] = useState(defaults.offer ?? 'sale')
  return (
    <div className="space-y-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-ink">The property</legend>
        <Field className="sm:col-span-2" label="Title" name="title" maxLength={120} defaultValue={text(defaults.title)} error={errors.title} placeholder="Bright family home near the park" />
        <SelectField label="Offer" name="offer" value={offer} onChange={(e) => setOffer(e.target.value)} error={errors.offer}>
          <option value="sale">For sale</option>
          <option value="rent">For rent</option>
        </SelectField>
        <SelectField label="Property type" name="propertyType" defaultValue={defaults.property_type ?? 'house'} error={errors.propertyType}>
          {PROPERTY_TYPE_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-ink">Address</legend>
        <Field className={`sm:col-span-6 ${REPLAY_BLOCK}`} label="Street address" name="addressLine" maxLength={200} autoComplete="street-address" defaultValue={text(defaults.address_line)} error={errors.addressLine} />
        <Field className="sm:col-span-3" label="City" name="city" maxLength={100} autoComplete="address-level2" defaultValue={text(defaults.city)} error={errors.city} />
        <Field className="sm:col-span-3" label="Region (optional)" name="region" autoComplete="address-level1" defaultValue={text(defaults.region)} error={errors.region} />
        <Field className={`sm:col-span-3 ${REPLAY_BLOCK}`} label="Postal code (optional)" name="postalCode" autoComplete="postal-code" defaultValue={text(defaults.postal_code)} error={errors.postalCode} />
        <Field
          className="sm:col-span-3"
          label="Country"
          name="country"
          maxLength={2}
          autoComplete="country"
          defaultValue={text(defaults.country)}
          error={errors.country}
          hint="Two letters, e.g. GB, US, ES"
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-ink">Price</legend>
        <Field className="sm:col-span-3" label="Price (optional)" name="price" inputMode="decimal" defaultValue={text(defaults.price)} error={errors.price} />
        <Field className="sm:col-span-1" label="Currency" name="currency" maxLength={3} defaultValue={defaults.currency ?? 'USD'} error={errors.currency} />
        {offer === 'rent' ? (
          <SelectField className="sm:col-span-2" label="Rent period" name="rentPeriod" defaultValue={defaults.rent_period ?? 'month'} error={errors.rentPeriod}>
            <option value="week">per week</option>
            <option value="month">per month</option>
            <option value="year">per year</option>
          </SelectField>
        ) : null}
      </fieldset>

      <fieldset className="grid grid-cols-2 gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-ink">Facts</legend>
        <Field className="sm:col-span-1" label="Bedrooms" name="bedrooms" type="number" min={0} max={99} step={1} defaultValue={text(defaults.bedrooms)} error={errors.bedrooms} />
        <Field className="sm:col-span-1" label="Bathrooms" name="bathrooms" type="number" min={0} step={0.5} defaultValue={text(defaults.bathrooms)} error={errors.bathrooms} />
        <Field className="sm:col-span-2" label="Floor area" name="floorArea" inputMode="decimal" defaultValue={text(defaults.floor_area)} error={errors.floorArea} />
        <SelectField className="sm:col-span-1" label="Unit" name="areaUnit" defaultValue={defaults.area_unit ?? 'sqm'} error={errors.areaUnit}>
          <option value="sqm">m²</option>
          <option value="sqft">sq ft</option>
        </SelectField>
        <Field className="sm:col-span-1" label="Year built" name="yearBuilt" type="number" min={1600} max={2100} defaultValue={text(defaults.year_built)} error={errors.yearBuilt} />
      </fieldset>

      <TextareaField
        label="Description (optional)"
        name="description"
        rows={6}
        maxLength={5000}
        defaultValue={text(defaults.description)}
        error={errors.description}
        hint="Up to 5,000 characters. The narration script is drafted from it."
      />
    </div>
  )
}
