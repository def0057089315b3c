import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import { trialThumbPath } from './paths'

/*
 * Trials are kept 7 days. `purge_expired_trials` (SQL, service key) deletes the projects nobody kept,
 * with their runs, and answers their files, together with the orphaned trial files (a render whose
 * run is gone, e.g. its project was deleted; a photo or thumbnail no project holds, a day after it
 * was stored; at most 1,000 a call); this removes those from storage. The render worker runs it
 * every hour (scripts/render-worker.ts); `npm run trials:purge` runs it once.
 */

const filesSchema = z.array(z.object({ bucket: z.enum(['media', 'renders']), path: z.string().min(1) }))
// what storage answers for each object it really removed (a path with no object is skipped)
const removedSchema = z.array(z.object({ name: z.string() }).passthrough())

/** Answers how many files storage removed (a derived thumbnail that was never made does not count). */
export async function purgeExpiredTrials(db: SupabaseClient<Database>): Promise<{ files: number }> {
  const { data, error } = await db.rpc('purge_expired_trials')
  if (error) throw new Error(`purging expired trials failed: ${error.message}`)
  const listed = filesSchema.parse(data ?? [])
  // each photo's thumbnail goes with it (its path follows from the photo's)
  const thumbs = listed.flatMap((f) => (f.bucket === 'media' && trialThumbPath(f.path) ? [{ bucket: 'media' as const, path: trialThumbPath(f.path)! }] : []))
  const files = [...listed, ...thumbs]
  let count = 0
  for (const bucket of ['media', 'renders'] as const) {
    const paths = [...new Set(files.filter((f) => f.bucket === bucket).map((f) => f.path))]
    for (let i = 0; i < paths.length; i += 100) {
      const removed = await db.storage.from(bucket).remove(paths.slice(i, i + 100))
      if (removed.error) throw new Error(`removing expired trial files failed: ${removed.error.message}`)
      count += removedSchema.parse(removed.data ?? []).length
    }
  }
  return { files: count }
}
