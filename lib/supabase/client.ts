import { createBrowserClient } from '@supabase/ssr'
import type { Database } from '@/lib/database.types'
import { publicEnv } from '@/lib/env'

/** The browser client: the signed-in user's session lives in cookies shared with the server. */
export function createClient() {
  const env = publicEnv()
  return createBrowserClient<Database>(env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY)
}
