import type { VideoProps } from './schema';

// The sample listing's facts (no pictures: those need staticFile, so Node scripts can import this).
export const sampleListing: VideoProps['listing'] = {
  title: 'Hillside modern with pool',
  address: { line: '2148 Linden Crest Drive', city: 'Portland', region: 'OR', postalCode: '97210', country: 'US' },
  offer: 'sale',
  price: { amount: 1_285_000, currency: 'USD' },
  propertyType: 'house',
  bedrooms: 4,
  bathrooms: 3.5,
  area: { value: 3240, unit: 'sqft' },
  yearBuilt: 2019,
  features: ['Heated saltwater pool', 'Floor-to-ceiling glass', 'Two-car garage', 'Home office', 'Solar roof'],
};
