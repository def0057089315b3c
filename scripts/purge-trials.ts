// Removes expired trial projects (older than 7 days, not kept), their runs and their files, and the
// orphaned trial files (a deleted project's render and photos), and a listing page's imported photos
// never saved with a listing (a day old), once.
// The render worker does this every hour; this is for a box without a worker, or by hand.
// Needs NEXT_PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the local stand-in's are the default).
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Database } from '../lib/database.types'
import { serverEnv } from '../lib/env'
import { purgeStaleImports } from '../lib/listings/import/purge'
import { purgeExpiredTrials } from '../lib/trials/purge'

async function main() {
  const env = serverEnv()
  if (!env.SUPABASE_SERVICE_ROLE_KEY) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set')
  const db = createClient<Database>(env.NEXT_PUBLIC_SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  const { files } = await purgeExpiredTrials(db)
  console.log(`purged expired and orphaned trial files: ${files} removed`)
  const imports = await purgeStaleImports(db)
  console.log(`purged imported photos never saved with a listing: ${imports.files} removed`)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
