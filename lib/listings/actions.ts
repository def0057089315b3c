'use server'

import { revalidatePath } from 'next/cache'
import type { ListingStatus } from '@/lib/constants'
import { teamAction } from './guard'
import type { ListingInput } from './schema'
import * as writes from './writes'

/*
 * Server actions for listings. Each returns { ok: true, data } or { ok: false, error, fieldErrors };
 * the checks themselves live in writes.ts (shared schema, RLS as the signed-in user).
 */

function refresh(teamId: string) {
  revalidatePath(`/dashboard/${teamId}/props`, 'layout')
}

const create = teamAction(writes.createListing)
const update = teamAction(writes.updateListing)
const status = teamAction(writes.setListingStatus)
const remove = teamAction(writes.deleteListing)
const reorder = teamAction(writes.reorderPhotos)
const cover = teamAction(writes.setCover)
const caption = teamAction(writes.updateCaption)

export async function createListing(teamId: string, input: ListingInput) {
  const result = await create(teamId, input)
  if (result.ok) refresh(teamId)
  return result
}

export async function updateListing(teamId: string, listingId: string, input: ListingInput) {
  const result = await update(teamId, listingId, input)
  if (result.ok) refresh(teamId)
  return result
}

export async function setListingStatus(teamId: string, listingId: string, next: ListingStatus) {
  const result = await status(teamId, listingId, next)
  if (result.ok) refresh(teamId)
  return result
}

export async function deleteListing(teamId: string, listingId: string) {
  const result = await remove(teamId, listingId)
  if (result.ok) refresh(teamId)
  return result
}

export async function reorderPhotos(teamId: string, listingId: string, assetIds: string[]) {
  const result = await reorder(teamId, listingId, assetIds)
  if (result.ok) refresh(teamId)
  return result
}

/** `assetId` null goes back to "the first photo is the cover". */
export async function setCover(teamId: string, listingId: string, assetId: string | null) {
  const result = await cover(teamId, listingId, assetId)
  if (result.ok) refresh(teamId)
  return result
}

export async function updateCaption(teamId: string, assetId: string, text: string | null) {
  const result = await caption(teamId, assetId, text)
  if (result.ok) refresh(teamId)
  return result
}
