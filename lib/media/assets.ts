import { z } from 'zod'
import { MEDIA, MEDIA_KINDS, type MediaKind } from '@/lib/constants'
import type { Tables } from '@/lib/database.types'
import { idSchema, requiredText } from '@/lib/listings/fields'
import { mustHaveRows, parseOrRefuse, refuse, type Db } from '@/lib/listings/refusal'
import { removeFiles } from '@/lib/listings/writes'
import { signedUrls } from './urls'

/*
 * The media library: every asset of a team, where each is used, rename and delete. "Used" means a
 * listing shows it (as a photo or its cover) or an agent card does (photo or logo); videos will add
 * their own uses when they arrive.
 */

const NOT_FOUND = 'That file no longer exists, or belongs to another team.'
const NOT_YOUR_TEAM = 'You can only change files of a team you belong to.'

export type LibraryAsset = Tables<'media_assets'> & { url: string | null; thumb_url: string | null; usage: string[] }

type AssetRef = Pick<Tables<'media_assets'>, 'id' | 'path' | 'listing_id' | 'kind' | 'position'>

/** Sentences such as `Cover of “Sunny flat”` or `Logo of agent Ann Lee`, per asset id. */
async function usageOf(db: Db, teamId: string, assets: AssetRef[]): Promise<Map<string, string[]>> {
  const usage = new Map<string, string[]>(assets.map((a) => [a.id, []]))
  if (!assets.length) return usage
  const listingIds = [...new Set(assets.map((a) => a.listing_id).filter((id): id is string => Boolean(id)))]
  const paths = assets.map((a) => a.path)
  const [listings, agents] = await Promise.all([
    listingIds.length
      ? db.from('listings').select('id, title, cover_asset_id').in('id', listingIds)
      : Promise.resolve({ data: [], error: null }),
    db.from('agents').select('full_name, photo_path, logo_path').eq('team_id', teamId)
      .or(`photo_path.in.(${paths.map(quote).join(',')}),logo_path.in.(${paths.map(quote).join(',')})`),
  ])
  if (listings.error) refuse(listings.error)
  if (agents.error) refuse(agents.error)
  const byListing = new Map((listings.data ?? []).map((l) => [l.id, l]))
  for (const a of assets) {
    const uses = usage.get(a.id)!
    const listing = a.listing_id ? byListing.get(a.listing_id) : undefined
    if (listing) {
      const isCover = listing.cover_asset_id ? listing.cover_asset_id === a.id : a.kind === 'photo' && a.position === 0
      if (isCover) uses.push(`Cover of “${listing.title}”`)
      else uses.push(`Photo of “${listing.title}”`)
    }
    for (const agent of agents.data ?? []) {
      if (agent.photo_path === a.path) uses.push(`Photo of agent ${agent.full_name}`)
      if (agent.logo_path === a.path) uses.push(`Logo of agent ${agent.full_name}`)
    }
  }
  return usage
}

/** PostgREST list values are double-quoted so commas and parentheses in file names stay literal. */
function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

export const libraryFilterSchema = z.object({
  kind: z.enum(MEDIA_KINDS).catch('photo').default('photo'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(48).default(48),
})

/** One page of the team's assets of one kind, newest first, with URLs and where each is used. */
export async function fetchLibrary(db: Db, teamId: string, filterInput: z.input<typeof libraryFilterSchema> = {}) {
  const filter = libraryFilterSchema.parse(filterInput)
  if (!idSchema.safeParse(teamId).success) return { rows: [] as LibraryAsset[], total: 0, filter }
  const from = (filter.page - 1) * filter.pageSize
  const { data, error, count } = await db
    .from('media_assets')
    .select('*', { count: 'exact' })
    .eq('team_id', teamId)
    .eq('kind', filter.kind)
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + filter.pageSize - 1)
  if (error) {
    if (error.code === 'PGRST103') return { rows: [] as LibraryAsset[], total: count ?? 0, filter }
    refuse(error)
  }
  const [usage, urls] = await Promise.all([
    usageOf(db, teamId, data),
    signedUrls(db, data.flatMap((a) => [a.path, a.thumb_path])),
  ])
  const rows = data.map((a) => ({
    ...a,
    url: urls.get(a.path) ?? null,
    thumb_url: urls.get(a.thumb_path ?? '') ?? null,
    usage: usage.get(a.id) ?? [],
  }))
  return { rows, total: count ?? rows.length, filter }
}

async function loadAsset(db: Db, teamId: string, assetId: string) {
  const { data, error } = await db
    .from('media_assets')
    .select('id, path, thumb_path, listing_id, kind, position, name')
    .eq('id', assetId)
    .eq('team_id', teamId)
    .maybeSingle()
  if (error) refuse(error, NOT_YOUR_TEAM)
  return mustHaveRows(data ? [data] : [], NOT_FOUND)[0]
}

/** Where the asset is used, for the warning before deleting it (empty when unused). */
export async function assetUsage(db: Db, teamId: unknown, assetId: unknown): Promise<string[]> {
  const team = parseOrRefuse(idSchema, teamId)
  const asset = await loadAsset(db, team, parseOrRefuse(idSchema, assetId))
  return (await usageOf(db, team, [asset])).get(asset.id) ?? []
}

export async function renameAsset(db: Db, _userId: string, teamId: unknown, assetId: unknown, name: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, assetId)
  const next = parseOrRefuse(requiredText('the name', MEDIA.nameMax), name)
  const { data, error } = await db.from('media_assets').update({ name: next }).eq('id', id).eq('team_id', team).select('id, name')
  if (error) refuse(error, NOT_YOUR_TEAM)
  return mustHaveRows(data, NOT_FOUND)[0]
}

/**
 * Deletes the asset and its files. A listing loses the photo (its cover falls back to the first
 * photo); an agent using it as photo or logo shows none. Returns what it was used for.
 */
export async function deleteAsset(db: Db, _userId: string, teamId: unknown, assetId: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const asset = await loadAsset(db, team, parseOrRefuse(idSchema, assetId))
  const usage = (await usageOf(db, team, [asset])).get(asset.id) ?? []
  const { data, error } = await db.from('media_assets').delete().eq('id', asset.id).eq('team_id', team).select('id')
  if (error) refuse(error, NOT_YOUR_TEAM)
  mustHaveRows(data, NOT_FOUND)
  const cleared = await Promise.all([
    db.from('agents').update({ photo_path: null }).eq('team_id', team).eq('photo_path', asset.path),
    db.from('agents').update({ logo_path: null }).eq('team_id', team).eq('logo_path', asset.path),
  ])
  for (const { error: clearError } of cleared) if (clearError) refuse(clearError, NOT_YOUR_TEAM)
  await removeFiles(db, asset.thumb_path ? [asset.path, asset.thumb_path] : [asset.path])
  return { id: asset.id, kind: asset.kind as MediaKind, usage }
}
