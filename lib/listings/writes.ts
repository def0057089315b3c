import { MEDIA } from '@/lib/constants'
import type { TablesInsert } from '@/lib/database.types'
import { NOT_FOUND, mustHaveRows, parseOrRefuse, refuse, Refusal, type Db } from './refusal'
import {
  captionSchema,
  idSchema,
  listingSchema,
  listingStatusSchema,
  photoOrderSchema,
  type ListingValues,
} from './schema'

/*
 * Listing writes, as the signed-in user: RLS decides the team, the schema the values. Each takes the
 * raw input and parses it here, so the action and the integration tests run exactly the same checks.
 * Every update asks for the changed row back: a write RLS filters out is silent in PostgREST.
 */

const NOT_YOUR_TEAM = 'You can only change listings of a team you belong to.'

function teamIdOf(raw: unknown): string {
  return parseOrRefuse(idSchema, raw)
}

/** The form's names to the table's columns. */
export function listingRow(v: ListingValues): Omit<TablesInsert<'listings'>, 'team_id'> {
  return {
    status: v.status,
    offer: v.offer,
    rent_period: v.rentPeriod,
    property_type: v.propertyType,
    title: v.title,
    address_line: v.addressLine,
    city: v.city,
    region: v.region,
    postal_code: v.postalCode,
    country: v.country,
    price: v.price,
    currency: v.currency,
    bedrooms: v.bedrooms,
    bathrooms: v.bathrooms,
    floor_area: v.floorArea,
    area_unit: v.areaUnit,
    year_built: v.yearBuilt,
    description: v.description,
    features: v.features,
    agent_id: v.agentId,
  }
}

export async function createListing(db: Db, _userId: string, teamId: unknown, input: unknown) {
  const team = teamIdOf(teamId)
  const values = parseOrRefuse(listingSchema, input)
  const { data, error } = await db
    .from('listings')
    .insert({ team_id: team, ...listingRow(values) })
    .select('id')
    .single()
  if (error) refuse(error, 'You can only add listings to a team you belong to.')
  return { id: data.id }
}

export async function updateListing(db: Db, _userId: string, teamId: unknown, listingId: unknown, input: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, listingId)
  const values = parseOrRefuse(listingSchema, input)
  const { data, error } = await db.from('listings').update(listingRow(values)).eq('id', id).eq('team_id', team).select('id')
  if (error) refuse(error, NOT_YOUR_TEAM)
  mustHaveRows(data, NOT_FOUND)
  return { id }
}

export async function setListingStatus(db: Db, _userId: string, teamId: unknown, listingId: unknown, status: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, listingId)
  const next = parseOrRefuse(listingStatusSchema, status)
  const { data, error } = await db.from('listings').update({ status: next }).eq('id', id).eq('team_id', team).select('id, status')
  if (error) refuse(error, NOT_YOUR_TEAM)
  return { id, status: mustHaveRows(data, NOT_FOUND)[0].status }
}

/**
 * Deletes the listing; its media rows go with it (cascade), then their files. Files are removed
 * after the rows so a failure leaves an unreferenced file rather than a listing with broken photos.
 */
export async function deleteListing(db: Db, _userId: string, teamId: unknown, listingId: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, listingId)
  const { data: assets, error: assetsError } = await db
    .from('media_assets')
    .select('path, thumb_path')
    .eq('listing_id', id)
    .eq('team_id', team)
  if (assetsError) refuse(assetsError, NOT_YOUR_TEAM)
  const { data, error } = await db.from('listings').delete().eq('id', id).eq('team_id', team).select('id')
  if (error) refuse(error, NOT_YOUR_TEAM)
  mustHaveRows(data, NOT_FOUND)
  const files = assets.flatMap((a) => (a.thumb_path ? [a.path, a.thumb_path] : [a.path]))
  const removedFiles = await removeFiles(db, files)
  return { id, removedFiles }
}

/** Best effort: an unreferenced file is invisible and harmless; the person's delete already happened. */
export async function removeFiles(db: Db, paths: string[]): Promise<number> {
  if (!paths.length) return 0
  const { data, error } = await db.storage.from(MEDIA.bucket).remove(paths)
  if (error) {
    console.error('[media] could not remove files', paths, error.message)
    return 0
  }
  return data.length
}

export async function reorderPhotos(db: Db, _userId: string, teamId: unknown, listingId: unknown, assetIds: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, listingId)
  const order = parseOrRefuse(photoOrderSchema, assetIds)
  await mustSeeListing(db, team, id)
  const { error } = await db.rpc('reorder_listing_photos', { p_listing_id: id, p_asset_ids: order })
  if (error) refuse(error, NOT_YOUR_TEAM)
  return { id, order }
}

/** Chooses the cover among the listing's photos; null goes back to "the first photo". */
export async function setCover(db: Db, _userId: string, teamId: unknown, listingId: unknown, assetId: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, listingId)
  const cover = assetId === null ? null : parseOrRefuse(idSchema, assetId)
  const { data, error } = await db
    .from('listings')
    .update({ cover_asset_id: cover })
    .eq('id', id)
    .eq('team_id', team)
    .select('id, cover_asset_id')
  if (error) refuse(error, NOT_YOUR_TEAM)
  return { id, coverAssetId: mustHaveRows(data, NOT_FOUND)[0].cover_asset_id }
}

export async function updateCaption(db: Db, _userId: string, teamId: unknown, assetId: unknown, caption: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, assetId)
  const text = parseOrRefuse(captionSchema, caption)
  const { data, error } = await db.from('media_assets').update({ caption: text }).eq('id', id).eq('team_id', team).select('id, caption')
  if (error) refuse(error, NOT_YOUR_TEAM)
  return { id, caption: mustHaveRows(data, 'That photo no longer exists.')[0].caption }
}

export async function mustSeeListing(db: Db, teamId: string, listingId: string) {
  const { data, error } = await db.from('listings').select('id').eq('id', listingId).eq('team_id', teamId).maybeSingle()
  if (error) refuse(error, NOT_YOUR_TEAM)
  if (!data) throw new Refusal(NOT_FOUND)
  return data
}
