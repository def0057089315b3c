import 'server-only'
import { createClient } from '@/lib/supabase/server'
import type { Db } from './refusal'
import { fetchListing, fetchListings } from './reads'
import type { ListingFilterInput } from './schema'

export type { ListingDetail, ListingListRow, MediaWithUrls, AgentWithUrls } from './reads'

/*
 * Page-facing reads: the request's own session, so RLS decides what exists. The logic lives in
 * reads.ts (it takes a client) so the integration tests run the same code without Next.
 */

async function db(): Promise<Db> {
  return (await createClient()) as unknown as Db
}

/** One page of the team's listings (cover thumbnail URL, video count) and the total. */
export async function listListings(teamId: string, filter: ListingFilterInput = {}) {
  return fetchListings(await db(), teamId, filter)
}

/** The listing with agent and ordered photos (signed URLs), or null: the page shows not-found. */
export async function getListing(teamId: string, listingId: string) {
  return fetchListing(await db(), teamId, listingId)
}

/** Whether the team has this listing (visible to the user): the 404 check above the loading skeletons. */
export async function listingExists(teamId: string, listingId: string): Promise<boolean> {
  const { data, error } = await (await createClient()).from('listings').select('id').eq('team_id', teamId).eq('id', listingId).maybeSingle()
  if (error) throw new Error(`Could not load the listing: ${error.message}`)
  return Boolean(data)
}
