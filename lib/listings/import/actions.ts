'use server'

import { MEDIA } from '@/lib/constants'
import { teamAction } from '@/lib/listings/guard'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse } from '@/lib/listings/refusal'
import { takePageRead } from './limits'
import { readListingPage } from './page'
import * as photos from './photos'

/*
 * Importing a listing from its page (issue 29), for a team: read the page into a draft of the form,
 * fetch its photos into the team's imports folder batch by batch, and adopt each into the listing
 * once the person saves it. Nothing is saved to the listing before the person saves the form.
 */

const read = teamAction(async (db, userId, teamId: unknown, input: unknown) => {
  const team = parseOrRefuse(idSchema, teamId)
  await photos.mustBeMember(db, team)
  await takePageRead(userId, team)
  return readListingPage(input, MEDIA.maxPhotosPerListing)
})
const stage = teamAction(photos.stageImportedPhotos)
const adopt = teamAction(photos.adoptImportedPhoto)

/** → the form's draft, the fields found and missing, and the page's photo addresses. */
export async function readListingPageForTeam(teamId: string, input: { url: string }) {
  return read(teamId, input)
}

/** Fetches up to four of the page's photos into the team's imports folder; each answers on its own. */
export async function stageListingPhotos(teamId: string, input: { urls: string[] }) {
  return stage(teamId, input)
}

/** Moves an imported photo into the saved listing and finishes it as an upload. */
export async function adoptListingPhoto(teamId: string, input: { path: string; listingId: string; caption: string | null }) {
  return adopt(teamId, input)
}
