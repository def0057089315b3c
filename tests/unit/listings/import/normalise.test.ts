import { describe, expect, it } from 'vitest'
import {
  bathroomCount,
  cleanText,
  countryCode,
  currencyCode,
  offerFrom,
  parseArea,
  parseNumber,
  parsePrice,
  propertyTypeFrom,
  rentPeriodFrom,
  yearFrom,
} from '@/lib/listings/import/normalise'
import { cleanPhotos, largestFromSrcset, photoKey } from '@/lib/listings/import/photo-urls'
import { splitAddress } from '@/lib/listings/import/visible-page'

describe('prices', () => {
  it.each([
    ['$3,450,000', 3_450_000, '$', null],
    ['£1,650 pcm', 1650, '£', 'month'],
    ['A$1.2M', 1_200_000, 'A$', null],
    ['AU$ 950k', 950_000, 'AU$', null],
    ['C$2,100 / mo', 2100, 'C$', 'month'],
    ['NZ$650 per week', 650, 'NZ$', 'week'],
    ['€ 450.000', 450_000, '€', null],
    ['1.250.000 €', 1_250_000, '€', null],
    ['EUR 1,5 Mio', 1_500_000, 'EUR', null],
    ['Offers over £595,000', 595_000, '£', null],
    ['$48,000/yr', 48_000, '$', 'year'],
    ['USD 1,234.50', 1234.5, 'USD', null],
    ['2650.00', 2650, null, null],
  ])('%s', (text, amount, currency, period) => {
    expect(parsePrice(text)).toEqual({ amount, currency, rentPeriod: period })
  })

  it('refuses what is not a price', () => {
    expect(parsePrice('Price on application')).toBeNull()
    expect(parsePrice('1e20')).toBeNull()
    expect(parsePrice(-5)).toBeNull()
  })

  it('reads numbers written either way', () => {
    expect(parseNumber('1,234.5')).toBe(1234.5)
    expect(parseNumber('1.234,5')).toBe(1234.5)
    expect(parseNumber('1 650')).toBe(1650)
    expect(parseNumber('2,5')).toBe(2.5)
    expect(parseNumber('abc')).toBeNull()
  })
})

describe('currencies', () => {
  it('maps symbols to ISO codes, a bare $ by country (default USD)', () => {
    expect(currencyCode('£')).toBe('GBP')
    expect(currencyCode('€')).toBe('EUR')
    expect(currencyCode('A$')).toBe('AUD')
    expect(currencyCode('AU$')).toBe('AUD')
    expect(currencyCode('C$')).toBe('CAD')
    expect(currencyCode('NZ$')).toBe('NZD')
    expect(currencyCode('$')).toBe('USD')
    expect(currencyCode('$', 'AU')).toBe('AUD')
    expect(currencyCode('$', 'CA')).toBe('CAD')
    expect(currencyCode('chf')).toBe('CHF')
    expect(currencyCode('XYZ')).toBeNull()
  })
})

describe('words', () => {
  it('reads rent periods', () => {
    expect(rentPeriodFrom('£1,650 pcm')).toBe('month')
    expect(rentPeriodFrom('per month')).toBe('month')
    expect(rentPeriodFrom('$800/mo')).toBe('month')
    expect(rentPeriodFrom('MON')).toBe('month')
    expect(rentPeriodFrom('£400 pw')).toBe('week')
    expect(rentPeriodFrom('WEE')).toBe('week')
    expect(rentPeriodFrom('$30,000 /yr')).toBe('year')
    expect(rentPeriodFrom('ANN')).toBe('year')
    expect(rentPeriodFrom('$500,000')).toBeNull()
  })

  it('reads offers', () => {
    expect(offerFrom('House for sale')).toBe('sale')
    expect(offerFrom('Flat to let')).toBe('rent')
    expect(offerFrom('Apartment for rent')).toBe('rent')
    expect(offerFrom('http://purl.org/goodrelations/v1#LeaseOut')).toBe('rent')
    expect(offerFrom('http://purl.org/goodrelations/v1#Sell')).toBe('sale')
    expect(offerFrom('Current listing')).toBeNull()
  })

  it('maps property types onto the project’s list', () => {
    expect(propertyTypeFrom('Two bedroom flat')).toBe('apartment')
    expect(propertyTypeFrom('Condo')).toBe('apartment')
    expect(propertyTypeFrom('Studio')).toBe('apartment')
    expect(propertyTypeFrom('End of terrace')).toBe('townhouse')
    expect(propertyTypeFrom('Townhome')).toBe('townhouse')
    expect(propertyTypeFrom('Semi-detached house')).toBe('house')
    expect(propertyTypeFrom('Bungalow')).toBe('house')
    expect(propertyTypeFrom('Cottage')).toBe('house')
    expect(propertyTypeFrom('Villa')).toBe('house')
    expect(propertyTypeFrom('SingleFamilyResidence')).toBe('house')
    expect(propertyTypeFrom('Building plot')).toBe('land')
    expect(propertyTypeFrom('Vacant lot')).toBe('land')
    expect(propertyTypeFrom('Retail unit')).toBe('apartment') // "unit" wins; the form lets the person change it
    expect(propertyTypeFrom('Office')).toBe('commercial')
    expect(propertyTypeFrom('Something')).toBeNull()
  })

  it('maps countries to ISO-2', () => {
    expect(countryCode('United Kingdom')).toBe('GB')
    expect(countryCode('UK')).toBe('GB')
    expect(countryCode('USA')).toBe('US')
    expect(countryCode('United States')).toBe('US')
    expect(countryCode('Australia')).toBe('AU')
    expect(countryCode('nl')).toBe('NL')
    expect(countryCode('Germany')).toBe('DE')
    expect(countryCode('EU')).toBeNull()
    expect(countryCode('Atlantis')).toBeNull()
  })
})

