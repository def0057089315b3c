import 'server-only'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { fetchLibrary, type libraryFilterSchema } from './assets'
import type { z } from 'zod'

export type { LibraryAsset } from './assets'

/** One page of the team's library of one kind (signed URLs, where each asset is used). */
export async function listLibrary(teamId: string, filter: z.input<typeof libraryFilterSchema> = {}) {
  return fetchLibrary((await createClient()) as unknown as Db, teamId, filter)
}
