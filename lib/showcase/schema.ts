import { z } from 'zod'
import { VIDEO_FORMAT_IDS } from '@/remotion/constants'

/* The administrators' showcase review (/admin/showcase): shared by the browser and the server. */

export const SHOWCASE_REVIEW_STATES = ['submitted', 'approved', 'rejected'] as const
export type ShowcaseReviewState = (typeof SHOWCASE_REVIEW_STATES)[number]
export const SHOWCASE_STATE_LABELS: Record<ShowcaseReviewState, string> = {
  submitted: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Declined',
}
export const SHOWCASE_ADMIN_PAGE_SIZE = 20

/** `?state=&page=`: an unknown state means the waiting ones (what an editor opens the page for). */
export const showcaseFilterSchema = z.object({
  state: z.enum(SHOWCASE_REVIEW_STATES).catch('submitted').default('submitted'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
})
export type ShowcaseFilter = z.output<typeof showcaseFilterSchema>

export const reviewShowcaseSchema = z.object({
  videoId: z.uuid({ error: 'Choose a video to review.' }),
  approve: z.boolean({ error: 'Say whether to approve the video.' }),
})

/** One submission as the admin list shows it (read back from the database, parsed before use). */
export const submissionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  format: z.enum(VIDEO_FORMAT_IDS),
  showcase: z.enum(SHOWCASE_REVIEW_STATES),
  share_id: z.string().nullable(),
  is_shared: z.boolean(),
  thumbnail_path: z.string().nullable(),
  updated_at: z.string(),
  team_id: z.uuid(),
  teams: z.object({ name: z.string() }).nullable(),
})
export type Submission = z.output<typeof submissionSchema>

export const reviewResultSchema = z.enum(['approved', 'rejected'])
