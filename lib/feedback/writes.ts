import { parseOrRefuse, refuse, type Db } from '@/lib/listings/refusal'
import { reviewFeedbackSchema, reviewResultSchema, sendFeedbackSchema } from './schema'

/*
 * The two feedback writes, taking a client so the server actions and the integration tests run the
 * same code. Both parse their input with the shared schema; the database checks everything again
 * (RLS, the table's checks, the hourly limit, the admin check) and its sentences reach the person.
 */

const NOT_YOUR_TEAM = 'You can send feedback only from a team you belong to.'

/** Stores the signed-in person's message; answers its id. */
export async function sendFeedback(db: Db, userId: string, raw: unknown): Promise<{ id: string }> {
  const input = parseOrRefuse(sendFeedbackSchema, raw)
  // named here rather than read back: the row's note columns are not the sender's to select
  const id = crypto.randomUUID()
  const { error } = await db
    .from('feedback')
    .insert({ id, user_id: userId, team_id: input.teamId ?? null, kind: input.kind, message: input.message, page_path: input.pagePath })
  if (error) refuse(error, NOT_YOUR_TEAM)
  return { id }
}

/** An administrator sets the status and the internal note (empty clears it); audited in SQL. */
export async function reviewFeedback(db: Db, raw: unknown) {
  const input = parseOrRefuse(reviewFeedbackSchema, raw)
  const { data, error } = await db.rpc('admin_update_feedback', { p_id: input.id, p_status: input.status, p_note: input.note })
  if (error) refuse(error, 'Only site administrators review feedback.')
  const [row] = data ?? []
  return reviewResultSchema.parse(row)
}
