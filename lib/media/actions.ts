'use server'

import { revalidatePath } from 'next/cache'
import { teamAction } from '@/lib/listings/guard'
import * as assets from './assets'
import type { FinalizeUploadInput, PrepareUploadInput } from './kinds'
import * as upload from './upload'

/*
 * Media server actions. An upload is prepareUpload → PUT the bytes to the signed URL with
 * `contentType` as the content-type header → finalizeUpload, which judges the stored bytes.
 */

function refresh(teamId: string) {
  revalidatePath(`/dashboard/${teamId}`, 'layout')
}

const prepare = teamAction(upload.prepareUpload)
const finalize = teamAction(upload.finalizeUpload)
const rename = teamAction(assets.renameAsset)
const remove = teamAction(assets.deleteAsset)
const usage = teamAction((db, _userId, teamId: unknown, assetId: unknown) => assets.assetUsage(db, teamId, assetId))

/** → { path, token, signedUrl, contentType } after the size, kind and 40-photo checks. */
export async function prepareUpload(teamId: string, input: PrepareUploadInput) {
  return prepare(teamId, input)
}

/** → the media_assets row (id, path, thumb_path, mime, width, height…); refused files are deleted. */
export async function finalizeUpload(teamId: string, input: FinalizeUploadInput) {
  const result = await finalize(teamId, input)
  if (result.ok) refresh(teamId)
  return result
}

export async function renameAsset(teamId: string, assetId: string, name: string) {
  const result = await rename(teamId, assetId, name)
  if (result.ok) refresh(teamId)
  return result
}

/** Where the asset is used (for the warning before deleting it). */
export async function getAssetUsage(teamId: string, assetId: string) {
  return usage(teamId, assetId)
}

/** Deletes the asset and its files; `usage` says what it was used for. */
export async function deleteAsset(teamId: string, assetId: string) {
  const result = await remove(teamId, assetId)
  if (result.ok) refresh(teamId)
  return result
}
