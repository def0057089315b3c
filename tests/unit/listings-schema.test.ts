import { describe, expect, it } from 'vitest'
import { agentSchema } from '../../lib/agents/schema.ts'
import { listingFilterSchema, listingSchema } from '../../lib/listings/schema.ts'
import { canonicalMime, folderFor, kindAccepts, safeFileName, uploadIdOf } from '../../lib/media/kinds.ts'

const TEAM = '0b6c1f8e-6f1e-4a53-9d47-0d2c1f6a7b10'
const LISTING = '11111111-2222-4333-8444-555555555555'
const base = { title: 'Flat', addressLine: '1 Road', city: 'Perth', country: 'AU', currency: 'AUD' }

describe('listingSchema (shared by the register form and the server)', () => {
  it('turns form strings into numbers and blanks into null', () => {
    const v = listingSchema.parse({ ...base, price: ' 1 250 000 ', bedrooms: '3', bathrooms: '2.5', floorArea: '', yearBuilt: '' })
    expect(v).toMatchObject({ price: 1250000, bedrooms: 3, bathrooms: 2.5, floorArea: null, yearBuilt: null, features: [], agentId: null })
  })

  it('drops the rent period of a sale and keeps it for a rent', () => {
    expect(listingSchema.parse({ ...base, offer: 'sale', rentPeriod: 'month' }).rentPeriod).toBeNull()
    expect(listingSchema.parse({ ...base, offer: 'rent', rentPeriod: 'month' }).rentPeriod).toBe('month')
  })

  it('accepts features typed as one comma-separated string', () => {
    expect(listingSchema.parse({ ...base, features: 'Pool, garden, pool' }).features).toEqual(['Pool', 'garden'])
  })

  it('accepts every ISO-4217 currency in any case and no made-up one', () => {
    expect(listingSchema.parse({ ...base, currency: 'jpy' }).currency).toBe('JPY')
    expect(listingSchema.safeParse({ ...base, currency: 'ABC' }).success).toBe(false)
  })
})

describe('listingFilterSchema', () => {
  it('reads URL parameters and never fails', () => {
    expect(listingFilterSchema.parse({ q: ' harbour ', status: 'sold', sort: 'price_low', page: '3' }))
      .toEqual({ q: 'harbour', status: 'sold', sort: 'price_low', page: 3, pageSize: 20 })
    expect(listingFilterSchema.parse({ status: 'x', sort: 'y', page: '-2' })).toMatchObject({ status: 'current', sort: 'newest', page: 1 })
  })
})

describe('agentSchema', () => {
  it('lower-cases the brand colour and adds the #', () => {
    expect(agentSchema.parse({ fullName: 'Ann', brandColor: 'ABCDEF' }).brandColor).toBe('#abcdef')
  })
})

describe('media paths and kinds', () => {
  it('keeps file names readable and safe as one path segment', () => {
    expect(safeFileName('../../etc/Front door (1).JPG')).toBe('Front-door-1.JPG')
    expect(safeFileName('///')).toBe('file')
  })

  it('recognises only its own upload paths', () => {
    const path = `${folderFor(TEAM, 'photo', LISTING)}/${LISTING}/front.png`
    expect(uploadIdOf(path, TEAM, 'photo', LISTING)).toBe(LISTING)
    expect(uploadIdOf(path, TEAM, 'photo', null)).toBeNull()
    expect(uploadIdOf(`${TEAM}/logos/${LISTING}/../x.png`, TEAM, 'logo', null)).toBeNull()
  })

  it('folds file-type names into the accepted ones', () => {
    expect(canonicalMime('audio/x-wav')).toBe('audio/wav')
    expect(kindAccepts('photo', 'image/gif')).toBe(false)
    expect(kindAccepts('audio', 'audio/vnd.wave')).toBe(true)
  })
})
