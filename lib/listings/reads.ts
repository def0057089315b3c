import type { Tables } from '@/lib/database.types'
import { signedUrls } from '@/lib/media/urls'
import { countVideosByListing } from '@/lib/videos/reads'
import { refuse, type Db } from './refusal'
import { idSchema, listingFilterSchema, type ListingFilterInput, type ListingSort } from './schema'

/*
 * Listing reads as the signed-in user (RLS decides what exists). Rows keep the table's column names;
 * what the database cannot give directly (signed URLs, counts) is added with snake_case names too.
 */

export type ListingListRow = Pick<
  Tables<'listings'>,
  | 'id' | 'title' | 'address_line' | 'city' | 'region' | 'postal_code' | 'country' | 'price' | 'currency'
  | 'offer' | 'rent_period' | 'status' | 'property_type' | 'bedrooms' | 'bathrooms' | 'floor_area'
  | 'area_unit' | 'cover_asset_id' | 'agent_id' | 'created_at' | 'updated_at'
> & {
  cover_thumb_url: string | null
  /** how many videos the listing has */
  video_count: number
}

const LIST_COLUMNS =
  'id, title, address_line, city, region, postal_code, country, price, currency, offer, rent_period, status, ' +
  'property_type, bedrooms, bathrooms, floor_area, area_unit, cover_asset_id, agent_id, created_at, updated_at'

const SORTS: Record<ListingSort, [column: string, ascending: boolean][]> = {
  newest: [['created_at', false]],
  oldest: [['created_at', true]],
  updated: [['updated_at', false]],
  price_high: [['price', false]],
  price_low: [['price', true]],
  title: [['title', true]],
}

/** `%` and `_` typed into the search box are letters, not wildcards. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * One page of the team's listings with the total for pagination. Search is a case-insensitive
 * substring of title, address and city (the trigram-indexed `search_text`), so it stays fast with
 * thousands of rows; ties sort by id so pages never overlap.
 */
export async function fetchListings(db: Db, teamId: string, filterInput: ListingFilterInput = {}) {
  const filter = listingFilterSchema.parse(filterInput)
  if (!idSchema.safeParse(teamId).success) return { rows: [] as ListingListRow[], total: 0, filter }
  const filtered = (columns: string, head = false) => {
    let query = db.from('listings').select(columns, { count: 'exact', head }).eq('team_id', teamId)
    if (filter.status === 'current') query = query.neq('status', 'archived')
    else if (filter.status !== 'all') query = query.eq('status', filter.status)
    if (filter.q) query = query.ilike('search_text', likePattern(filter.q))
    return query
  }
  let query = filtered(LIST_COLUMNS)
  for (const [column, ascending] of SORTS[filter.sort]) query = query.order(column, { ascending, nullsFirst: false })
  query = query.order('id', { ascending: true })
  const from = (filter.page - 1) * filter.pageSize
  const { data, error, count } = await query.range(from, from + filter.pageSize - 1)
  if (error) {
    // a page past the end (PostgREST answers 416) is an empty page that still knows the total
    if (error.code !== 'PGRST103') refuse(error)
    const total = await filtered('id', true)
    if (total.error) refuse(total.error)
    return { rows: [] as ListingListRow[], total: total.count ?? 0, filter }
  }
  const rows = (data ?? []) as unknown as Omit<ListingListRow, 'cover_thumb_url' | 'video_count'>[]
  const [covers, videos] = await Promise.all([coverThumbs(db, rows), countVideosByListing(db, teamId, rows.map((r) => r.id))])
  return {
    rows: rows.map((r) => ({ ...r, cover_thumb_url: covers.get(r.id) ?? null, video_count: videos.get(r.id) ?? 0 })),
    total: count ?? rows.length,
    filter,
  }
}

/** listing id → signed thumbnail URL of its cover (the chosen one, else the first photo). */
async function coverThumbs(db: Db, rows: { id: string; cover_asset_id: string | null }[]) {
  const chosen = rows.filter((r) => r.cover_asset_id).map((r) => r.cover_asset_id!)
  const firstOf = rows.filter((r) => !r.cover_asset_id).map((r) => r.id)
  const [byId, byPosition] = await Promise.all([
    chosen.length
      ? db.from('media_assets').select('id, listing_id, path, thumb_path').in('id', chosen)
      : Promise.resolve({ data: [], error: null }),
    firstOf.length
      ? db.from('media_assets').select('id, listing_id, path, thumb_path').in('listing_id', firstOf).eq('kind', 'photo').eq('position', 0)
      : Promise.resolve({ data: [], error: null }),
  ])
  if (byId.error) refuse(byId.error)
  if (byPosition.error) refuse(byPosition.error)
  const assets = [...(byId.data ?? []), ...(byPosition.data ?? [])]
  const urls = await signedUrls(db, assets.map((a) => a.thumb_path ?? a.path))
  const out = new Map<string, string>()
  for (const a of assets) {
    const url = urls.get(a.thumb_path ?? a.path)
    if (a.listing_id && url) out.set(a.listing_id, url)
  }
  return out
}

export type MediaWithUrls = Tables<'media_assets'> & { url: string | null; thumb_url: string | null }
export type AgentWithUrls = Tables<'agents'> & { photo_url: string | null; logo_url: string | null }

export type ListingDetail = Tables<'listings'> & {
  agent: AgentWithUrls | null
  /** in their order; the first is the cover unless another was chosen */
  photos: MediaWithUrls[]
  cover: MediaWithUrls | null
  video_count: number
}

/** The listing with its agent and ordered photos (signed URLs), or null when missing or not the team's. */
export async function fetchListing(db: Db, teamId: string, listingId: string): Promise<ListingDetail | null> {
  if (!idSchema.safeParse(teamId).success || !idSchema.safeParse(listingId).success) return null
  const [listing, photos, videos] = await Promise.all([
    db.from('listings').select('*').eq('id', listingId).eq('team_id', teamId).maybeSingle(),
    db.from('media_assets').select('*').eq('listing_id', listingId).eq('team_id', teamId).eq('kind', 'photo')
      .order('position').order('created_at'),
    db.from('videos').select('id', { count: 'exact', head: true }).eq('listing_id', listingId).eq('team_id', teamId),
  ])
  if (listing.error) refuse(listing.error)
  if (photos.error) refuse(photos.error)
  if (videos.error) refuse(videos.error)
  const row = listing.data
  if (!row) return null
  const agentRow = row.agent_id ? (await db.from('agents').select('*').eq('id', row.agent_id).maybeSingle()).data : null
  const urls = await signedUrls(db, [
    ...photos.data.flatMap((p) => [p.path, p.thumb_path]),
    agentRow?.photo_path,
    agentRow?.logo_path,
  ])
  const withUrls = photos.data.map((p) => ({ ...p, url: urls.get(p.path) ?? null, thumb_url: urls.get(p.thumb_path ?? '') ?? null }))
  const agent = agentRow
    ? { ...agentRow, photo_url: urls.get(agentRow.photo_path ?? '') ?? null, logo_url: urls.get(agentRow.logo_path ?? '') ?? null }
    : null
  const cover = withUrls.find((p) => p.id === row.cover_asset_id) ?? withUrls[0] ?? null
  return { ...row, agent, photos: withUrls, cover, video_count: videos.count ?? 0 }
}
