import { z } from 'zod'
import { FEEDBACK, FEEDBACK_STATUSES, type FeedbackKind, type FeedbackStatus } from '@/lib/constants'
import type { Db } from '@/lib/listings/refusal'
import { feedbackFilterSchema, feedbackItemSchema, type FeedbackFilter, type FeedbackItem } from './schema'

/*
 * Administrators' reads. They take the caller's client (an admin's own session: the database
 * refuses anyone else), so pages and the integration tests run the same code. Rows are parsed with
 * their schema before anything shows them.
 */

export type { FeedbackItem } from './schema'

interface ListArgs {
  status?: FeedbackStatus
  kind?: FeedbackKind
  userId?: string
  limit: number
  offset: number
}

async function fetchPage(db: Db, args: ListArgs): Promise<{ items: FeedbackItem[]; total: number | null }> {
  const { data, error } = await db.rpc('admin_list_feedback', {
    p_status: args.status,
    p_kind: args.kind,
    p_user_id: args.userId,
    p_limit: args.limit,
    p_offset: args.offset,
  })
  if (error) throw new Error(`Could not load feedback: ${error.message}`)
  const rows = z.array(feedbackItemSchema).parse(data ?? [])
  // the total rides on every row; a page past the end has none to carry it
  return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? null }
}

/** One page of every person's feedback, newest first, with the filter as the URL gave it. */
export async function listFeedback(db: Db, rawFilter: unknown = {}) {
  const filter: FeedbackFilter = feedbackFilterSchema.parse(rawFilter)
  const page = await fetchPage(db, {
    status: filter.status,
    kind: filter.kind,
    limit: FEEDBACK.pageSize,
    offset: (filter.page - 1) * FEEDBACK.pageSize,
  })
  return { ...page, filter }
}

/**
 * One person's feedback, newest first (the admin user page). `total` is how many they sent in all,
 * so the page can say "showing 10 of 14".
 */
export async function listFeedbackForUser(db: Db, userId: string, limit = 10): Promise<{ items: FeedbackItem[]; total: number }> {
  const page = await fetchPage(db, { userId, limit: Math.min(Math.max(limit, 1), 100), offset: 0 })
  return { items: page.items, total: page.total ?? 0 }
}

/** How many messages each status holds (within a kind, when one is chosen), and all of them. */
export async function countFeedbackByStatus(db: Db, kind?: FeedbackKind): Promise<Record<FeedbackStatus | 'all', number>> {
  const counts = await Promise.all(
    FEEDBACK_STATUSES.map(async (status) => {
      let query = db.from('feedback').select('id', { count: 'exact', head: true }).eq('status', status)
      if (kind) query = query.eq('kind', kind)
      const { count, error } = await query
      if (error) throw new Error(`Could not count feedback: ${error.message}`)
      return [status, count ?? 0] as const
    }),
  )
  const byStatus = Object.fromEntries(counts) as Record<FeedbackStatus, number>
  return { ...byStatus, all: counts.reduce((sum, [, n]) => sum + n, 0) }
}
