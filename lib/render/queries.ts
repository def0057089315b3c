import 'server-only'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { fetchRenderRuns } from './queue'

/** The video's render runs as the signed-in user (RLS: the team's), with signed URLs of finished files. */
export async function getRenderRuns(teamId: string, videoId: string) {
  return fetchRenderRuns((await createClient()) as unknown as Db, teamId, videoId)
}
