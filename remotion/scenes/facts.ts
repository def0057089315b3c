import { formatAreaParts, formatCount, PROPERTY_TYPE_LABELS } from '../format';
import type { Listing } from '../schema';

export type Fact = { key: 'bedrooms' | 'bathrooms' | 'area' | 'type' | 'year'; value: string; label: string };

/** The facts a card shows, in reading order; missing values are left out rather than shown as 0. */
export function listFacts(listing: Listing, locale?: string): Fact[] {
  const facts: Fact[] = [];
  if (listing.bedrooms != null) {
    facts.push({ key: 'bedrooms', value: formatCount(listing.bedrooms, locale), label: listing.bedrooms === 1 ? 'Bedroom' : 'Bedrooms' });
  }
  if (listing.bathrooms != null) {
    facts.push({ key: 'bathrooms', value: formatCount(listing.bathrooms, locale), label: listing.bathrooms === 1 ? 'Bathroom' : 'Bathrooms' });
  }
  if (listing.area) {
    const { value } = formatAreaParts(listing.area, locale);
    facts.push({ key: 'area', value, label: listing.area.unit === 'sqm' ? 'Square metres' : 'Square feet' });
  }
  if (listing.propertyType !== 'other') {
    facts.push({ key: 'type', value: PROPERTY_TYPE_LABELS[listing.propertyType], label: 'Property type' });
  }
  if (listing.yearBuilt != null) facts.push({ key: 'year', value: String(listing.yearBuilt), label: 'Year built' });
  return facts;
}
