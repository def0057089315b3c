import 'server-only'
import { createClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import { serverEnv } from '@/lib/env'
import { serverRealtimeOptions } from './realtime-transport'

/**
 * The service-role client: bypasses RLS. Only for work no user session can do (admin tools,
 * webhooks, the render worker); each caller says why. Built per call, never at module level.
 */
export function createAdminClient() {
  const env = serverEnv()
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set (required with a hosted Supabase project)')
  }
  return createClient<Database>(env.NEXT_PUBLIC_SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: serverRealtimeOptions,
  })
}
