import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MEDIA, LISTING } from '@/lib/constants'
import { extractListing } from '@/lib/listings/import/extract'
import { draftFromExtracted, missingMessage } from '@/lib/listings/import/draft'
import { listingSchema, type ListingInput } from '@/lib/listings/schema'
import type { ExtractedListing } from '@/lib/listings/import/types'

/*
 * Every saved page in tests/fixtures/listing-pages is read and compared field by field with its
 * .expected.json (photos point at {{origin}}, substituted here as a host a test can serve).
 */

const DIR = path.resolve(import.meta.dirname, '../../../fixtures/listing-pages')
const ORIGIN = 'http://127.0.0.1:4599'
const sub = (text: string) => text.replaceAll('{{origin}}', ORIGIN)

interface Expected {
  pageUrl: string
  fields: Omit<ExtractedListing, 'sources'>
  sources: ExtractedListing['sources']
  missing: string[]
}

const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.html'))
  .map((f) => {
    const name = f.replace(/\.html$/, '')
    const expected = JSON.parse(sub(readFileSync(path.join(DIR, `${name}.expected.json`), 'utf8'))) as Expected
    return { name, html: sub(readFileSync(path.join(DIR, f), 'utf8')), expected }
  })

/** What the form needs that a page may not say, as a person would fill it in. */
const REQUIRED_FALLBACKS: Partial<ListingInput> = { title: 'A listing', addressLine: '1 Any Street', city: 'Anytown', country: 'US', currency: 'USD' }

