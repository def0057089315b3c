import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { MEDIA } from '@/lib/constants'
import type { Database } from '@/lib/database.types'

/*
 * A listing page's photos that were fetched but never saved with a listing (the person left the
 * form) stay in {team}/imports/ for a day, then go (public.stale_import_files, service key). The
 * render worker runs this with the trial purge every hour; `npm run trials:purge` runs both once.
 */

const pathsSchema = z.array(z.object({ path: z.string().regex(/^[0-9a-f-]{36}\/imports\/[0-9a-f-]{36}\/[\w.-]{1,100}$/) }))
const removedSchema = z.array(z.object({ name: z.string() }).passthrough())

/** Answers how many staged photos storage removed. */
export async function purgeStaleImports(db: SupabaseClient<Database>): Promise<{ files: number }> {
  const { data, error } = await db.rpc('stale_import_files')
  if (error) throw new Error(`listing stale imported photos failed: ${error.message}`)
  const paths = pathsSchema.parse(data ?? []).map((row) => row.path)
  let files = 0
  for (let i = 0; i < paths.length; i += 100) {
    const removed = await db.storage.from(MEDIA.bucket).remove(paths.slice(i, i + 100))
    if (removed.error) throw new Error(`removing stale imported photos failed: ${removed.error.message}`)
    files += removedSchema.parse(removed.data ?? []).length
  }
  return { files }
}
