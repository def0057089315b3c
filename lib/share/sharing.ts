import { z } from 'zod'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, type Db } from '@/lib/listings/refusal'

/*
 * Sharing a video and submitting it to the showcase, as the signed-in member. The SQL functions
 * (set_video_shared, set_video_showcase) check membership and the rules themselves; this parses the
 * input first so a bad request never reaches them.
 */

export const shareRequestSchema = z.object({ shared: z.boolean({ message: 'Say whether to share the video.' }) })
export const showcaseRequestSchema = z.object({ submit: z.boolean({ message: 'Say whether to submit the video.' }) })

export async function setShared(db: Db, _userId: string, teamId: unknown, videoId: unknown, input: unknown): Promise<{ shareId: string; shared: boolean }> {
  parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const { shared } = parseOrRefuse(shareRequestSchema, input)
  const { data, error } = await db.rpc('set_video_shared', { p_video_id: id, p_shared: shared })
  if (error) refuse(error)
  return { shareId: data as string, shared }
}

export async function setShowcase(db: Db, _userId: string, teamId: unknown, videoId: unknown, input: unknown): Promise<{ showcase: string }> {
  parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const { submit } = parseOrRefuse(showcaseRequestSchema, input)
  const { data, error } = await db.rpc('set_video_showcase', { p_video_id: id, p_submit: submit })
  if (error) refuse(error)
  return { showcase: data as string }
}
