import { z } from 'zod'
import { FEEDBACK, FEEDBACK_KINDS, FEEDBACK_STATUSES } from '@/lib/constants'

/*
 * One set of schemas for the feedback dialog, the admin review form, their server actions and the
 * rows read back from the database. The table's checks say the same (20261125013000_feedback.sql).
 */

export const FEEDBACK_KIND_LABELS: Record<(typeof FEEDBACK_KINDS)[number], string> = {
  bug: 'Something is broken',
  idea: 'An idea',
  praise: 'Praise',
  other: 'Something else',
}

export const FEEDBACK_KIND_NAMES: Record<(typeof FEEDBACK_KINDS)[number], string> = {
  bug: 'Bug',
  idea: 'Idea',
  praise: 'Praise',
  other: 'Other',
}

export const FEEDBACK_STATUS_LABELS: Record<(typeof FEEDBACK_STATUSES)[number], string> = {
  new: 'New',
  reviewed: 'Reviewed',
  resolved: 'Resolved',
}

export const feedbackKindSchema = z.enum(FEEDBACK_KINDS, { error: 'Choose what kind of feedback this is.' })
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES, { error: 'Choose new, reviewed or resolved.' })

// one leading slash (never // or /\), no query, fragment, spaces, backslashes or control characters
const PATH_SHAPE = /^\/(?:[^/\\?#\s\u0000-\u001f\u007f][^\\?#\s\u0000-\u001f\u007f]*)?$/

/** A path on this site, as the browser's address bar shows it (the query and fragment left out). */
export function isSitePath(value: string): boolean {
  if (value.length > FEEDBACK.pagePathMax || !PATH_SHAPE.test(value)) return false
  const base = 'http://site.invalid'
  try {
    return new URL(value, base).origin === base
  } catch {
    return false
  }
}

export const pagePathSchema = z.string().refine(isSitePath, 'The page address could not be read. Reload the page and try again.')

const uuid = z.guid({ error: 'That id is not valid.' })

export const sendFeedbackSchema = z.object({
  kind: feedbackKindSchema,
  message: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(FEEDBACK.messageMax, `Keep the message to ${FEEDBACK.messageMax.toLocaleString('en-US')} characters.`),
  pagePath: pagePathSchema,
  /** the team whose page it was sent from */
  teamId: uuid.nullable().optional(),
})
export type SendFeedbackInput = z.input<typeof sendFeedbackSchema>

export const reviewFeedbackSchema = z.object({
  id: uuid,
  status: feedbackStatusSchema,
  note: z
    .string()
    .trim()
    .max(FEEDBACK.noteMax, `Keep the note to ${FEEDBACK.noteMax.toLocaleString('en-US')} characters.`)
    .optional()
    .default(''),
})
export type ReviewFeedbackInput = z.input<typeof reviewFeedbackSchema>

/** The admin list's URL: ?status=&kind=&page= — anything unknown falls back to "all" / page 1. */
export const feedbackFilterSchema = z.object({
  status: feedbackStatusSchema.optional().catch(undefined),
  kind: feedbackKindSchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
})
export type FeedbackFilter = z.output<typeof feedbackFilterSchema>

/** One row of admin_list_feedback(), checked before any page uses it. */
export const feedbackItemSchema = z.object({
  id: z.guid(),
  user_id: z.guid(),
  sender_name: z.string().nullable(),
  sender_email: z.string().nullable(),
  team_id: z.guid().nullable(),
  team_name: z.string().nullable(),
  kind: feedbackKindSchema,
  message: z.string(),
  page_path: z.string(),
  status: feedbackStatusSchema,
  admin_note: z.string().nullable(),
  reviewed_by: z.guid().nullable(),
  reviewer_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  total: z.coerce.number().int().nonnegative(),
})
export type FeedbackItem = Omit<z.output<typeof feedbackItemSchema>, 'total'>

export const reviewResultSchema = z.object({
  status: feedbackStatusSchema,
  admin_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
})
