import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'

const rowSchema = z.object({ opted_out: z.boolean() }).nullable()

/**
 * The account's stored choice (false when never set), read with the person's own session or the
 * worker's service key. When it cannot be read the answer is "left out": a failed read must never
 * start tracking someone who said no.
 */
export async function readAccountOptOut(db: SupabaseClient<Database>, userId: string): Promise<boolean> {
  const { data, error } = await db.from('analytics_preferences').select('opted_out').eq('user_id', userId).maybeSingle()
  const row = rowSchema.safeParse(data)
  if (error || !row.success) {
    console.warn('[analytics] could not read the analytics preference; leaving this person out', error?.message ?? 'unexpected row')
    return true
  }
  return row.data?.opted_out ?? false
}
