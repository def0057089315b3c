import 'server-only'
import { createServerClient } from '@supabase/ssr'
import { cookies } from 'next/headers'
import type { Database } from '@/lib/database.types'
import { publicEnv } from '@/lib/env'
import { serverRealtimeOptions } from './realtime-transport'

/**
 * A new client per request, acting as the signed-in user (RLS decides what it sees).
 * Never keep one in a module variable: it carries one visitor's cookies.
 */
export async function createClient() {
  const cookieStore = await cookies()
  const env = publicEnv()
  return createServerClient<Database>(env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY, {
    cookies: {
      getAll() {
        return cookieStore.getAll()
      },
      setAll(cookiesToSet) {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options)
        } catch {
          // Server Components cannot set cookies; proxy.ts refreshes the session on every request.
        }
      },
    },
    realtime: serverRealtimeOptions,
  })
}
