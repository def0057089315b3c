import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCast, behind, insertListing, must, type Cast } from './fixtures.ts'

// listings, agents and media_assets: any member of the team reads and writes; site admins read;
// members of another team and visitors neither read nor write, not even by naming the team id.
describe('listings, agents and media_assets policies', () => {
  let cast: Cast
  let listingId: string
  let agentId: string
  let assetId: string
  beforeAll(async () => {
    cast = await assembleCast()
    listingId = await insertListing(cast.member, cast.teamId, 'Harbour flat')
    agentId = (must(
      await cast.member.client.from('agents').insert({ team_id: cast.teamId, full_name: 'Ann Lee' }).select('id').single(),
      'agent',
    ) as { id: string }).id
    assetId = (must(
      await cast.member.client
        .from('media_assets')
        .insert({ team_id: cast.teamId, listing_id: listingId, kind: 'photo', path: `${cast.teamId}/listings/${listingId}/a/one.png`, name: 'one.png', mime: 'image/png', bytes: 10 })
        .select('id')
        .single(),
      'asset',
    ) as { id: string }).id
  })
  afterAll(() => cast?.standIn.stop())

  const tables = ['listings', 'agents', 'media_assets'] as const
  const idOf = (table: (typeof tables)[number]) => ({ listings: listingId, agents: agentId, media_assets: assetId })[table]

  describe.each(tables)('%s', (table) => {
    it('refuses a visitor without a session', async () => {
      const { data, error } = await cast.visitor.from(table).select('id')
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    })

    it.each(['owner', 'teamAdmin', 'member'] as const)('shows the team’s rows to its %s', async (who) => {
      const { data, error } = await cast[who].client.from(table).select('id').eq('id', idOf(table))
      expect(error).toBeNull()
      expect(data).toEqual([{ id: idOf(table) }])
    })

    it('hides the rows from a member of another team, even when asked by id', async () => {
      const { data } = await cast.outsider.client.from(table).select('id').eq('id', idOf(table))
      expect(data).toEqual([])
      const byTeam = await cast.outsider.client.from(table).select('id').eq('team_id', cast.teamId)
      expect(byTeam.data).toEqual([])
    })

    it('shows the rows to a site administrator', async () => {
      const { data } = await cast.siteAdmin.client.from(table).select('id').eq('id', idOf(table))
      expect(data).toEqual([{ id: idOf(table) }])
    })

    it('does not let a member of another team or a site administrator delete them', async () => {
      for (const person of [cast.outsider, cast.siteAdmin]) {
        const { data } = await person.client.from(table).delete().eq('id', idOf(table)).select('id')
        expect(data ?? []).toEqual([])
      }
      expect(await behind(cast, table, { id: idOf(table) })).toHaveLength(1)
    })
  })

  describe('insert', () => {
    it('lets any member add listings and agents to their team', async () => {
      const listing = await cast.member.client.from('listings')
        .insert({ team_id: cast.teamId, title: 'Member listing', address_line: '3 Bay Rd', city: 'Hobart', country: 'AU' })
        .select('id, status, currency, created_by')
        .single()
      expect(listing.error).toBeNull()
      expect(listing.data).toMatchObject({ status: 'draft', currency: 'USD', created_by: cast.member.id })
      const agent = await cast.owner.client.from('agents').insert({ team_id: cast.teamId, full_name: 'Bo Chen' }).select('id')
      expect(agent.error).toBeNull()
    })

    it('refuses rows for another team, from its outsider, a site admin or a visitor', async () => {
      for (const client of [cast.outsider.client, cast.siteAdmin.client, cast.visitor]) {
        const listing = await client.from('listings')
          .insert({ team_id: cast.teamId, title: 'Sneaky listing', address_line: 'x', city: 'x', country: 'AU' })
        expect(listing.error?.code).toBe('42501')
        const agent = await client.from('agents').insert({ team_id: cast.teamId, full_name: 'Sneaky agent' })
        expect(agent.error?.code).toBe('42501')
        const asset = await client.from('media_assets').insert({
          team_id: cast.teamId, kind: 'photo', path: `${cast.teamId}/photos/sneaky/x.png`, name: 'x.png', mime: 'image/png', bytes: 1,
        })
        expect(asset.error?.code).toBe('42501')
      }
      expect(await behind(cast, 'listings', { title: 'Sneaky listing' })).toEqual([])
      expect(await behind(cast, 'agents', { full_name: 'Sneaky agent' })).toEqual([])
      expect(await behind(cast, 'media_assets', { name: 'x.png' })).toEqual([])
    })

    it("refuses linking another team's agent or putting an asset outside the team folder", async () => {
      const foreignAgent = (must(
        await cast.outsider.client.from('agents').insert({ team_id: cast.otherTeamId, full_name: 'Foreign agent' }).select('id').single(),
        'foreign agent',
      ) as { id: string }).id
      const linked = await cast.member.client.from('listings').update({ agent_id: foreignAgent }).eq('id', listingId)
      expect(linked.error?.code).toBe('23503')
      const outside = await cast.member.client.from('media_assets').insert({
        team_id: cast.teamId, kind: 'photo', path: `${cast.otherTeamId}/photos/a/x.png`, name: 'x.png', mime: 'image/png', bytes: 1,
      })
      expect(outside.error?.code).toBe('23514')
    })
  })

  describe('update', () => {
    it('lets a member change a listing, an agent and a caption', async () => {
      const listing = await cast.member.client.from('listings').update({ status: 'active', agent_id: agentId }).eq('id', listingId).select('status')
      expect(listing.data).toEqual([{ status: 'active' }])
      const agent = await cast.member.client.from('agents').update({ brand_color: '#1a73e8' }).eq('id', agentId).select('brand_color')
      expect(agent.data).toEqual([{ brand_color: '#1a73e8' }])
      const asset = await cast.member.client.from('media_assets').update({ caption: 'Living room' }).eq('id', assetId).select('caption')
      expect(asset.data).toEqual([{ caption: 'Living room' }])
    })

    it('changes nothing for a member of another team or a site administrator', async () => {
      for (const person of [cast.outsider, cast.siteAdmin]) {
        expect((await person.client.from('listings').update({ title: 'Taken over' }).eq('id', listingId).select('id')).data).toEqual([])
        expect((await person.client.from('agents').update({ full_name: 'Taken over' }).eq('id', agentId).select('id')).data).toEqual([])
        expect((await person.client.from('media_assets').update({ caption: 'Taken over' }).eq('id', assetId).select('id')).data).toEqual([])
      }
      expect((await behind<{ title: string }>(cast, 'listings', { id: listingId }))[0].title).toBe('Harbour flat')
      expect((await behind<{ full_name: string }>(cast, 'agents', { id: agentId }))[0].full_name).toBe('Ann Lee')
      expect((await behind<{ caption: string }>(cast, 'media_assets', { id: assetId }))[0].caption).toBe('Living room')
    })

    it('never moves a row to another team, even for a member of both', async () => {
      for (const table of tables) {
        const { error } = await cast.member.client.from(table).update({ team_id: cast.otherTeamId }).eq('id', idOf(table))
        expect(error?.code, table).toBe('42501')
      }
    })

    it('refuses a cover that is not one of the listing’s photos', async () => {
      const other = await insertListing(cast.member, cast.teamId, 'Coverless')
      const { error } = await cast.member.client.from('listings').update({ cover_asset_id: assetId }).eq('id', other)
      expect(error?.message).toBe('The cover must be one of this listing\'s photos.')
      const ok = await cast.member.client.from('listings').update({ cover_asset_id: assetId }).eq('id', listingId).select('cover_asset_id')
      expect(ok.data).toEqual([{ cover_asset_id: assetId }])
    })
  })

  describe('the database repeats the limits (lib/constants.ts) when the app is bypassed', () => {
    const base = { title: 'Direct', address_line: '1 Road', city: 'Perth', country: 'AU' }
    it.each([
      ['a 121-character title', { title: 'x'.repeat(121) }],
      ['an untrimmed title', { title: ' Direct ' }],
      ['a negative price', { price: -1 }],
      ['a lower-case currency', { currency: 'aud' }],
      ['a country name', { country: 'Australia' }],
      ['a quarter bathroom', { bathrooms: 1.25 }],
      ['100 bedrooms', { bedrooms: 100 }],
      ['a year before 1600', { year_built: 1599 }],
      ['a 5,001-character description', { description: 'x'.repeat(5001) }],
      ['31 features', { features: Array.from({ length: 31 }, (_, i) => `f${i}`) }],
      ['a 41-character feature', { features: ['x'.repeat(41)] }],
      ['a rent without a period', { offer: 'rent' }],
      ['a sale with a rent period', { rent_period: 'month' }],
      ['an unknown status', { status: 'deleted' }],
    ])('refuses %s', async (_label, values) => {
      const { error } = await cast.member.client.from('listings').insert({ team_id: cast.teamId, ...base, ...values })
      expect(error?.code).toBe('23514')
    })

    it('refuses an upper-case or named brand colour and a 16 MB asset row', async () => {
      for (const brand_color of ['#1A73E8', 'red', '#123']) {
        const { error } = await cast.member.client.from('agents').insert({ team_id: cast.teamId, full_name: 'Colour', brand_color })
        expect(error?.code, brand_color).toBe('23514')
      }
      const { error } = await cast.member.client.from('media_assets').insert({
        team_id: cast.teamId, kind: 'photo', path: `${cast.teamId}/photos/big/x.png`, name: 'x.png', mime: 'image/png', bytes: 16 * 1024 * 1024,
      })
      expect(error?.code).toBe('23514')
    })
  })

  describe('delete', () => {
    it('keeps the listing when its agent is deleted, and clears its agent', async () => {
      must(await cast.member.client.from('listings').update({ agent_id: agentId }).eq('id', listingId).select('id'), 'assign')
      const { data } = await cast.member.client.from('agents').delete().eq('id', agentId).select('id')
      expect(data).toEqual([{ id: agentId }])
      const [listing] = await behind<{ agent_id: string | null }>(cast, 'listings', { id: listingId })
      expect(listing.agent_id).toBeNull()
    })

    it('clears the cover when that photo is deleted, and removes the photos with their listing', async () => {
      must(await cast.member.client.from('media_assets').delete().eq('id', assetId).select('id'), 'delete photo')
      expect((await behind<{ cover_asset_id: string | null }>(cast, 'listings', { id: listingId }))[0].cover_asset_id).toBeNull()
      const photo = must(await cast.member.client.from('media_assets')
        .insert({ team_id: cast.teamId, listing_id: listingId, kind: 'photo', path: `${cast.teamId}/listings/${listingId}/b/two.png`, name: 'two.png', mime: 'image/png', bytes: 10 })
        .select('id').single(), 'photo') as { id: string }
      const { data } = await cast.member.client.from('listings').delete().eq('id', listingId).select('id')
      expect(data).toEqual([{ id: listingId }])
      expect(await behind(cast, 'media_assets', { id: photo.id })).toEqual([])
    })
  })
})