describe('saved listing pages', () => {
  it('has at least five page shapes, each with 5–20 photos', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(5)
    for (const { name, expected } of fixtures) {
      expect(expected.fields.photos.length, name).toBeGreaterThanOrEqual(5)
      expect(expected.fields.photos.length, name).toBeLessThanOrEqual(20)
    }
  })

  describe.each(fixtures)('$name', ({ html, expected }) => {
    const result = extractListing(html, expected.pageUrl)

    it.each(Object.keys(expected.fields) as (keyof Expected['fields'])[])('reads %s', (field) => {
      expect(result[field]).toEqual(expected.fields[field])
    })

    it('says where each field came from', () => {
      expect(result.sources).toEqual(expected.sources)
      for (const [field, value] of Object.entries(result)) {
        if (field === 'sources') continue
        const found = value !== null && !(Array.isArray(value) && value.length === 0)
        expect(field in result.sources, field).toBe(found)
      }
    })

    it('never takes a logo, an icon, a tracking pixel, another listing’s photo or a non-http address as a photo', () => {
      for (const photo of result.photos) {
        expect(photo.url).toMatch(/^https?:\/\//)
        expect(photo.url).not.toMatch(/logo|icon|pixel|collect|track|placeholder|thumb|javascript:|headshot|agents\//i)
      }
      expect(new Set(result.photos.map((p) => p.url)).size).toBe(result.photos.length)
    })

    it('fills a form that validates once the fields the page lacked are filled in', () => {
      const draft = draftFromExtracted(result)
      expect(draft.missing).toEqual(expected.missing)
      const parsed = listingSchema.safeParse({ ...REQUIRED_FALLBACKS, ...draft.values })
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
      // what the page said is what the form keeps
      if (parsed.success) {
        expect(parsed.data.price).toBe(expected.fields.price)
        expect(parsed.data.bedrooms).toBe(expected.fields.bedrooms)
        expect(parsed.data.offer).toBe(expected.fields.offer ?? 'sale')
        expect(parsed.data.features).toEqual(expected.fields.features)
      }
    })
  })

  it('does not pick another listing’s price from the related listings', () => {
    const prices = fixtures.map(({ html, expected }) => extractListing(html, expected.pageUrl).price)
    expect(prices).not.toContain(1_150_000) // us: "Similar homes nearby"
    expect(prices).not.toContain(1950) // uk: "Similar properties to rent"
    expect(prices).not.toContain(3_100_000) // au: "You might also like"
    expect(prices).not.toContain(525_000) // eu: recommendations in the embedded state
    expect(prices).not.toContain(1_480_000) // nz: "Recently sold"
  })
})

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
const URL_ = 'https://portal.test/listing/1'

describe('reading in order of trust', () => {
  it('lets a later source fill only what an earlier one left empty', () => {
    const html = page(
      `<script type="application/ld+json">{"@type":"Product","name":"Cottage for sale","offers":{"@type":"Offer","price":450000,"priceCurrency":"GBP"}}</script>
       <meta property="og:title" content="Something else">
       <meta property="og:locality" content="Bath">`,
      `<main><h1>Another title</h1><p>3 bedrooms · 2 bathrooms · Built in 1930</p><p class="price">£999,999</p></main>`,
    )
    const r = extractListing(html, URL_)
    expect(r.title).toBe('Cottage for sale')
    expect(r.price).toBe(450000)
    expect(r.currency).toBe('GBP')
    expect(r.propertyType).toBe('house')
    expect(r.city).toBe('Bath')
    expect(r.bedrooms).toBe(3)
    expect(r.yearBuilt).toBe(1930)
    expect(r.sources).toMatchObject({ title: 'json-ld', price: 'json-ld', city: 'open-graph', bedrooms: 'page', yearBuilt: 'page' })
  })

  it('reads window.__INITIAL_STATE__ and rent from a priceSpecification', () => {
    const state = { listing: { title: 'Studio to rent', price: { amount: 420, currency: 'EUR' }, rentFrequency: 'weekly', beds: 0, address: { street: 'Rue X 4', city: 'Lyon', country: 'France' }, photos: ['/a.jpg', '/b.jpg'] } }
    const html = page(`<script>window.__INITIAL_STATE__ = ${JSON.stringify(state)};</script>`)
    const r = extractListing(html, URL_)
    expect(r).toMatchObject({ title: 'Studio to rent', price: 420, currency: 'EUR', offer: 'rent', rentPeriod: 'week', bedrooms: 0, city: 'Lyon', country: 'FR', propertyType: 'apartment' })
    expect(r.photos.map((p) => p.url)).toEqual(['https://portal.test/a.jpg', 'https://portal.test/b.jpg'])

    const ld = { '@type': 'Offer', businessFunction: 'LeaseOut', priceSpecification: { '@type': 'UnitPriceSpecification', price: 1650, priceCurrency: 'GBP', unitText: 'month' }, itemOffered: { '@type': 'Apartment', numberOfBedrooms: '2' } }
    const rent = extractListing(page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`), URL_)
    expect(rent).toMatchObject({ price: 1650, currency: 'GBP', offer: 'rent', rentPeriod: 'month', propertyType: 'apartment', bedrooms: 2 })
  })

  it('takes the widest og:image and uses share images only when the page shows none', () => {
    const html = page(`<meta property="og:image" content="https://cdn.test/a.jpg?w=600"><meta property="og:image:width" content="600">
      <meta property="og:image" content="https://cdn.test/a.jpg?w=1600"><meta property="og:image:width" content="1600">
      <meta name="twitter:image" content="https://cdn.test/b.jpg"><link rel="image_src" href="https://cdn.test/a.jpg?w=1600">`)
    const r = extractListing(html, URL_)
    expect(r.photos.map((p) => p.url)).toEqual(['https://cdn.test/a.jpg?w=1600', 'https://cdn.test/b.jpg'])
    expect(r.sources.photos).toBe('open-graph')
  })
})

describe('hostile pages', () => {
  it('reads a huge page in reasonable time and keeps at most 40 photos out of 500', () => {
    const images = Array.from({ length: 500 }, (_, i) => `<img src="/p/${i}.jpg" alt="Photo ${i}" width="1200" height="800">`).join('')
    const filler = '<div><p>Lorem ipsum dolor sit amet. </p></div>'.repeat(40_000)
    const started = Date.now()
    const r = extractListing(page('', `<main><h1>Big</h1>${images}${filler}</main>`), URL_)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(r.photos).toHaveLength(MEDIA.maxPhotosPerListing)
    expect(r.photos[0].url).toBe('https://portal.test/p/0.jpg')
    expect(r.title).toBe('Big')
  })

  it('skips malformed JSON-LD and still reads the rest', () => {
    const html = page(
      `<script type="application/ld+json">{"@type": "RealEstateListing", "name": "Broken", </script>
       <script type="application/ld+json">{"@type":"House","name":"Fine house","numberOfBedrooms":5}</script>`,
    )
    const r = extractListing(html, URL_)
    expect(r.title).toBe('Fine house')
    expect(r.bedrooms).toBe(5)
  })

  it('is not fooled by </script> inside JSON-LD and never carries script text or tags into a field', () => {
    const html = page(
      `<script type="application/ld+json">{"@type":"House","name":"Nice house","description":"Lovely </script><script>window.stolen=1</script><script type="application/ld+json">{"@type":"House","name":"Injected"}</script>`,
      `<main><h1>Visible title</h1></main>`,
    )
    const r = extractListing(html, URL_)
    expect(r.title).toBe('Injected') // the only JSON-LD block that parses
    expect(JSON.stringify(r)).not.toMatch(/stolen|<script/)
    const escaped = page(`<script type="application/ld+json">{"@type":"House","name":"Safe","description":"<p>Big garden<\\/p><script>alert(1)<\\/script><img src=x onerror=alert(2)>"}</script>`)
    const e = extractListing(escaped, URL_)
    expect(e.description).toBe('Big garden')
  })

  it('drops javascript:, data: and other non-http photo addresses', () => {
    const ld = { '@type': 'House', name: 'H', image: ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.test/a.jpg', '//cdn.test/ok.jpg', { '@type': 'ImageObject', contentUrl: 'JAVASCRIPT:alert(2)' }] }
    const r = extractListing(page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`), URL_)
    expect(r.photos).toEqual([{ url: 'https://cdn.test/ok.jpg', caption: null }])
  })

  it('clamps what is too long for the form, so a filled form still validates', () => {
    const ld = {
      '@type': 'House',
      name: 'Word '.repeat(100),
      description: 'Long text. '.repeat(1000),
      numberOfBedrooms: 250,
      numberOfBathroomsTotal: 2.75,
      yearBuilt: 1066,
      address: { '@type': 'PostalAddress', streetAddress: 'S'.repeat(400), addressLocality: 'Town', addressCountry: 'Atlantis' },
      amenityFeature: Array.from({ length: 60 }, (_, i) => `Feature number ${i} with a rather long name indeed`),
      offers: { '@type': 'Offer', price: '1e20', priceCurrency: 'XXY' },
    }
    const r = extractListing(page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`), URL_)
    expect(r.title!.length).toBeLessThanOrEqual(LISTING.titleMax)
    expect(r.description!.length).toBeLessThanOrEqual(LISTING.descriptionMax)
    expect(r.addressLine!.length).toBeLessThanOrEqual(LISTING.addressLineMax)
    expect(r.features).toHaveLength(LISTING.featuresMax)
    expect(r.features.every((f) => f.length <= LISTING.featureMax)).toBe(true)
    expect(r).toMatchObject({ bedrooms: null, bathrooms: 2.5, yearBuilt: null, country: null, currency: null, price: null })
    const parsed = listingSchema.safeParse({ ...REQUIRED_FALLBACKS, ...draftFromExtracted(r).values })
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
  })

  it('finds nothing in a page that says nothing, and says so', () => {
    const r = extractListing('<html><body><p>Hello</p></body></html>', URL_)
    expect(r.title).toBeNull()
    expect(r.photos).toEqual([])
    expect(r.sources).toEqual({})
    expect(extractListing('', URL_).sources).toEqual({})
    expect(extractListing('<<<>>>{{{"@type"', URL_).sources).toEqual({})
  })
})

describe('draftFromExtracted and missingMessage', () => {
  it('names what was found and what is missing, in words', () => {
    const r = extractListing(page(`<script type="application/ld+json">{"@type":"House","name":"H","numberOfBedrooms":3,"offers":{"price":500000,"priceCurrency":"USD"}}</script>`), URL_)
    const draft = draftFromExtracted(r)
    expect(draft.found).toEqual(['title', 'for sale or rent', 'property type', 'price', 'currency', 'bedrooms'])
    expect(draft.missing).toEqual(['street address', 'city', 'country', 'bathrooms', 'floor area', 'year built', 'description', 'photos'])
    expect(draft.values).toEqual({ title: 'H', offer: 'sale', propertyType: 'house', price: 500000, currency: 'USD', bedrooms: 3 })
  })

  it('reads as a person would write it', () => {
    expect(missingMessage(['price'])).toBe('That page did not say the price — fill it in below.')
    expect(missingMessage(['price', 'year built'])).toBe('That page did not say the price or the year built — fill them in below.')
    expect(missingMessage(['year built', 'price', 'bedrooms'])).toBe('That page did not say the price, how many bedrooms or the year built — fill them in below.')
    expect(missingMessage(['photos'])).toBe('It showed no photos we could read — add them below.')
    expect(missingMessage([])).toBeNull()
  })
})
