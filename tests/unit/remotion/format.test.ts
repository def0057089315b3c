import { describe, expect, it } from 'vitest';
import { formatArea, formatCount, formatLocality, formatPrice, formatPriceCompact } from '@/remotion/format';
import { listFacts } from '@/remotion/scenes/facts';
import type { Listing } from '@/remotion/schema';

const listing = (over: Partial<Listing>): Listing => ({ address: { line: '1 Main St' }, offer: 'sale', propertyType: 'house', ...over });

describe('price, area and fact formatting', () => {
  it('formats a sale price in the listing’s currency without cents', () => {
    expect(formatPrice(listing({ price: { amount: 1285000, currency: 'USD' } }), 'en-US')?.full).toBe('$1,285,000');
  });

  it('uses the locale’s grouping and symbol placement for euros', () => {
    expect(formatPrice(listing({ price: { amount: 450000, currency: 'EUR' } }), 'de-DE')?.amount).toBe('450.000\u00a0€');
  });

  it('adds the rent period after the amount', () => {
    const price = formatPrice(listing({ offer: 'rent', price: { amount: 2400.5, currency: 'GBP', period: 'month' } }), 'en-GB');
    expect(price).toEqual({ amount: '£2,400.50', period: 'per month', full: '£2,400.50 per month' });
  });

  it('returns nothing when the listing has no price', () => {
    expect(formatPrice(listing({ price: null }))).toBeNull();
  });

  it('falls back to en-US for an unknown locale instead of throwing', () => {
    expect(formatPrice(listing({ price: { amount: 10, currency: 'USD' } }), 'zz-invalid-locale-@@')?.amount).toBe('$10');
  });

  it('compacts large prices for tight layouts', () => {
    expect(formatPriceCompact(listing({ price: { amount: 1250000, currency: 'USD' } }), 'en-US')).toBe('$1.25M');
  });

  it('writes square metres and square feet with the locale’s digits', () => {
    expect(formatArea({ value: 2150, unit: 'sqm' }, 'en-GB')).toBe('2,150 m²');
    expect(formatArea({ value: 3240.4, unit: 'sqft' }, 'en-US')).toBe('3,240 sq ft');
    expect(formatArea({ value: 2150, unit: 'sqm' }, 'de-DE')).toBe('2.150 m²');
  });

  it('keeps half bathrooms', () => {
    expect(formatCount(2.5, 'en-US')).toBe('2.5');
    expect(formatCount(2.5, 'fr-FR')).toBe('2,5');
  });

  it('lists only the facts a listing has, in reading order', () => {
    expect(listFacts(listing({ bedrooms: 1, bathrooms: 1.5, area: { value: 80, unit: 'sqm' } })).map((f) => `${f.value} ${f.label}`)).toEqual([
      '1 Bedroom',
      '1.5 Bathrooms',
      '80 Square metres',
      'House Property type',
    ]);
    expect(listFacts(listing({ propertyType: 'other' }))).toEqual([]);
  });

  it('joins city, region and postal code that exist', () => {
    expect(formatLocality({ line: 'x', city: 'Portland', region: 'OR', postalCode: '97210' })).toBe('Portland, OR 97210');
    expect(formatLocality({ line: 'x' })).toBe('');
  });
});
