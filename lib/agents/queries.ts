import 'server-only'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { fetchAgents } from './logic'

export type { AgentRow } from './logic'

/** The team's agents for pages (RLS: members only), with signed image URLs and listing counts. */
export async function listAgents(teamId: string) {
  return fetchAgents((await createClient()) as unknown as Db, teamId)
}
