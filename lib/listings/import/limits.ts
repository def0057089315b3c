import 'server-only'
import { MEDIA } from '@/lib/constants'
import { takeLimit } from '@/lib/security/limit'

/*
 * What one import may cost, and how many a person and a team may start. A listing page is one
 * fetch; its photos are up to MEDIA.maxPhotosPerListing more, each at most an upload's size.
 * The counts stop a script from using the server as a crawler (docs/listing-import.md).
 */

export const IMPORT = {
  pageBytes: 4 * 1024 * 1024,
  pageMs: 12_000,
  photoBytes: MEDIA.maxBytes,
  photoMs: 20_000,
  /** photos fetched per server call: the browser asks batch after batch, showing each photo's state */
  photosPerCall: 4,
  /** the smallest side a photo may have: icons and thumbnails make poor video frames */
  photoMinSide: 320,
  pagesPerAccount: { max: 30, windowSeconds: 60 * 60 },
  pagesPerTeam: { max: 100, windowSeconds: 60 * 60 },
  photosPerTeam: { max: 1_000, windowSeconds: 60 * 60 },
} as const

const TOO_MANY_PAGES = 'Too many listing pages read at once.'
const TOO_MANY_PHOTOS = 'Too many photos fetched at once.'

/** One page read, counted against the person and (when there is one) the team. */
export async function takePageRead(userId: string, teamId: string | null): Promise<void> {
  await takeLimit(`listingImportPages:${userId}`, IMPORT.pagesPerAccount, TOO_MANY_PAGES)
  if (teamId) await takeLimit(`listingImportTeamPages:${teamId}`, IMPORT.pagesPerTeam, TOO_MANY_PAGES)
}

/** `count` photo fetches for a team (a trial visitor counts as their own team). */
export async function takePhotoFetches(owner: string, count: number): Promise<void> {
  await takeLimit(`listingImportPhotos:${owner}`, IMPORT.photosPerTeam, TOO_MANY_PHOTOS, count)
}