describe('areas, rooms and years', () => {
  it('reads areas and their units; land units stay land', () => {
    expect(parseArea('1,234 sq ft')).toEqual({ value: 1234, unit: 'sqft' })
    expect(parseArea('85 m²')).toEqual({ value: 85, unit: 'sqm' })
    expect(parseArea('92 sqm')).toEqual({ value: 92, unit: 'sqm' })
    expect(parseArea('0.25 acres')).toEqual({ value: 0.25, unit: 'acre' })
    expect(parseArea('2 hectares')).toEqual({ value: 2, unit: 'hectare' })
    expect(parseArea('3 bedrooms')).toBeNull()
  })

  it('counts bathrooms in halves, each half bathroom 0.5', () => {
    expect(bathroomCount('2.5')).toBe(2.5)
    expect(bathroomCount(undefined, 3, 1)).toBe(3.5)
    expect(bathroomCount(undefined, 2, 2)).toBe(3)
    expect(bathroomCount(2.75)).toBe(2.5)
    expect(bathroomCount(undefined)).toBeNull()
  })

  it('keeps years within the form’s range', () => {
    expect(yearFrom('Built in 1998')).toBe(1998)
    expect(yearFrom(1066)).toBeNull()
    expect(yearFrom('2101')).toBeNull()
  })
})

describe('text and photos', () => {
  it('decodes entities, drops tags and scripts, collapses whitespace', () => {
    expect(cleanText('Fish &amp; chips<br>\n   nearby')).toBe('Fish & chips nearby')
    expect(cleanText('<p>One</p><p>Two</p><script>x()</script>')).toBe('One\n\nTwo')
    expect(cleanText('a\u0000b')).toBe('ab')
    expect(cleanText('   ')).toBeNull()
  })

  it('takes the largest srcset candidate', () => {
    expect(largestFromSrcset('a.jpg 480w, b.jpg 1200w, c.jpg 800w')).toEqual({ url: 'b.jpg', width: 1200 })
    expect(largestFromSrcset('a.jpg 1x, b.jpg 2x')).toEqual({ url: 'b.jpg', width: null })
    expect(largestFromSrcset('https://cdn.test/x.jpg?a=1,2 640w, https://cdn.test/y.jpg 1280w')?.url).toBe('https://cdn.test/y.jpg')
  })

  it('resolves, keeps http(s), de-duplicates sizes (widest wins, first place kept), at most 40', () => {
    const photos = cleanPhotos(
      [
        { url: '/a.jpg?w=640', width: 640, caption: 'A' },
        { url: 'javascript:alert(1)' },
        { url: 'b.jpg' },
        { url: '/a.jpg?w=1600', width: 1600 },
        ...Array.from({ length: 60 }, (_, i) => ({ url: `/p${i}.jpg` })),
      ],
      'https://portal.test/listing/9',
    )
    expect(photos.slice(0, 2)).toEqual([
      { url: 'https://portal.test/a.jpg?w=1600', caption: 'A' },
      { url: 'https://portal.test/listing/b.jpg', caption: null },
    ])
    expect(photos).toHaveLength(40)
    expect(photoKey('https://cdn.test/x.jpg?w=100&h=50&id=7')).toBe('https://cdn.test/x.jpg?id=7')
  })
})

describe('addresses written as one line', () => {
  it.each([
    ['12 Elm Street, Springfield, IL 62704', { addressLine: '12 Elm Street', city: 'Springfield', region: 'IL', postalCode: '62704', country: null }],
    ['Flat 4, 22 Baker Street, London NW1 6XE', { addressLine: 'Flat 4, 22 Baker Street', city: 'London', region: null, postalCode: 'NW1 6XE', country: null }],
    ['14 Marine Parade, Cottesloe WA 6011, Australia', { addressLine: '14 Marine Parade', city: 'Cottesloe', region: 'WA', postalCode: '6011', country: 'AU' }],
    ['Rue de Rivoli 10, 75001 Paris, France', { addressLine: 'Rue de Rivoli 10', city: 'Paris', region: null, postalCode: '75001', country: 'FR' }],
  ])('%s', (text, expected) => {
    expect(splitAddress(text)).toEqual(expected)
  })
})
