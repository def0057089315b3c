import 'server-only'
import { createClient } from '@/lib/supabase/server'
import type { Db } from '@/lib/listings/refusal'
import {
  fetchCreateVideoData,
  fetchEditorData,
  fetchListingVideos,
  fetchRecentVideos,
  fetchVideo,
} from './reads'

export type {
  CreateVideoData,
  EditorAgent,
  EditorAudio,
  EditorData,
  EditorPhoto,
  RecentVideo,
  VideoDetail,
  VideoSummary,
  VoiceOption,
} from './reads'

/*
 * Page-facing reads: the request's own session, so RLS decides what exists. The logic lives in
 * reads.ts (it takes a client) so the integration tests run the same code without Next.
 */

async function db(): Promise<Db> {
  return (await createClient()) as unknown as Db
}

/** The listing's videos, newest first (duration, first-scene thumbnail). */
export async function getListingVideos(teamId: string, listingId: string) {
  return fetchListingVideos(await db(), teamId, listingId)
}

/** The team's most recently changed videos with their listing's title. */
export async function getRecentVideos(teamId: string, limit = 6) {
  return fetchRecentVideos(await db(), teamId, limit)
}

/** The video with its listing and signed media URLs, or null: the page shows not-found. */
export async function getVideo(teamId: string, listingId: string, videoId: string) {
  return fetchVideo(await db(), teamId, listingId, videoId)
}

/** Everything the editor needs, or null: the page shows not-found. */
export async function getEditorData(teamId: string, listingId: string, videoId: string) {
  return fetchEditorData(await db(), teamId, listingId, videoId)
}

/** The create-video page's data, or null when the listing is not the team's. */
export async function getCreateVideoData(teamId: string, listingId: string) {
  return fetchCreateVideoData(await db(), teamId, listingId)
}
