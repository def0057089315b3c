import 'server-only'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { fetchRenderRuns } from './queue'

/** The video's render runs as the signed-in user (RLS: the team's), with signed URLs of finished files. */
export async function getRenderRuns(teamId: string, videoId: string) {
  return fetchRenderRuns((await createClient()) as unknown as Db, teamId, videoId)
}

export type RecentRun = { id: string; status: string; codec: string; createdAt: string; videoTitle: string; href: string }

/** The team's latest runs for the team home, with their video's title and page. */
export async function getRecentRuns(teamId: string, limit = 5): Promise<RecentRun[]> {
  const supabase = await createClient()
  const { data, error } = await supabase
    .from('render_runs')
    .select('id, status, codec, created_at, video_id, videos(title, listing_id)')
    .eq('team_id', teamId)
    .order('created_at', { ascending: false })
    .limit(limit)
  if (error) throw new Error(`Could not load the renders: ${error.message}`)
  return data.flatMap((r) => {
    const video = r.videos as { title: string; listing_id: string } | null
    if (!video || !r.video_id) return []
    return [{ id: r.id, status: r.status, codec: r.codec, createdAt: r.created_at, videoTitle: video.title, href: `/dashboard/${teamId}/props/${video.listing_id}/${r.video_id}` }]
  })
}
