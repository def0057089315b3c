import { z } from 'zod'
import { parseOrRefuse, refuse, type Db } from '@/lib/listings/refusal'
import {
  reviewResultSchema,
  reviewShowcaseSchema,
  SHOWCASE_ADMIN_PAGE_SIZE,
  SHOWCASE_REVIEW_STATES,
  submissionSchema,
  type ShowcaseFilter,
  type ShowcaseReviewState,
  type Submission,
} from './schema'

/*
 * The showcase review, taking a client (an administrator's session) so the page, the action and the
 * integration tests run the same code. Reading goes through the videos table (administrators may
 * read every team's videos, RLS); the review is public.review_showcase, which checks the admin flag
 * itself and writes the audit record.
 */

const COLUMNS = 'id, title, format, showcase, share_id, is_shared, thumbnail_path, updated_at, team_id, teams(name)'

export async function listSubmissions(db: Db, filter: ShowcaseFilter): Promise<{ items: Submission[]; total: number }> {
  const from = (filter.page - 1) * SHOWCASE_ADMIN_PAGE_SIZE
  const { data, error, count } = await db
    .from('videos')
    .select(COLUMNS, { count: 'exact' })
    .eq('showcase', filter.state)
    // the oldest waiting first (first come, first reviewed); reviewed ones newest first
    .order('updated_at', { ascending: filter.state === 'submitted' })
    .order('id')
    .range(from, from + SHOWCASE_ADMIN_PAGE_SIZE - 1)
  if (error) refuse(error)
  return { items: z.array(submissionSchema).parse(data ?? []), total: count ?? 0 }
}

export async function countSubmissions(db: Db): Promise<Record<ShowcaseReviewState, number>> {
  const counts = await Promise.all(
    SHOWCASE_REVIEW_STATES.map(async (state) => {
      const { count, error } = await db.from('videos').select('id', { count: 'exact', head: true }).eq('showcase', state)
      if (error) refuse(error)
      return [state, count ?? 0] as const
    }),
  )
  return Object.fromEntries(counts) as Record<ShowcaseReviewState, number>
}

/** Approve (shown on /showcase) or decline one submission; answers the new state. */
export async function reviewShowcase(db: Db, raw: unknown): Promise<{ videoId: string; state: 'approved' | 'rejected' }> {
  const input = parseOrRefuse(reviewShowcaseSchema, raw)
  const { data, error } = await db.rpc('review_showcase', { p_video_id: input.videoId, p_approve: input.approve })
  if (error) refuse(error, 'Only site administrators review the showcase.')
  return { videoId: input.videoId, state: reviewResultSchema.parse(data) }
}
