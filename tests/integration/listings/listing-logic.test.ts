import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING } from '../../../lib/constants.ts'
import { Refusal } from '../../../lib/listings/refusal.ts'
import * as writes from '../../../lib/listings/writes.ts'
import { assembleCast, behind, db, listingInput, must, type Cast } from './fixtures.ts'

// The listing logic the server actions run (lib/listings/writes.ts), as the signed-in user through
// supabase-js: each bad input gets its field's message and nothing is saved.
describe('listing writes', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const listingsOfTeam = async () => behind<{ id: string; title: string }>(cast, 'listings', { team_id: cast.teamId })

  it('registers a listing with trimmed text, upper-case codes, de-duplicated features and the creator', async () => {
    const { id } = await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({
      title: '  Sunny harbour flat ',
      currency: 'aud',
      country: 'au',
      price: '1,250,000.50',
      features: ['Pool', ' pool ', 'Garden', ''],
      rentPeriod: 'month',
      description: '',
    }))
    const [row] = await behind(cast, 'listings', { id })
    expect(row).toMatchObject({
      team_id: cast.teamId, title: 'Sunny harbour flat', currency: 'AUD', country: 'AU', price: 1250000.5,
      features: ['Pool', 'Garden'], rent_period: null, description: null, status: 'draft', created_by: cast.member.id,
    })
  })

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['an empty title', { title: '   ' }, 'title', 'Enter the title.'],
    ['a title that is too long', { title: 'x'.repeat(LISTING.titleMax + 1) }, 'title', 'Keep the title to 120 characters or fewer.'],
    ['an empty address', { addressLine: '' }, 'addressLine', 'Enter the street address.'],
    ['a city that is too long', { city: 'x'.repeat(101) }, 'city', 'Keep the city to 100 characters or fewer.'],
    ['a country name instead of its code', { country: 'Australia' }, 'country', 'Choose a country by its two-letter code, such as US, GB or AU.'],
    ['a negative price', { price: -1 }, 'price', 'The price cannot be negative.'],
    ['a price that is not a number', { price: 'lots' }, 'price', 'Enter the price as a number.'],
    ['a price with fractions of a cent', { price: 10.005 }, 'price', 'Use at most two decimals for the price.'],
    ['a currency that does not exist', { currency: 'XYZ' }, 'currency', 'Choose a currency by its three-letter code, such as USD, EUR or GBP.'],
    ['a missing currency', { currency: undefined }, 'currency', 'Choose a currency.'],
    ['a rent without its period', { offer: 'rent' }, 'rentPeriod', 'Choose whether the rent is per week, month or year.'],
    ['half a bedroom', { bedrooms: 2.5 }, 'bedrooms', 'Enter bedrooms as a whole number.'],
    ['a quarter bathroom', { bathrooms: 1.25 }, 'bathrooms', 'Bathrooms go in halves: 1, 1.5, 2…'],
    ['a zero floor area', { floorArea: 0 }, 'floorArea', 'The floor area must be more than 0.'],
    ['a year before 1600', { yearBuilt: 1599 }, 'yearBuilt', 'The year built must be 1600 or later.'],
    ['a description over 5,000 characters', { description: 'x'.repeat(5001) }, 'description', 'Keep the description to 5000 characters or fewer.'],
    ['31 features', { features: Array.from({ length: 31 }, (_, i) => `Feature ${i}`) }, 'features', 'A listing can have at most 30 features.'],
    ['an unknown status', { status: 'deleted' }, 'status', 'Choose a status.'],
    ['an unknown property type', { propertyType: 'castle' }, 'propertyType', 'Choose a property type.'],
  ]

  it.each(bad)('refuses %s with its field message and saves nothing', async (_label, overrides, field, message) => {
    const before = await listingsOfTeam()
    const attempt = writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput(overrides))
    await expect(attempt).rejects.toBeInstanceOf(Refusal)
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { [field]: message } })
    expect(await listingsOfTeam()).toEqual(before)
  })

  it('names a feature that is too long', async () => {
    const attempt = writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ features: ['Pool', 'y'.repeat(41)] }))
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { features: expect.stringMatching(/^Keep each feature to 40 characters or fewer/) } })
  })

  it('refuses registering for another team, and for a malformed team id', async () => {
    const before = await listingsOfTeam()
    await expect(writes.createListing(db(cast.outsider), cast.outsider.id, cast.teamId, listingInput()))
      .rejects.toMatchObject({ message: 'You can only add listings to a team you belong to.' })
    await expect(writes.createListing(db(cast.member), cast.member.id, 'not-a-team', listingInput()))
      .rejects.toMatchObject({ message: 'That id is not valid.' })
    expect(await listingsOfTeam()).toEqual(before)
  })

  it("refuses another team's agent on the agent field", async () => {
    const foreign = must(await cast.outsider.client.from('agents').insert({ team_id: cast.otherTeamId, full_name: 'Foreign' }).select('id').single(), 'agent') as { id: string }
    await expect(writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ agentId: foreign.id })))
      .rejects.toMatchObject({ fieldErrors: { agentId: 'That agent is not in this team any more. Choose another one.' } })
  })

  describe('changing a listing', () => {
    let id: string
    beforeAll(async () => {
      id = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ title: 'To change' }))).id
    })

    it('updates every field from the same schema', async () => {
      await writes.updateListing(db(cast.owner), cast.owner.id, cast.teamId, id, listingInput({ title: 'Changed', offer: 'rent', rentPeriod: 'week', price: 700 }))
      expect((await behind(cast, 'listings', { id }))[0]).toMatchObject({ title: 'Changed', offer: 'rent', rent_period: 'week', price: 700 })
    })

    it('keeps the listing as it was when an update is invalid', async () => {
      await expect(writes.updateListing(db(cast.member), cast.member.id, cast.teamId, id, listingInput({ title: 'Half', price: -5 })))
        .rejects.toMatchObject({ fieldErrors: { price: 'The price cannot be negative.' } })
      expect((await behind(cast, 'listings', { id }))[0]).toMatchObject({ title: 'Changed', price: 700 })
    })

    it('tells a member of another team the listing does not exist and changes nothing', async () => {
      const notFound = 'That listing no longer exists, or it belongs to another team.'
      await expect(writes.updateListing(db(cast.outsider), cast.outsider.id, cast.teamId, id, listingInput({ title: 'Hijacked' })))
        .rejects.toMatchObject({ message: notFound })
      await expect(writes.setListingStatus(db(cast.outsider), cast.outsider.id, cast.teamId, id, 'archived')).rejects.toMatchObject({ message: notFound })
      await expect(writes.deleteListing(db(cast.outsider), cast.outsider.id, cast.teamId, id)).rejects.toMatchObject({ message: notFound })
      expect((await behind(cast, 'listings', { id }))[0]).toMatchObject({ title: 'Changed', status: 'draft' })
    })

    it('archives and restores, and refuses an unknown status', async () => {
      expect(await writes.setListingStatus(db(cast.member), cast.member.id, cast.teamId, id, 'archived')).toEqual({ id, status: 'archived' })
      expect(await writes.setListingStatus(db(cast.member), cast.member.id, cast.teamId, id, 'active')).toEqual({ id, status: 'active' })
      await expect(writes.setListingStatus(db(cast.member), cast.member.id, cast.teamId, id, 'gone')).rejects.toMatchObject({ message: 'Choose a status.' })
    })
  })

  describe('photos of a listing', () => {
    let id: string
    let photos: string[]
    beforeAll(async () => {
      id = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ title: 'With photos' }))).id
      photos = []
      for (const n of [1, 2, 3]) {
        const path = `${cast.teamId}/listings/${id}/${crypto.randomUUID()}/p${n}.png`
        must(await cast.member.client.storage.from('media').upload(path, new Blob(['x'], { type: 'image/png' })), 'upload')
        const row = must(await cast.member.client.from('media_assets')
          .insert({ team_id: cast.teamId, listing_id: id, kind: 'photo', path, name: `p${n}.png`, mime: 'image/png', bytes: 1 })
          .select('id, position').single(), 'photo') as { id: string; position: number }
        expect(row.position).toBe(n - 1)
        photos.push(row.id)
      }
    })
    const order = async () =>
      (must(await cast.service.from('media_assets').select('id').eq('listing_id', id).order('position'), 'order') as { id: string }[]).map((p) => p.id)

    it('reorders the photos in one call and keeps positions 0..n-1', async () => {
      await writes.reorderPhotos(db(cast.member), cast.member.id, cast.teamId, id, [photos[2], photos[0], photos[1]])
      expect(await order()).toEqual([photos[2], photos[0], photos[1]])
    })

    it('refuses an order with a photo from elsewhere or twice, and keeps the old order', async () => {
      await expect(writes.reorderPhotos(db(cast.member), cast.member.id, cast.teamId, id, [photos[0], crypto.randomUUID()]))
        .rejects.toMatchObject({ message: 'Some of those photos are no longer in this listing. Reload the page and try again.' })
      await expect(writes.reorderPhotos(db(cast.member), cast.member.id, cast.teamId, id, [photos[0], photos[0]]))
        .rejects.toMatchObject({ message: 'Each photo can appear only once in the order.' })
      await expect(writes.reorderPhotos(db(cast.outsider), cast.outsider.id, cast.teamId, id, [photos[0]]))
        .rejects.toMatchObject({ message: 'That listing no longer exists, or it belongs to another team.' })
      expect(await order()).toEqual([photos[2], photos[0], photos[1]])
    })

    it('sets the cover among its photos, and captions them within 200 characters', async () => {
      expect(await writes.setCover(db(cast.member), cast.member.id, cast.teamId, id, photos[1])).toEqual({ id, coverAssetId: photos[1] })
      await writes.updateCaption(db(cast.member), cast.member.id, cast.teamId, photos[1], '  Kitchen ')
      await expect(writes.updateCaption(db(cast.member), cast.member.id, cast.teamId, photos[1], 'x'.repeat(201)))
        .rejects.toMatchObject({ message: 'Keep the caption to 200 characters or fewer.' })
      expect((await behind(cast, 'media_assets', { id: photos[1] }))[0]).toMatchObject({ caption: 'Kitchen' })
      await expect(writes.updateCaption(db(cast.outsider), cast.outsider.id, cast.teamId, photos[1], 'Mine'))
        .rejects.toMatchObject({ message: 'That photo no longer exists.' })
    })

    it('deletes the listing with its photos and their files', async () => {
      const paths = (await behind<{ path: string }>(cast, 'media_assets', { listing_id: id })).map((p) => p.path)
      const result = await writes.deleteListing(db(cast.member), cast.member.id, cast.teamId, id)
      expect(result).toEqual({ id, removedFiles: 3 })
      expect(await behind(cast, 'listings', { id })).toEqual([])
      expect(await behind(cast, 'media_assets', { listing_id: id })).toEqual([])
      const { data } = await cast.service.storage.from('media').list(`${cast.teamId}/listings/${id}`)
      expect(data ?? []).toEqual([])
      expect(paths).toHaveLength(3)
    })
  })
})
