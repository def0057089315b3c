import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as agents from '../../../lib/agents/logic.ts'
import { fetchListing, fetchListings } from '../../../lib/listings/reads.ts'
import * as writes from '../../../lib/listings/writes.ts'
import { assetUsage, deleteAsset, fetchLibrary, renameAsset } from '../../../lib/media/assets.ts'
import { finalizeUpload, prepareUpload } from '../../../lib/media/upload.ts'
import { assembleCast, behind, db, jpeg, listingInput, must, objectExists, png, type Cast } from './fixtures.ts'

// What the pages read (lib/listings/reads.ts, lib/media/assets.ts) as the signed-in user.
describe('listing reads and the media library', () => {
  let cast: Cast
  let harbour: string
  beforeAll(async () => {
    cast = await assembleCast()
    const rows = Array.from({ length: 24 }, (_, i) => ({
      team_id: cast.teamId, title: `Plain home ${String(i).padStart(2, '0')}`, address_line: `${i} Inland Road`,
      city: i % 2 ? 'Perth' : 'Adelaide', country: 'AU', currency: 'AUD', price: i === 5 ? null : 100000 + i * 1000,
      status: i < 3 ? 'archived' : 'active',
    }))
    must(await cast.member.client.from('listings').insert(rows).select('id'), 'listings')
    harbour = (await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ title: '100% Harbour views', city: 'Sydney', price: 2_000_000 }))).id
  })
  afterAll(() => cast?.standIn.stop())

  async function photo(listingId: string | null, name: string, kind: 'photo' | 'logo' = 'photo') {
    const body = name.endsWith('.jpg') ? await jpeg(900, 600) : await png(900, 600)
    const prepared = await prepareUpload(db(cast.member), cast.member.id, cast.teamId, { name, bytes: body.length, mime: 'image/png', kind, listingId })
    must(await cast.member.client.storage.from('media').uploadToSignedUrl(prepared.path, prepared.token, body, { contentType: prepared.contentType }), 'put')
    return finalizeUpload(db(cast.member), cast.member.id, cast.teamId, { path: prepared.path, kind, listingId })
  }

  describe('the listings page', () => {
    it('pages the current (not archived) listings, newest first, with the total', async () => {
      const first = await fetchListings(db(cast.member), cast.teamId, {})
      expect(first.total).toBe(22)
      expect(first.rows).toHaveLength(20)
      expect(first.rows[0]).toMatchObject({ id: harbour, title: '100% Harbour views', video_count: 0 })
      const second = await fetchListings(db(cast.member), cast.teamId, { page: '2' })
      expect(second.rows).toHaveLength(2)
      expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(22)
      const beyond = await fetchListings(db(cast.member), cast.teamId, { page: 99 })
      expect(beyond).toMatchObject({ rows: [], total: 22 })
    })

    it('filters by status and sorts by price with unpriced listings last', async () => {
      expect((await fetchListings(db(cast.member), cast.teamId, { status: 'archived' })).total).toBe(3)
      expect((await fetchListings(db(cast.member), cast.teamId, { status: 'all' })).total).toBe(25)
      const cheapest = await fetchListings(db(cast.member), cast.teamId, { sort: 'price_low', status: 'all', pageSize: 100 })
      expect(cheapest.rows[0].price).toBe(100000)
      expect(cheapest.rows.at(-1)?.price).toBeNull()
      const dearest = await fetchListings(db(cast.member), cast.teamId, { sort: 'price_high' })
      expect(dearest.rows[0].id).toBe(harbour)
    })

    it('searches title, address and city without case, taking % literally', async () => {
      expect((await fetchListings(db(cast.member), cast.teamId, { q: 'HARBOUR' })).rows.map((r) => r.id)).toEqual([harbour])
      expect((await fetchListings(db(cast.member), cast.teamId, { q: '12 inland' })).rows.map((r) => r.title)).toEqual(['Plain home 12'])
      expect((await fetchListings(db(cast.member), cast.teamId, { q: 'perth', status: 'all' })).total).toBe(12)
      expect((await fetchListings(db(cast.member), cast.teamId, { q: '100%' })).rows.map((r) => r.id)).toEqual([harbour])
      expect((await fetchListings(db(cast.member), cast.teamId, { q: '%' })).rows.map((r) => r.id)).toEqual([harbour])
    })

    it('falls back to defaults for nonsense parameters instead of failing', async () => {
      const result = await fetchListings(db(cast.member), cast.teamId, { status: 'nope', sort: 'sideways', page: 'x' } as never)
      expect(result.filter).toMatchObject({ status: 'current', sort: 'newest', page: 1 })
    })

    it('shows a member of another team nothing', async () => {
      expect(await fetchListings(db(cast.outsider), cast.teamId, { status: 'all' })).toMatchObject({ rows: [], total: 0 })
      expect(await fetchListing(db(cast.outsider), cast.teamId, harbour)).toBeNull()
      expect(await fetchListing(db(cast.member), cast.teamId, 'not-an-id')).toBeNull()
    })
  })

  describe('a listing with photos', () => {
    let photos: { id: string; thumb_path: string | null }[]
    beforeAll(async () => {
      photos = [await photo(harbour, 'front.png'), await photo(harbour, 'kitchen.jpg'), await photo(harbour, 'garden.png')]
    })

    it('lists the first photo as cover until another is chosen, with a thumbnail URL that works', async () => {
      const listed = (await fetchListings(db(cast.member), cast.teamId, { q: 'harbour' })).rows[0]
      expect(listed.cover_thumb_url).toContain(encodeURIComponent(photos[0].thumb_path!).replace(/%2F/g, '/'))
      expect((await fetch(listed.cover_thumb_url!)).status).toBe(200)
      await writes.setCover(db(cast.member), cast.member.id, cast.teamId, harbour, photos[2].id)
      const chosen = (await fetchListings(db(cast.member), cast.teamId, { q: 'harbour' })).rows[0]
      expect(chosen.cover_thumb_url).toContain(photos[2].thumb_path!.split('/').pop())
    })

    it('opens the listing with its agent, photos in order and signed URLs', async () => {
      const agent = await agents.createAgent(db(cast.member), cast.member.id, cast.teamId, { fullName: 'Ann Lee' })
      await writes.updateListing(db(cast.member), cast.member.id, cast.teamId, harbour, listingInput({ title: '100% Harbour views', agentId: agent.id }))
      await writes.reorderPhotos(db(cast.member), cast.member.id, cast.teamId, harbour, [photos[1].id, photos[0].id, photos[2].id])
      const detail = await fetchListing(db(cast.member), cast.teamId, harbour)
      expect(detail?.agent).toMatchObject({ id: agent.id, full_name: 'Ann Lee', photo_url: null })
      expect(detail?.photos.map((p) => p.id)).toEqual([photos[1].id, photos[0].id, photos[2].id])
      expect(detail?.cover?.id).toBe(photos[2].id)
      expect(detail?.photos.every((p) => p.url && p.thumb_url)).toBe(true)
      expect((await fetch(detail!.photos[0].url!)).status).toBe(200)
    })
  })

  describe('the library', () => {
    it('lists photos newest first with where each is used, and logos used by an agent', async () => {
      const logo = await photo(null, 'brand.png', 'logo')
      const [agent] = await agents.fetchAgents(db(cast.member), cast.teamId)
      await agents.updateAgent(db(cast.member), cast.member.id, cast.teamId, agent.id, { fullName: agent.full_name, logoPath: logo.path })
      const photosPage = await fetchLibrary(db(cast.member), cast.teamId, { kind: 'photo' })
      expect(photosPage.total).toBe(3)
      expect(photosPage.rows.map((r) => r.usage)).toEqual([
        ['Cover of “100% Harbour views”'], ['Photo of “100% Harbour views”'], ['Photo of “100% Harbour views”'],
      ])
      const logos = await fetchLibrary(db(cast.member), cast.teamId, { kind: 'logo' })
      expect(logos.rows.map((r) => [r.name, r.usage])).toEqual([['brand.png', ['Logo of agent Ann Lee']]])
      expect(await fetchLibrary(db(cast.outsider), cast.teamId, { kind: 'photo' })).toMatchObject({ rows: [], total: 0 })
    })

    it('renames within 200 characters', async () => {
      const [logo] = (await fetchLibrary(db(cast.member), cast.teamId, { kind: 'logo' })).rows
      expect(await renameAsset(db(cast.member), cast.member.id, cast.teamId, logo.id, '  Harbour logo ')).toEqual({ id: logo.id, name: 'Harbour logo' })
      await expect(renameAsset(db(cast.member), cast.member.id, cast.teamId, logo.id, '')).rejects.toMatchObject({ message: 'Enter the name.' })
      await expect(renameAsset(db(cast.outsider), cast.outsider.id, cast.teamId, logo.id, 'Mine'))
        .rejects.toMatchObject({ message: 'That file no longer exists, or belongs to another team.' })
    })

    it('deletes an asset in use: says what it was used for, clears the agent logo and removes the files', async () => {
      const [logo] = (await fetchLibrary(db(cast.member), cast.teamId, { kind: 'logo' })).rows
      expect(await assetUsage(db(cast.member), cast.teamId, logo.id)).toEqual(['Logo of agent Ann Lee'])
      await expect(deleteAsset(db(cast.outsider), cast.outsider.id, cast.teamId, logo.id)).rejects.toMatchObject({ message: 'That file no longer exists, or belongs to another team.' })
      expect(await deleteAsset(db(cast.member), cast.member.id, cast.teamId, logo.id)).toEqual({ id: logo.id, kind: 'logo', usage: ['Logo of agent Ann Lee'] })
      expect(await behind(cast, 'media_assets', { id: logo.id })).toEqual([])
      expect((await behind<{ logo_path: string | null }>(cast, 'agents', { team_id: cast.teamId }))[0].logo_path).toBeNull()
      expect(await objectExists(cast, logo.path)).toBe(false)
      expect(await objectExists(cast, logo.thumb_path!)).toBe(false)
    })

    it('deleting the cover photo falls back to the first photo', async () => {
      const detail = await fetchListing(db(cast.member), cast.teamId, harbour)
      await deleteAsset(db(cast.member), cast.member.id, cast.teamId, detail!.cover!.id)
      const after = await fetchListing(db(cast.member), cast.teamId, harbour)
      expect(after?.cover_asset_id).toBeNull()
      expect(after?.cover?.id).toBe(after?.photos[0].id)
      expect(after?.photos.map((p) => p.position)).toEqual([0, 1])
    })
  })
})
