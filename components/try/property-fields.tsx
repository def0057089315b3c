'use client'

import { useState } from 'react'
import { Field } from '@/components/ui/field'
import { PROPERTY_TYPE_LABELS } from '@/components/listings/format'
import { SelectField } from '@/components/listings/select-field'
import type { FieldErrors } from '@/lib/safe-action'

/** The trial's property facts: the listing form's boxes, fewer of them. Uncontrolled, named as the schema's keys. */
export function TrialPropertyFields({ defaults, errors }: { defaults: Record<string, string>; errors: FieldErrors }) {
  const [offer, setOffer] = useState(defaults.offer || 'sale')
  const v = (key: string, fallback = '') => defaults[key] ?? fallback
  return (
    <div className="space-y-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-ink">The property</legend>
        <SelectField label="Offer" name="offer" value={offer} onChange={(e) => setOffer(e.target.value)} error={errors.offer}>
          <option value="sale">For sale</option>
          <option value="rent">For rent</option>
        </SelectField>
        <SelectField label="Property type" name="propertyType" defaultValue={v('propertyType', 'house')} error={errors.propertyType}>
          {PROPERTY_TYPE_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-ink">Address</legend>
        <Field className="sm:col-span-6" label="Street address" name="addressLine" maxLength={200} autoComplete="street-address" defaultValue={v('addressLine')} error={errors.addressLine} />
        <Field className="sm:col-span-3" label="City" name="city" maxLength={100} autoComplete="address-level2" defaultValue={v('city')} error={errors.city} />
        <Field className="sm:col-span-3" label="Region (optional)" name="region" maxLength={100} autoComplete="address-level1" defaultValue={v('region')} error={errors.region} />
        <Field className="sm:col-span-3" label="Postal code (optional)" name="postalCode" maxLength={20} autoComplete="postal-code" defaultValue={v('postalCode')} error={errors.postalCode} />
        <Field className="sm:col-span-3" label="Country" name="country" maxLength={2} autoComplete="country" defaultValue={v('country', 'US')} error={errors.country} hint="Two letters, e.g. US, GB, AU" />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-ink">Price</legend>
        <Field className="sm:col-span-3" label="Price (optional)" name="price" inputMode="decimal" defaultValue={v('price')} error={errors.price} />
        <Field className="sm:col-span-1" label="Currency" name="currency" maxLength={3} defaultValue={v('currency', 'USD')} error={errors.currency} />
        {offer === 'rent' ? (
          <SelectField className="sm:col-span-2" label="Rent period" name="rentPeriod" defaultValue={v('rentPeriod', 'month')} error={errors.rentPeriod}>
            <option value="week">per week</option>
            <option value="month">per month</option>
            <option value="year">per year</option>
          </SelectField>
        ) : null}
      </fieldset>

      <fieldset className="grid grid-cols-2 gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-ink">Facts</legend>
        <Field className="sm:col-span-1" label="Bedrooms" name="bedrooms" type="number" min={0} max={99} step={1} defaultValue={v('bedrooms')} error={errors.bedrooms} />
        <Field className="sm:col-span-1" label="Bathrooms" name="bathrooms" type="number" min={0} step={0.5} defaultValue={v('bathrooms')} error={errors.bathrooms} />
        <Field className="sm:col-span-2" label="Floor area" name="floorArea" inputMode="decimal" defaultValue={v('floorArea')} error={errors.floorArea} />
        <SelectField className="sm:col-span-2" label="Unit" name="areaUnit" defaultValue={v('areaUnit', 'sqm')} error={errors.areaUnit}>
          <option value="sqm">m²</option>
          <option value="sqft">sq ft</option>
        </SelectField>
      </fieldset>
    </div>
  )
}
